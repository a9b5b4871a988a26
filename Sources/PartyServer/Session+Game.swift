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
        min(tableCapacity, max(descriptor.minPlayers, options.startAt ?? descriptor.minPlayers))
    }

    func startGame() {
        let seats: [Seat]
        if options.teams {
            // Everyone plays: as many balanced teams as the game seats.
            seats = formLockedTeams()
        } else {
            // Seats are numbered 0… in table order when a game starts.
            for index in players.indices where players[index].seat != index {
                players[index].seat = index
            }
            teamNames = [:]
            proposals = [:]
            seats = players.map { Seat(id: SeatID($0.seat), name: $0.name) }
        }
        seatsInGame = Set(players.map(\.seat))
        guard let hosted = games.first else { return }
        game = hosted.start(seats, random.next(), gamesPlayed, now(), gamesPlayed + 1)
        gamesPlayed += 1
        phase = .playing
        for index in players.indices {
            players[index].ready = false
            players[index].rematch = false
        }
        logger.info("game \(gamesPlayed) started with \(players.count) players")
        broadcastLobby()
        sendTeams()
        openPredictions()
        afterGameChange()
        publishStatus()
    }

    // MARK: Moves

    func move(_ envelope: Envelope, from index: Int) {
        guard let running = runningGame(answering: envelope.seq, from: index) else { return }
        if teamNames[players[index].seat] != nil {
            return teamMove(running.read(envelope, codec: codec, seat: players[index].seat, at: now()), seq: envelope.seq, from: index)
        }
        answer(running.move(envelope, codec: codec, seat: players[index].seat, at: now()), seq: envelope.seq, from: index)
    }

    /// A move typed by a client without the game's presenter: the rules read it from the text.
    func typedMove(_ envelope: Envelope, from index: Int) {
        guard let running = runningGame(answering: envelope.seq, from: index) else { return }
        let message: TypedMove
        do {
            message = try codec.decode(TypedMove.self, from: envelope)
        } catch {
            return rejectMove(HostRejection.invalidMove(error), seq: envelope.seq, from: index)
        }
        let text = String(message.text.prefix(200))
        if teamNames[players[index].seat] != nil {
            return teamMove(running.readTyped(text, seat: players[index].seat, at: now()), seq: envelope.seq, from: index)
        }
        answer(running.typedMove(text, seat: players[index].seat, at: now()), seq: envelope.seq, from: index)
    }

    /// Sends everyone the new views after a move the rules took, or the mover why not.
    func answer(_ answer: MoveAnswer, seq: Int, from index: Int) {
        switch answer {
        case .played:
            closePredictions()
            afterGameChange()
        case .rejected(let code, let message):
            players[index].peer.send(MoveRejected(inReplyTo: seq, reason: code, message: message))
        }
    }

    /// The running game, or nil after telling the sender why no move is possible now.
    func runningGame(answering seq: Int, from index: Int) -> (any TableGame)? {
        guard phase == .playing, let running = game else {
            rejectMove(phase == .over ? HostRejection.gameOver : .noGameRunning, seq: seq, from: index)
            return nil
        }
        guard !players[index].watching else {
            rejectMove(.watching, seq: seq, from: index)
            return nil
        }
        return running
    }

    func rejectMove(_ rejection: HostRejection, seq: Int, from index: Int) {
        players[index].peer.send(MoveRejected(.move(rejection), inReplyTo: seq))
    }

    /// Sends every seat its view and ends the game when the rules say it is over.
    func afterGameChange() {
        guard let running = game, phase == .playing else { return }
        closeStaleProposals()
        for name in running.sendViews(players: players, spectators: spectators, at: now()) {
            logger.warning("\(name) stopped reading; their connection was closed")
        }
        if running.outcome == nil { sendTeamsIfTheirMovesChanged() }
        if running.outcome != nil {
            if isRoom {
                finishRoomGame()
            } else {
                finishGame(sendOutcome: true)
            }
        }
    }

    func finishGame(sendOutcome: Bool) {
        guard let running = game else { return }
        phase = .over
        proposals = [:]
        if sendOutcome, let outcome = running.outcome {
            Self.send(gameOverMessage(outcome), to: players.map(\.peer) + spectators.map(\.peer))
            logger.info("game \(gamesPlayed) over: \(outcome.summary)")
            settlePredictions(outcome)
        }
        predictions = nil
        if players.count < descriptor.minPlayers { backToLobby() }
        broadcastLobby()
        publishStatus()
    }

    func backToLobby() {
        phase = .lobby
        game = nil
        seatsInGame = []
        teamNames = [:]
        proposals = [:]
        for index in players.indices { players[index].rematch = false }
    }

    func rematchRequested(by index: Int, seq: Int) {
        guard phase == .over else {
            players[index].peer.send(ErrorMessage(phase == .playing ? .rematchWhilePlaying : .rematchBeforeAnyGame, inReplyTo: seq))
            return
        }
        players[index].rematch = true
        // Every request is shown (PROTOCOL.md section 7), the last one too, just before the new
        // game's lobby: a client may wait to see its own flag.
        broadcastLobby()
        startIfDue()
    }

    // MARK: Time

    /// Sends a heartbeat to every connected player once per heartbeat interval, and to the
    /// spectators spread over the interval (`sendSpectatorHeartbeats`).
    func sendHeartbeatsIfDue() {
        sendSpectatorHeartbeats()
        let now = ContinuousClock.now
        guard now - lastHeartbeat >= .milliseconds(options.heartbeatIntervalMilliseconds) else { return }
        lastHeartbeat = now
        Self.send(Heartbeat(), to: players.filter(\.connected).map(\.peer))
    }

    /// How long the clock may sleep: 20 ms (or less, to the deadline) while the game has a deadline,
    /// a quarter of a second otherwise (held seats and their countdowns need no more); in a room
    /// no longer than to the end of its countdown.
    var clockInterval: Duration {
        let idle = Duration.milliseconds(min(250, max(10, options.heartbeatIntervalMilliseconds / 2)))
        let due = [game?.deadline, proposalDeadline].compactMap { $0 }.min()
        guard phase == .playing, let deadline = due else {
            guard let due = startsAt ?? room?.deadline else { return idle }
            return .milliseconds(max(1, min(idle.wholeMilliseconds, due.milliseconds(since: now()))))
        }
        return .milliseconds(max(1, min(20, deadline.milliseconds(since: now()))))
    }

    /// Wakes the game when its deadline has passed (and the room when its countdown has).
    func tick() {
        checkHeldSeats()
        sendHeartbeatsIfDue()
        if isRoom { roomTick() }
        resolveDueProposals()
        predictionsTick()
        spectatorsTick()
        guard phase == .playing, let running = game, running.advance(to: now()) else { return }
        afterGameChange()
    }

    // MARK: Lobby

    func broadcastLobby() {
        spectatorsChanged = false
        lastLobbyBroadcast = .now
        if isRoom { return broadcastRoomLobby() }
        let message = lobbyMessage()
        let infos = playerInfos
        let canStart = hostDecides && startProblem() == nil
        for player in players where player.connected {
            player.peer.send(Lobby(state: phase.rawValue, players: infos, you: player.seat, spectators: spectators.count,
                                   canStart: canStart && player.isHost, gamesPlayed: gamesPlayed, message: message))
        }
        sendToSpectators(spectatorLobby(infos: infos, message: message))
    }

    /// The lobby every spectator gets (`you` absent, never `canStart`).
    func spectatorLobby(infos: [PlayerInfo]? = nil, message: String? = nil) -> Lobby {
        if isRoom {
            return Lobby(state: phase == .playing ? "playing" : "lobby", players: infos ?? playerInfos, you: nil, spectators: spectators.count,
                         canStart: false, gamesPlayed: gamesPlayed, message: message ?? roomLobbyMessage())
        }
        return Lobby(state: phase.rawValue, players: infos ?? playerInfos, you: nil, spectators: spectators.count,
                     canStart: false, gamesPlayed: gamesPlayed, message: message ?? lobbyMessage())
    }

    /// Sends one spectator (a newcomer) the lobby.
    func sendLobby(to spectator: Spectator) {
        spectator.peer.send(spectatorLobby())
    }

    func lobbyMessage() -> String {
        if let away = players.first(where: { !$0.connected }),
           let left = away.info(grace: .milliseconds(options.graceMilliseconds)).graceMs {
            return PlayerLabel.reconnecting(away.name, milliseconds: left)
        }
        switch phase {
        case .playing:
            return "\(descriptor.title) is on."
        case .over:
            let asked = players.filter(\.rematch).map(\.name)
            return asked.isEmpty ? "Game over. Ask for a rematch to play again." : "Rematch asked by \(asked.joined(separator: ", "))."
        case .lobby:
            if let problem = startProblem() { return problem }
            if hostDecides { return "Everyone is ready; the host may start." }
            let missing = autoStartPlayers - players.count
            return missing > 0 ? "Waiting for \(missing) more player\(missing == 1 ? "" : "s")." : "Starting…"
        }
    }
}
