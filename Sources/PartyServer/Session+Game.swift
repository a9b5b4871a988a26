import PartyKit
import PartyWire

extension Session {
    // MARK: Starting

    /// Why a game cannot start now, or nil when it can.
    func startProblem() -> String? {
        if phase == .playing { return "A game is already running." }
        if players.count < descriptor.minPlayers {
            let missing = descriptor.minPlayers - players.count
            return "Waiting for \(missing) more player\(missing == 1 ? "" : "s")."
        }
        let waiting = players.filter { !$0.ready && !$0.rematch }
        if !waiting.isEmpty {
            return "Waiting for \(waiting.map(\.name).joined(separator: ", ")) to be ready."
        }
        return nil
    }

    /// Whether the host's player must decide when to start: a choice of player counts, and a host
    /// player present or still expected (its seat kept), so a bot that joins first never starts
    /// the game before the host's own player has sat down.
    var hostDecides: Bool {
        descriptor.minPlayers < descriptor.maxPlayers && (players.contains(where: \.isHost) || hostSeatReserved)
    }

    /// Starts a game when everything is in place and nobody has to decide: a rematch everyone asked
    /// for, or a lobby where everyone is ready and the host's player has no choice to make.
    func startIfDue() {
        guard startProblem() == nil else { return }
        switch phase {
        case .over where players.allSatisfy(\.rematch):
            startGame()
        case .lobby where !hostDecides:
            // Without a host player to decide, wait for the configured table size.
            if players.count >= autoStartPlayers { startGame() }
        default:
            return
        }
    }

    /// How many players a host without a host player waits for.
    var autoStartPlayers: Int {
        min(descriptor.maxPlayers, max(descriptor.minPlayers, options.startAt ?? descriptor.minPlayers))
    }

    func startGame() {
        // Seats are numbered 0… in table order when a game starts.
        for index in players.indices where players[index].seat != index {
            players[index].seat = index
        }
        let seats = players.map { Seat(id: SeatID($0.seat), name: $0.name) }
        seatsInGame = Set(players.map(\.seat))
        let setup = GameSetup(seats: seats, configuration: configuration, seed: random.next(),
                              gameNumber: gamesPlayed, now: now())
        rules = Rules(setup: setup)
        gamesPlayed += 1
        phase = .playing
        for index in players.indices {
            players[index].ready = false
            players[index].rematch = false
        }
        logger.info("game \(gamesPlayed) started with \(players.count) players")
        broadcastLobby()
        afterGameChange()
        publishStatus()
    }

    // MARK: Moves

    func move(_ envelope: Envelope, from index: Int) {
        guard let running = runningRules(answering: envelope.seq, from: index) else { return }
        let message: MoveMessage<Rules.Move>
        do {
            message = try codec.decode(MoveMessage<Rules.Move>.self, from: envelope)
        } catch {
            return rejectMove(HostRejection.invalidMove(detail: Self.detail(of: error)), seq: envelope.seq, from: index)
        }
        let player = players[index]
        if let claimed = message.seat, claimed != player.seat {
            return rejectMove(HostRejection.notYourSeat(claimed: claimed, actual: player.seat), seq: envelope.seq, from: index)
        }
        play(message.move, on: running, seq: envelope.seq, from: index)
    }

    /// A move typed by a client without the game's presenter: the rules read it from the text.
    func typedMove(_ envelope: Envelope, from index: Int) {
        guard let running = runningRules(answering: envelope.seq, from: index) else { return }
        let message: TypedMove
        do {
            message = try codec.decode(TypedMove.self, from: envelope)
        } catch {
            return rejectMove(HostRejection.invalidMove(detail: Self.detail(of: error)), seq: envelope.seq, from: index)
        }
        let seat = SeatID(players[index].seat)
        let view = running.view(for: .seat(seat), at: now())
        switch Rules.typedMove(String(message.text.prefix(200)), in: view, for: seat) {
        case .success(let move):
            play(move, on: running, seq: envelope.seq, from: index)
        case .failure(let error):
            rejectMove(HostRejection.notAMove(detail: error.message), seq: envelope.seq, from: index)
        }
    }

    /// The running game's rules, or nil after telling the sender why no move is possible now.
    func runningRules(answering seq: Int, from index: Int) -> Rules? {
        guard phase == .playing, let running = rules else {
            rejectMove(phase == .over ? HostRejection.gameOver : .noGameRunning, seq: seq, from: index)
            return nil
        }
        return running
    }

    func rejectMove(_ rejection: HostRejection, seq: Int, from index: Int) {
        players[index].peer.send(MoveRejected(inReplyTo: seq, reason: rejection.code, message: rejection.description))
    }

    /// Lets the rules apply `move`, checks the schedule, and sends everyone the result.
    ///
    /// The rules judge first, so a refused move gets the game's own reason (`alreadyConfirmed`,
    /// `paused`, …) rather than a generic one; a move the schedule does not allow is refused with
    /// `notYourTurn` even if the rules would have taken it, and then changes nothing.
    func play(_ move: Rules.Move, on running: Rules, seq: Int, from index: Int) {
        var running = running
        let seat = SeatID(players[index].seat)
        let schedule = running.schedule
        do {
            try running.apply(move, from: seat, at: now())
        } catch {
            players[index].peer.send(MoveRejected(inReplyTo: seq, reason: error.code, message: error.description))
            return
        }
        guard schedule.allows(seat) || (schedule.interrupts && Rules.isInterrupt(move)) else {
            return rejectMove(.notYourTurn, seq: seq, from: index)
        }
        rules = running
        afterGameChange()
    }

    static func detail(of error: WireError) -> String {
        if case .invalidFields(_, let detail) = error { return detail }
        return error.description
    }

    /// Sends every seat its view and ends the game when the rules say it is over.
    func afterGameChange() {
        guard let running = rules, phase == .playing else { return }
        let now = now()
        let schedule = running.schedule
        let deadline = schedule.deadline.map { max(0, $0.milliseconds(since: now)) }
        // Seats (and spectators) that see the same view share one encoding of it.
        var encoded = EncodedViews<Rules.View>()
        for player in players where player.connected {
            let seat = SeatID(player.seat)
            let yourTurn = running.outcome == nil && schedule.allows(seat)
            if !sendView(running.view(for: .seat(seat), at: now), of: running, to: player.peer, viewer: .seat(seat),
                         plainText: player.plainText, yourTurn: yourTurn, deadlineMs: deadline, encoded: &encoded) {
                logger.warning("\(player.name) stopped reading; their connection was closed")
            }
        }
        if !spectators.isEmpty {
            let view = running.view(for: .spectator, at: now)
            for spectator in spectators {
                sendView(view, of: running, to: spectator.peer, viewer: .spectator, plainText: spectator.plainText,
                         yourTurn: false, deadlineMs: deadline, encoded: &encoded)
            }
        }
        if running.outcome != nil { finishGame(sendOutcome: true) }
    }

    func finishGame(sendOutcome: Bool) {
        guard let running = rules else { return }
        phase = .over
        if sendOutcome, let outcome = running.outcome {
            let message = GameOver(game: gamesPlayed, winners: outcome.winners.map(\.index),
                                   reason: outcome.reason.rawValue, summary: outcome.summary)
            for peer in players.map(\.peer) + spectators.map(\.peer) { peer.send(message) }
            logger.info("game \(gamesPlayed) over: \(outcome.summary)")
        }
        if players.count < descriptor.minPlayers { backToLobby() }
        broadcastLobby()
        publishStatus()
    }

    func backToLobby() {
        phase = .lobby
        rules = nil
        seatsInGame = []
        for index in players.indices { players[index].rematch = false }
    }

    func rematchRequested(by index: Int, seq: Int) {
        guard phase == .over else {
            players[index].peer.send(ErrorMessage(reason: "noRematch",
                                                  message: phase == .playing ? "The game is still running." : "No game has ended yet; say ready instead.",
                                                  inReplyTo: seq))
            return
        }
        players[index].rematch = true
        broadcastLobby()
        startIfDue()
    }

    // MARK: Time

    /// Sends a heartbeat to every connected player and spectator once per heartbeat interval.
    func sendHeartbeatsIfDue() {
        let now = ContinuousClock.now
        guard now - lastHeartbeat >= .milliseconds(options.heartbeatIntervalMilliseconds) else { return }
        lastHeartbeat = now
        for peer in players.filter(\.connected).map(\.peer) + spectators.map(\.peer) {
            peer.send(Heartbeat())
        }
    }

    /// How long the clock may sleep: 20 ms (or less, to the deadline) while the game has a deadline,
    /// a quarter of a second otherwise (held seats and their countdowns need no more).
    var clockInterval: Duration {
        let idle = Duration.milliseconds(min(250, max(10, options.heartbeatIntervalMilliseconds / 2)))
        guard phase == .playing, let deadline = rules?.schedule.deadline else { return idle }
        return .milliseconds(max(1, min(20, deadline.milliseconds(since: now()))))
    }

    /// Wakes the game when its deadline has passed.
    func tick() {
        checkHeldSeats()
        sendHeartbeatsIfDue()
        guard phase == .playing, var running = rules, let deadline = running.schedule.deadline else { return }
        let now = now()
        guard deadline <= now else { return }
        running.advance(to: now)
        rules = running
        afterGameChange()
    }

    // MARK: Lobby

    func broadcastLobby() {
        let message = lobbyMessage()
        let infos = playerInfos
        let canStart = hostDecides && startProblem() == nil
        for player in players where player.connected {
            player.peer.send(Lobby(state: phase.rawValue, players: infos, you: player.seat, spectators: spectators.count,
                                   canStart: canStart && player.isHost, gamesPlayed: gamesPlayed, message: message))
        }
        for spectator in spectators {
            spectator.peer.send(Lobby(state: phase.rawValue, players: infos, you: nil, spectators: spectators.count,
                                      canStart: false, gamesPlayed: gamesPlayed, message: message))
        }
    }

    func lobbyMessage() -> String {
        if let away = players.first(where: { !$0.connected }),
           let left = away.info(grace: .milliseconds(options.graceMilliseconds)).graceMs {
            return "\(away.name) is reconnecting… \((left + 999) / 1000) s"
        }
        switch phase {
        case .playing:
            return "\(descriptor.title) is on."
        case .over:
            let asked = players.filter(\.rematch).map(\.name)
            return asked.isEmpty ? "Game over. Press r for a rematch." : "Rematch asked by \(asked.joined(separator: ", "))."
        case .lobby:
            if let problem = startProblem() { return problem }
            if hostDecides { return "Everyone is ready; the host may start." }
            let missing = autoStartPlayers - players.count
            return missing > 0 ? "Waiting for \(missing) more player\(missing == 1 ? "" : "s")." : "Starting…"
        }
    }
}
