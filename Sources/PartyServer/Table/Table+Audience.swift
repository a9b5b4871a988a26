import PartyKit
import PartyWire

/// The audience: everyone who watches a game (a room's members who do not play it, spectators)
/// predicts who wins it; the split is sent live to every client that asked for it, and a right
/// prediction scores (on the party scoreboard, or for a spectator on the spectators' board).
/// The game never learns of it: predictions are by seat, and a team's seat stands for the team.
extension Table {
    /// The split goes out at most this often while predictions come in.
    static let predictionBroadcastMilliseconds: Int64 = 250
    /// The spectators' board lists at most this many lines.
    static let boardLines = 10

    // MARK: Opening and closing

    /// A game started: predictions open for it when it has two seats or more.
    mutating func openPredictions() {
        changePlay { $0.predictions = nil }
        guard let running = game, seatsInGame.count >= 2 else { return }
        let predictions = AudiencePredictions(game: running.number, closesAt: now.adding(milliseconds: options.predictionMilliseconds))
        changePlay { $0.predictions = predictions }
        sendPredictions()
    }

    /// A move was played: predictions close (the first move closes them).
    mutating func closePredictions() {
        guard changePlay({ $0.predictions?.close() ?? false }) == true else { return }
        sendPredictions()
    }

    /// The clock: predictions close when their time is up, and a changed split goes out.
    mutating func predictionsTick() {
        guard phase == .playing, let open = predictions else { return }
        if open.isOpen, open.closesAt <= now { return closePredictions() }
        if play?.predictionsChanged == true,
           now.milliseconds(since: play?.lastPredictionsBroadcast ?? .zero) >= Self.predictionBroadcastMilliseconds {
            sendPredictions()
        }
    }

    // MARK: Predicting

    /// A `predict` from a player at the table (only one who watches the game may) or a spectator.
    /// A spectator's `spectatorName` names their line on the spectators' board.
    mutating func predict(_ envelope: Envelope, from peer: Int, as predictor: Predictor?, display: Bool = false, spectatorName: String? = nil) {
        guard let message = decode(Predict.self, envelope, for: peer) else { return }
        guard message.watcher == nil else {
            return send(ErrorMessage(.notARelay, inReplyTo: envelope.seq), to: peer)
        }
        predict(message, seq: envelope.seq, from: peer, as: predictor, display: display, spectatorName: spectatorName)
    }

    /// A `predict` from a relay (another node of the fleet) for one of its watchers: counted once
    /// for that watcher, answered to the relay with the watcher's number.
    mutating func relayedPredict(_ envelope: Envelope, from relay: Int) {
        guard let message = decode(Predict.self, envelope, for: relay) else { return }
        guard let watcher = message.watcher else {
            let missing = WireError.invalidFields(type: envelope.type.rawValue, detail: "missing field \"watcher\"")
            return send(ErrorMessage(.malformed(missing), inReplyTo: envelope.seq), to: relay)
        }
        let cleaned = NameCleaner.clean(message.name ?? "")
        predict(message, seq: envelope.seq, from: relay, as: .relayed(relay: relay, watcher: watcher),
                spectatorName: cleaned.isEmpty ? "Spectator" : cleaned, watcher: watcher)
    }

    /// Judges `message` from `predictor` on connection `peer` (for a relay's `watcher`, the answer
    /// names them).
    mutating func predict(_ message: Predict, seq: Int, from peer: Int, as predictor: Predictor?, display: Bool = false,
                          spectatorName: String? = nil, watcher: Int? = nil) {
        do throws(PredictionRejection) {
            if display { throw .display }
            guard let predictor else { throw .playing }
            guard phase == .playing, game != nil, var open = predictions else { throw .nothingToPredict }
            try open.predict(predictor, seat: message.seat, seats: seatsInGame, name: predictionSeatName)
            changePlay { $0.predictions = open }
            changePlay { $0.predictionsChanged = true }
            send(PredictionMessage(game: open.game, seat: message.seat, name: predictionSeatName(message.seat),
                                   message: "You said \(predictionSeatName(message.seat)).", watcher: watcher), to: peer)
            switch predictor {
            case .spectator, .relayed:
                spectatorBoard[predictor, default: SpectatorScore(name: spectatorName ?? "Spectator")].made += 1
            case .member:
                break
            }
            predictionsTick()
        } catch {
            var answer = ErrorMessage(.prediction(error), inReplyTo: seq)
            answer.watcher = watcher
            send(answer, to: peer)
        }
    }

    /// A relay's count of its watchers: they count in `lobby.spectators` from the next lobby.
    mutating func audience(_ envelope: Envelope, from spectator: Spectator) {
        guard spectator.isRelay, let index = spectatorIndex[spectator.peer] else {
            return send(ErrorMessage(.notARelay, inReplyTo: envelope.seq), to: spectator.peer)
        }
        guard let message = decode(AudienceMessage.self, envelope, for: spectator.peer) else { return }
        guard (0...Self.relayAudienceLimit).contains(message.count) else {
            let wrong = WireError.invalidFields(type: envelope.type.rawValue, detail: "\"count\" must be from 0 to \(Self.relayAudienceLimit)")
            return send(ErrorMessage(.malformed(wrong), inReplyTo: envelope.seq), to: spectator.peer)
        }
        relays.audience += message.count - spectators[index].audience
        spectators[index].audience = message.count
        spectatorsChanged = true
    }

    /// The most watchers one relay may say it serves.
    static let relayAudienceLimit = 1_000_000

    /// Who a player is as a predictor: a member who watches the game, or nil for one who plays it.
    func predictor(player index: Int) -> Predictor? {
        let player = players[index]
        guard phase == .playing else { return .member(player.member) }
        return player.watching || !seatsInGame.contains(player.seat) ? .member(player.member) : nil
    }

    /// The name of `seat` in the running game (a team's name for a team).
    func predictionSeatName(_ seat: Int) -> String {
        if let team = teamNames[seat] { return team }
        return players.first { $0.seat == seat && !$0.watching }?.name ?? "Seat \(seat + 1)"
    }

    // MARK: Settling

    /// The game ended with `outcome`: each prediction is judged, right ones score (members on the
    /// party scoreboard, spectators on their board), and everyone who asked is told.
    mutating func settlePredictions(_ outcome: GameOutcome) {
        guard let open = predictions else { return }
        changePlay { $0.predictions = nil }
        let winners = Set(outcome.winners.map(\.index))
        let points = options.predictionPoints
        // Looked up once: a large audience is judged in one pass.
        let memberPeers = Dictionary(players.filter(\.connected).map { ($0.member, $0.peer) }, uniquingKeysWith: { first, _ in first })
        let spectatorPeers = Set(spectators.map(\.peer))
        // Everyone who said the same seat gets the same answer: encoded once per seat.
        var told: [Int: [Int]] = [:]
        for pick in open.picks {
            let right = winners.contains(pick.seat)
            let earned = right ? points : 0
            switch pick.predictor {
            case .member(let member):
                room?.awardPrediction(earned, to: member)
                if let peer = memberPeers[member] { told[pick.seat, default: []].append(peer) }
            case .spectator(let id):
                if right {
                    spectatorBoard[pick.predictor]?.points += earned
                    spectatorBoard[pick.predictor]?.right += 1
                }
                if spectatorPeers.contains(id) { told[pick.seat, default: []].append(id) }
            case .relayed(let relay, let watcher):
                if right {
                    spectatorBoard[pick.predictor]?.points += earned
                    spectatorBoard[pick.predictor]?.right += 1
                }
                // One message per watcher who predicted (each names its watcher), to their relay.
                if spectatorPeers.contains(relay) {
                    let name = predictionSeatName(pick.seat)
                    send(PredictionMessage(game: open.game, seat: pick.seat, name: name, right: right, points: earned,
                                           message: right ? "You said \(name) — right! +\(earned)" : "You said \(name) — not this time.",
                                           watcher: watcher), to: relay)
                }
            }
        }
        for seat in told.keys.sorted() {
            let right = winners.contains(seat)
            let earned = right ? points : 0
            let name = predictionSeatName(seat)
            sendMany(PredictionMessage(game: open.game, seat: seat, name: name, right: right, points: earned,
                                       message: right ? "You said \(name) — right! +\(earned)" : "You said \(name) — not this time."),
                     to: told[seat] ?? [])
        }
        sendPredictions(open, winners: outcome.winners.map(\.index))
    }

    // MARK: Telling

    /// Sends the split to every client that asked for it (spectators get the board when settled).
    mutating func sendPredictions() {
        guard let open = predictions else { return }
        sendPredictions(open, winners: nil)
    }

    mutating func sendPredictions(_ open: AudiencePredictions, winners: [Int]?) {
        changePlay { $0.predictionsChanged = false }
        let now = self.now
        changePlay { $0.lastPredictionsBroadcast = now }
        let message = predictionsMessage(open, winners: winners)
        // Encoded once for everyone who asked (ten thousand spectators split by one encoding).
        sendMany(message, to: players.filter { $0.connected && $0.wantsPredictions }.map(\.peer))
        let withBoard = winners == nil ? message : {
            var copy = message
            copy.board = boardLines()
            return copy
        }()
        sendToSpectators(withBoard, including: \.wantsPredictions)
    }

    /// Sends one client (a newcomer, a reconnection) where the predictions stand.
    mutating func sendPredictions(to peer: Int) {
        guard let open = predictions else { return }
        send(predictionsMessage(open, winners: nil), to: peer)
    }

    /// The `predictions` message for `open` (`winners` once the game is over).
    func predictionsMessage(_ open: AudiencePredictions, winners: [Int]?) -> PredictionsMessage {
        let seats = seatsInGame.union(open.votes.keys).sorted()
        let choices = seats.map { seat in
            let votes = open.votes[seat] ?? 0
            return PredictionChoice(seat: seat, name: predictionSeatName(seat), votes: votes, percent: open.percent(votes))
        }
        let state = winners != nil ? "settled" : open.isOpen ? "open" : "closed"
        let closes = open.isOpen && winners == nil ? max(0, open.closesAt.milliseconds(since: now)) : nil
        return PredictionsMessage(game: open.game, state: state, choices: choices, total: open.total, closesMs: closes,
                                  points: options.predictionPoints, winners: winners, message: Self.splitLine(choices, total: open.total, state: state, winners: winners))
    }

    /// The split for people: `62 % think Bob wins (5 of 8)`, `Bob won: 5 of 8 said so`.
    static func splitLine(_ choices: [PredictionChoice], total: Int, state: String, winners: [Int]?) -> String {
        if let winners {
            let won = choices.filter { winners.contains($0.seat) }
            guard !won.isEmpty else { return "Nobody won: no prediction was right." }
            let names = PartyRoom.list(won.map(\.name))
            let right = won.map(\.votes).reduce(0, +)
            return total == 0 ? "\(names) won; nobody predicted it." : "\(names) won: \(right) of \(total) said so."
        }
        guard total > 0, let leader = choices.max(by: { $0.votes < $1.votes || $0.votes == $1.votes && $0.seat > $1.seat }) else {
            return state == "open" ? "Who wins? Nobody has predicted yet." : "Predictions closed; nobody predicted."
        }
        let line = "\(leader.percent) % think \(leader.name) wins (\(leader.votes) of \(total))"
        return state == "open" ? line : "Predictions closed: \(line)"
    }

    /// The spectators' board, best first: the spectators who predicted in this session.
    func boardLines() -> [PredictionBoardLine] {
        let sorted = spectatorBoard.sorted { lhs, rhs in
            lhs.value.points != rhs.value.points ? lhs.value.points > rhs.value.points : lhs.key.boardOrder < rhs.key.boardOrder
        }
        var lines: [PredictionBoardLine] = []
        for (offset, entry) in sorted.prefix(Self.boardLines).enumerated() {
            let place = lines.last.map { $0.points == entry.value.points ? $0.place : offset + 1 } ?? 1
            lines.append(PredictionBoardLine(place: place, name: entry.value.name, points: entry.value.points, right: entry.value.right))
        }
        return lines
    }
}
