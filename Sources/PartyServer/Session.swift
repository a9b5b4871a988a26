import Logging
import NIOCore
import PartyKit
import PartyWire

/// One hosted game session: owns the table (seats, names, readiness), the running game's rules,
/// and its clock. Every message from every connection passes through this actor in arrival order.
///
/// The actor runs on one NIO event loop, the one its connections use: their handlers call it
/// synchronously (`assumeIsolated`), and only the clock and shutdown come in as tasks.
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
    var spectators: [Spectator] = []
    /// Wrong join codes by address: how many, and when the last one came.
    var codeFailures: [String: (count: Int, last: ContinuousClock.Instant)] = [:]
    /// When heartbeats last went out.
    var lastHeartbeat = ContinuousClock.now
    /// When the lobby was last re-sent to count down a held seat.
    var lastGraceBroadcast = ContinuousClock.now
    var phase = Phase.lobby
    var rules: Rules?
    var gamesPlayed = 0
    /// Seats that took part in the running game (never reused for newcomers while it runs).
    var seatsInGame: Set<Int> = []
    var ended = false
    var lastStatus: SessionStatus?

    var descriptor: GameDescriptor { Rules.descriptor }

    /// The event loop this actor and every connection of the session run on.
    nonisolated let loop: any EventLoop

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        loop.executor.asUnownedSerialExecutor()
    }

    init(configuration: Rules.Configuration, options: HostOptions, hostKey: String, logger: Logger,
         status: AsyncStream<SessionStatus>.Continuation, loop: any EventLoop) {
        self.loop = loop
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
        return GameInstant(milliseconds: elapsed.wholeMilliseconds)
    }

    static func hex(bits: Int, using generator: inout SystemRandomNumberGenerator) -> String {
        (0..<(bits / 64)).map { _ in
            let text = String(generator.next(), radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
    }

    // MARK: Messages

    /// Handles one message from a seated player or a spectator.
    func receive(_ envelope: Envelope, from peerID: Int) {
        if let spectator = spectators.first(where: { $0.peer.id == peerID }) {
            return receive(envelope, fromSpectator: spectator)
        }
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
        case .typedMove:
            typedMove(envelope, from: index)
        case .rematch:
            rematchRequested(by: index, seq: envelope.seq)
        case .leave:
            remove(peerID: peerID, reason: .left)
        case .vote:
            player.peer.send(ErrorMessage(reason: "notARoom", message: "This session plays one game; there is nothing to vote for.",
                                          inReplyTo: envelope.seq))
        case .welcome, .reject, .lobby, .view, .moveRejected, .gameOver, .playerLeft, .ended, .error, .room:
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
        if phase == .lobby { players[index].ready = true }
        if let problem = startProblem() {
            player.peer.send(ErrorMessage(reason: "cannotStart", message: problem, inReplyTo: seq))
            broadcastLobby()
            return
        }
        startGame()
    }

    /// Ends the session: everyone is told, then every connection closes.
    func end(reason: String, message: String) {
        guard !ended else { return }
        ended = true
        for peer in players.map(\.peer) + spectators.map(\.peer) {
            peer.send(Ended(reason: reason, message: message))
            peer.close()
        }
        players.removeAll()
        spectators.removeAll()
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
