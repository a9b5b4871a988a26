import Logging
import PartyKit
import PartyWire

/// One hosted game session: owns the table (seats, names, readiness), the running game's rules,
/// and its clock. Every message from every connection passes through this actor in arrival order.
actor Session<Rules: GameRules> {
    /// Where the table is between and during games.
    enum Phase: String {
        case lobby, playing, over
    }

    let configuration: Rules.Configuration
    let options: HostOptions
    let hostKey: String
    let sessionID: String
    let logger: Logger
    let epoch = ContinuousClock.now
    let codec = MessageCodec()
    let statusContinuation: AsyncStream<SessionStatus>.Continuation

    var random: SeededRandom
    var players: [TablePlayer] = []
    var phase = Phase.lobby
    var rules: Rules?
    var gamesPlayed = 0
    /// Seats that took part in the running game (never reused for newcomers while it runs).
    var seatsInGame: Set<Int> = []
    var ended = false
    var lastStatus: SessionStatus?

    var descriptor: GameDescriptor { Rules.descriptor }

    init(configuration: Rules.Configuration, options: HostOptions, hostKey: String, logger: Logger,
         status: AsyncStream<SessionStatus>.Continuation) {
        self.configuration = configuration
        self.options = options
        self.hostKey = hostKey
        self.logger = logger
        self.statusContinuation = status
        var system = SystemRandomNumberGenerator()
        random = SeededRandom(seed: options.seed ?? system.next())
        sessionID = Self.hex(bits: 64, using: &system)
        status.yield(SessionStatus(players: 0, maxPlayers: Rules.descriptor.maxPlayers, state: Phase.lobby.rawValue, joinable: true))
    }

    /// The host's clock as game time.
    func now() -> GameInstant {
        let elapsed = ContinuousClock.now - epoch
        return GameInstant(milliseconds: elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }

    static func hex(bits: Int, using generator: inout SystemRandomNumberGenerator) -> String {
        (0..<(bits / 64)).map { _ in
            let text = String(generator.next(), radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
    }

    // MARK: Admission

    /// Seats the client who said `hello`, or says why not.
    func admit(_ hello: Hello, peer: PeerLink) -> Admission {
        if ended {
            return .rejected(Reject(reason: "shuttingDown", message: "The session is ending."))
        }
        guard hello.protocol == WireProtocol.version else {
            return .rejected(Reject(reason: "unsupportedVersion",
                                   message: "This host speaks protocol \(WireProtocol.version); your client speaks \(hello.protocol). Please update."))
        }
        if let game = hello.game, game.lowercased() != descriptor.id {
            return .rejected(Reject(reason: "wrongGame",
                                   message: "This session plays \(descriptor.title), not \(game)."))
        }
        guard players.count < descriptor.maxPlayers else {
            return .rejected(Reject(reason: "sessionFull",
                                   message: "The session is full (\(players.count) of \(descriptor.maxPlayers) players)."))
        }
        if phase == .playing && !descriptor.joinInProgress {
            return .rejected(Reject(reason: "gameInProgress", message: "A game is in progress; try again when it is over."))
        }
        guard hello.name.utf8.count <= 1024 else {
            return .rejected(Reject(reason: "badName", message: "That name is too long."))
        }
        let isHost = hello.hostKey == hostKey && !players.contains(where: \.isHost)
        let seat = freeSeat()
        let name = NameCleaner.unique(hello.name, seat: seat, taken: players.map(\.name))
        var system = SystemRandomNumberGenerator()
        let player = TablePlayer(seat: seat, name: name, isHost: isHost, isBot: hello.bot ?? false,
                                 peer: peer, token: Self.hex(bits: 128, using: &system))
        players.append(player)
        players.sort { $0.seat < $1.seat }
        logger.info("seated \(name) at seat \(seat)", metadata: ["peer": "\(peer.id)"])

        let welcome = Welcome(session: sessionID, game: descriptor.id, title: descriptor.title, sessionName: options.sessionName,
                              seat: seat, name: name, players: players.map(\.info),
                              minPlayers: descriptor.minPlayers, maxPlayers: descriptor.maxPlayers, token: player.token)
        peer.send(welcome)
        if phase == .playing, var running = rules {
            seatsInGame.insert(seat)
            running.join(Seat(id: SeatID(seat), name: name), at: now())
            rules = running
            broadcastLobby()
            afterGameChange()
        } else {
            broadcastLobby()
        }
        publishStatus()
        return .welcomed(welcome)
    }

    /// The answer to a hello.
    enum Admission {
        case welcomed(Welcome)
        case rejected(Reject)
    }

    /// The lowest seat number free now (and, during a game, never used in it).
    func freeSeat() -> Int {
        let taken = Set(players.map(\.seat)).union(phase == .playing ? seatsInGame : [])
        var seat = 0
        while taken.contains(seat) { seat += 1 }
        return seat
    }

    // MARK: Messages

    /// Handles one message from a seated player.
    func receive(_ envelope: Envelope, from peerID: Int) {
        guard let index = players.firstIndex(where: { $0.peer.id == peerID }) else { return }
        let player = players[index]
        switch envelope.type {
        case .heartbeat:
            return
        case .hello:
            player.peer.send(ErrorMessage(reason: "alreadyWelcomed", message: "You are already seated; hello is sent once.",
                                          inReplyTo: envelope.seq))
        case .ready:
            guard let ready = decode(Ready.self, envelope, for: player) else { return }
            setReady(ready.ready, at: index)
        case .start:
            startRequested(by: index, seq: envelope.seq)
        case .move:
            move(envelope, from: index)
        case .rematch:
            rematchRequested(by: index, seq: envelope.seq)
        case .leave:
            remove(peerID: peerID, reason: .left)
        case .welcome, .reject, .lobby, .view, .moveRejected, .gameOver, .playerLeft, .ended, .error:
            player.peer.send(ErrorMessage(reason: "unexpectedMessage",
                                          message: "\"\(envelope.type.rawValue)\" is sent by the host, not by clients.",
                                          inReplyTo: envelope.seq))
        }
    }

    func decode<Message: Decodable>(_ type: Message.Type, _ envelope: Envelope, for player: TablePlayer) -> Message? {
        do {
            return try codec.decode(type, from: envelope)
        } catch {
            player.peer.send(ErrorMessage(reason: error.reason, message: error.description, inReplyTo: envelope.seq))
            return nil
        }
    }

    func setReady(_ ready: Bool, at index: Int) {
        guard players[index].ready != ready else { return }
        players[index].ready = ready
        broadcastLobby()
        startIfDue()
    }

    func startRequested(by index: Int, seq: Int) {
        let player = players[index]
        guard player.isHost else {
            player.peer.send(ErrorMessage(reason: "notHost", message: "Only the host's player starts the game.", inReplyTo: seq))
            return
        }
        players[index].ready = true
        if let problem = startProblem() {
            player.peer.send(ErrorMessage(reason: "cannotStart", message: problem, inReplyTo: seq))
            broadcastLobby()
            return
        }
        startGame()
    }

    // MARK: Leaving

    /// The connection with `peerID` is gone (left, dropped or was closed).
    func remove(peerID: Int, reason: DepartureReason) {
        guard let index = players.firstIndex(where: { $0.peer.id == peerID }) else { return }
        let player = players.remove(at: index)
        let message = reason.message(for: player.name)
        player.peer.close()
        logger.info("\(player.name) left", metadata: ["reason": "\(message)"])
        for other in players {
            other.peer.send(PlayerLeft(seat: player.seat, name: player.name, message: message))
        }
        if phase == .playing, var running = rules {
            running.leave(SeatID(player.seat), at: now())
            rules = running
            if players.isEmpty && running.outcome == nil {
                // Nobody is left to play: abandon the game.
                finishGame(sendOutcome: false)
            } else {
                afterGameChange()
            }
            if phase == .over && players.count < descriptor.minPlayers {
                backToLobby()
            }
        } else if phase == .over {
            if players.count < descriptor.minPlayers { backToLobby() }
            startIfDue()
        }
        broadcastLobby()
        publishStatus()
    }

    /// Ends the session: everyone is told, then every connection closes.
    func end(reason: String, message: String) {
        guard !ended else { return }
        ended = true
        for player in players {
            player.peer.send(Ended(reason: reason, message: message))
            player.peer.close()
        }
        players.removeAll()
        statusContinuation.finish()
    }

    // MARK: Status

    func publishStatus() {
        let status = SessionStatus(players: players.count, maxPlayers: descriptor.maxPlayers, state: phase.rawValue,
                                   joinable: players.count < descriptor.maxPlayers && (phase != .playing || descriptor.joinInProgress))
        guard status != lastStatus else { return }
        lastStatus = status
        statusContinuation.yield(status)
    }
}
