import PartyKit
import PartyWire

/// A game at the table, from its start to the return to the lobby: one path for a locked table and
/// a party room. They differ only in who takes the seats (`lockedSeating`, `roomSeating`) and in
/// what follows the end (a locked table offers a rematch; a room scores the game and chooses again).
extension Table {
    // MARK: Starting

    /// Starts a game when everything is in place and nobody has to decide: a rematch everyone asked
    /// for, or a lobby where everyone is ready and the host's player has no choice to make.
    mutating func startIfDue() {
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

    /// Starts a locked table's game: everyone at the table plays, alone in a seat or in teams.
    mutating func startGame() {
        guard let hosted = games.first else { return }
        begin(hosted, holders: lockedSeating())
    }

    /// Starts `hosted` with `holders` (the players' member ids holding each seat, in seat order):
    /// they take seats 0…n−1, a team's members in the given order; everyone else watches from the
    /// seats after them (a room's members who do not play it).
    mutating func begin(_ hosted: HostedGame, holders: [[Int]]) {
        var next = 0
        for team in holders {
            for member in team {
                guard let index = players.firstIndex(where: { $0.member == member }) else { continue }
                players[index].seat = next
                players[index].watching = false
            }
            next += 1
        }
        let playing = Set(holders.joined())
        for index in players.indices where !playing.contains(players[index].member) {
            players[index].seat = next
            players[index].watching = true
            next += 1
        }
        // Within a seat, the team's members in the given order (which names the team); watchers keep theirs.
        let order = Dictionary(holders.joined().enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        players.sort { ($0.seat, order[$0.member] ?? 0) < ($1.seat, order[$1.member] ?? 0) }
        let seats = Array(0..<holders.count)
        let names = Dictionary(players.map { ($0.member, $0.name) }, uniquingKeysWith: { first, _ in first })
        var teamNames: [Int: String] = [:]
        for (seat, team) in holders.enumerated() where team.count > 1 {
            teamNames[seat] = TeamFormation.name(team.map { names[$0] ?? "?" })
        }
        let gameSeats = seats.map { Seat(id: SeatID($0), name: teamNames[$0] ?? holders[$0].first.flatMap { names[$0] } ?? "?") }
        let game = hosted.start(gameSeats, random.next(), gamesPlayed, now, gamesPlayed + 1)
        gamesPlayed += 1
        var play = GameInPlay(game: game, seats: Set(seats), seatMembers: Dictionary(uniqueKeysWithValues: holders.enumerated().map { ($0, $1) }),
                              teamNames: teamNames)
        if isRoom {
            room?.gameStarted()
            play.current = RoomGame(game: hosted.descriptor.id, title: hosted.descriptor.title, players: Array(holders.joined()),
                                    watchers: players.filter(\.watching).map(\.member), teams: teamNames.isEmpty ? nil : holders)
        }
        stage = .playing(play)
        for index in players.indices {
            players[index].ready = false
            players[index].rematch = false
            players[index].plainText = wantsPlainText(players[index].games)
        }
        for index in spectators.indices { spectators[index].plainText = wantsPlainText(spectators[index].games) }
        // A seat whose holders are all away at the start is away in the game.
        for seat in seats where connectedMembers(of: seat) == 0 {
            gameConnectionChanged(seat: seat, connected: false)
        }
        log(.info, "game \(gamesPlayed) (\(hosted.descriptor.title)) started with \(holders.joined().count) players")
        broadcastRoom()
        broadcastLobby()
        sendTeams()
        openPredictions()
        afterGameChange()
        publishStatus()
    }

    /// Who holds each seat of a locked table's game: with teams, everyone, in as many balanced
    /// teams as the game seats (each alone while there are seats enough); otherwise each player
    /// alone, in table order.
    mutating func lockedSeating() -> [[Int]] {
        guard options.teams else { return players.map { [$0.member] } }
        // Arrival order (member ids are given in it), not seat order: a newcomer in a seat someone
        // left is still the last to arrive.
        let teams = TeamFormation.balanced(players.map(\.member).sorted(), seats: min(players.count, descriptor.maxPlayers),
                                           lastTeammates: lastTeammates)
        lastTeammates = TeamFormation.teammates(teams)
        return teams.map { $0.sorted() }
    }

    // MARK: Moves

    mutating func move(_ envelope: Envelope, from index: Int) {
        // No copy of the game is kept while it is played (one would make the move copy its state).
        guard mayMove(answering: envelope.seq, from: index),
              let read = game?.read(envelope, codec: codec, seat: players[index].seat) else { return }
        answer(read, seq: envelope.seq, from: index)
    }

    /// A move typed by a client without the game's presenter: the rules read it from the text.
    mutating func typedMove(_ envelope: Envelope, from index: Int) {
        guard mayMove(answering: envelope.seq, from: index) else { return }
        let message: TypedMove
        do {
            message = try codec.decode(TypedMove.self, from: envelope)
        } catch {
            return rejectMove(HostRejection.invalidMove(error), seq: envelope.seq, from: index)
        }
        guard let read = game?.readTyped(String(message.text.prefix(200)), seat: players[index].seat, at: now) else { return }
        answer(read, seq: envelope.seq, from: index)
    }

    /// Plays a move read for `index`'s seat (a team's: proposes it, `teamMove`), or tells the mover why not.
    mutating func answer(_ read: Result<TableMove, MoveRefusal>, seq: Int, from index: Int) {
        let move: TableMove
        switch read {
        case .failure(let refusal):
            send(MoveRejected(inReplyTo: seq, reason: refusal.code, message: refusal.message), to: players[index].peer)
            return
        case .success(let read):
            move = read
        }
        let seat = players[index].seat
        if teamNames[seat] != nil, game?.kind(of: move, seat: seat) == .proposal {
            return propose(move, seq: seq, from: index)
        }
        answer(gamePlay(move, seat: seat), seq: seq, from: index)
    }

    /// Sends everyone the new views after a move the rules took, or the mover why not.
    mutating func answer(_ answer: MoveAnswer, seq: Int, from index: Int) {
        switch answer {
        case .played:
            closePredictions()
            afterGameChange()
        case .rejected(let code, let message):
            send(MoveRejected(inReplyTo: seq, reason: code, message: message), to: players[index].peer)
        }
    }

    /// Whether `index`'s player may move now; false after telling them why not.
    mutating func mayMove(answering seq: Int, from index: Int) -> Bool {
        guard phase == .playing else {
            rejectMove(phase == .over ? HostRejection.gameOver : .noGameRunning, seq: seq, from: index)
            return false
        }
        guard !players[index].watching else {
            rejectMove(.watching, seq: seq, from: index)
            return false
        }
        return true
    }

    mutating func rejectMove(_ rejection: HostRejection, seq: Int, from index: Int) {
        send(MoveRejected(.move(rejection), inReplyTo: seq), to: players[index].peer)
    }

    /// Sends every seat its view and ends the game when the rules say it is over.
    mutating func afterGameChange() {
        guard phase == .playing else { return }
        closeStaleProposals()
        sendViews()
        if game?.outcome == nil {
            sendTeamsIfTheirMovesChanged()
        } else {
            finishGame(sendOutcome: true)
        }
    }

    // MARK: Finishing

    /// The game is over (or, with `sendOutcome` false, abandoned: nobody who plays it is left, and it
    /// scores nothing). Everyone gets `gameOver`, predictions settle, a room scores the game and
    /// chooses again; a locked table waits for a rematch (or, short of players, its lobby).
    mutating func finishGame(sendOutcome: Bool) {
        guard let game else { return }
        if sendOutcome, let outcome = game.outcome {
            sendMany(gameOverMessage(outcome), to: players.map(\.peer) + spectators.map(\.peer))
            log(.info, "game \(gamesPlayed) over: \(outcome.summary)")
            recordResult(outcome, title: game.descriptor.title)
            settlePredictions(outcome)
        } else {
            log(.info, "game \(gamesPlayed) abandoned: nobody who played it is left")
            room?.gameAbandoned()
        }
        changePlay { $0.predictions = nil }
        changePlay { $0.proposals = [:] }
        if isRoom || players.count < descriptor.minPlayers {
            backToLobby()
        } else if let play {
            stage = .over(play)
        }
        broadcastRoom()
        broadcastLobby()
        publishStatus()
    }

    /// Between games: no game, nobody watches or asked for a rematch (a room chooses again).
    mutating func backToLobby() {
        stage = .lobby
        announcement = nil
        for index in players.indices {
            players[index].rematch = false
            players[index].watching = false
        }
    }

    mutating func rematchRequested(by index: Int, seq: Int) {
        guard phase == .over else {
            send(ErrorMessage(phase == .playing ? .rematchWhilePlaying : .rematchBeforeAnyGame, inReplyTo: seq), to: players[index].peer)
            return
        }
        players[index].rematch = true
        // Every request is shown (PROTOCOL.md section 7), the last one too, just before the new
        // game's lobby: a client may wait to see its own flag.
        broadcastLobby()
        startIfDue()
    }

    /// The `gameOver` message for `outcome`, with every seat's place.
    func gameOverMessage(_ outcome: GameOutcome) -> GameOver {
        GameOver(game: gamesPlayed, winners: outcome.winners.map(\.index), reason: outcome.reason.rawValue, summary: outcome.summary,
                 standings: outcome.standings.map { StandingInfo(seat: $0.seat.index, place: $0.place, score: $0.score) })
    }
}
