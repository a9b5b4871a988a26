import Logging
import NIOCore
import PartyKit
import PartyWire

/// One hosted session: owns the table (seats, names, tokens, connections, spectators, readiness,
/// the party room) and drives the running game through the non-generic `TableGame`. Every message
/// from every connection passes through this actor in arrival order.
///
/// A session is either locked to one game (`PartyHost`: lobby, game, rematch) or a party room
/// (`PartyRoomHost`: choose, play, back to choosing, with a scoreboard across games).
///
/// The actor runs on one NIO event loop, the one its connections use: their handlers call it
/// synchronously (`assumeIsolated`), and only the clock and shutdown come in as tasks.
actor Session {
    /// Where the table is between and during games (a room is never `over`).
    enum Phase: String {
        case lobby, playing, over
    }

    /// The game a locked session plays, or the room's menu.
    let games: [HostedGame]
    /// What the table offers: the locked game's descriptor, or the room's (`party`).
    let descriptor: GameDescriptor
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
    /// Where each spectator is in `spectators`, by connection id: every message a connection sends
    /// is looked up here first (a scan of ten thousand spectators per message was the cost).
    var spectatorIndex: [Int: Int] = [:]
    /// Whether spectators came or went since the lobby last went out: the new count goes out with
    /// the next lobby, at the latest `spectatorLobbyMilliseconds` later (not one lobby to everyone
    /// per spectator, which ten thousand arriving would make a hundred million messages).
    var spectatorsChanged = false
    /// When the lobby last went out.
    var lastLobbyBroadcast = ContinuousClock.now
    /// Where the spectators' heartbeats stand: the next spectator, the share due and not yet sent,
    /// and when they were last sent.
    var spectatorHeartbeats = (next: 0, credit: 0.0, last: ContinuousClock.now)
    /// Wrong join codes by address: how many, and when the last one came.
    var codeFailures: [String: (count: Int, last: ContinuousClock.Instant)] = [:]
    /// When heartbeats last went out.
    var lastHeartbeat = ContinuousClock.now
    /// When the lobby was last re-sent to count down a held seat.
    var lastGraceBroadcast = ContinuousClock.now
    var phase = Phase.lobby
    /// The running (or, in a locked session, just finished) game.
    var game: (any TableGame)?
    var gamesPlayed = 0
    /// Seats that took part in the running game (never reused for newcomers while it runs).
    var seatsInGame: Set<Int> = []
    var ended = false
    var lastStatus: SessionStatus?

    // MARK: The party room (nil in a locked session)

    /// The room's state machine.
    var room: PartyRoom?
    /// Milliseconds between a pick and the start.
    let startDelayMilliseconds: Int64
    /// When the picked game starts, while the room is `starting`.
    var startsAt: GameInstant?
    /// When the last `room` message went out (a countdown re-sends it once a second).
    var lastRoomBroadcast = ContinuousClock.now
    /// The next member id.
    var nextMember = 1
    /// The member id of the host's own player, once seated in a room. They count as present to the
    /// end: their quitting ends the party (partyhost closes the room when its player leaves), so the
    /// final standings must not call the host "left".
    var hostMember: Int?
    /// The game on: who plays it and who watches (newcomers included).
    var current: RoomGame?
    /// The running game's seats → the member ids holding each (one, or a team; kept for those
    /// who leave during it).
    var seatMembers: [Int: [Int]] = [:]
    /// The announcement of the pick, shown while the game starts and runs.
    var announcement: String?
    /// Every finished game of the room.
    var results: [RoomGameResult] = []
    /// Members who left the room, by the token of their latest welcome: presenting it again
    /// (once, for the rest of the party) seats them as the same member, row and points included.
    var departed: [String: DepartedMember] = [:]

    // MARK: Teams

    /// The running game's teams: seat → the team's name, for seats several players hold.
    var teamNames: [Int: String] = [:]
    /// How the running game's team moves were last said to be played (`TeamMessage.moves`): each
    /// `team` message sent sets it from the game's schedule, and a change of that schedule sends them again.
    var teamMovesProposed = true
    /// Each team's proposals for its seat's next move, by seat.
    var proposals: [Int: SeatProposals] = [:]
    /// Who played in a team with whom in the last game (a locked session mixes them next time).
    var lastTeammates: [Int: Set<Int>] = [:]

    // MARK: The audience

    /// The running game's predictions (nil between games and for a game of one seat).
    var predictions: AudiencePredictions?
    /// Whether predictions changed since the split was last sent.
    var predictionsChanged = false
    /// When the split was last sent (it goes out at most every `predictionBroadcastMilliseconds`).
    var lastPredictionsBroadcast = ContinuousClock.now
    /// The spectators' board: points from right predictions, by spectator connection.
    var spectatorBoard: [Int: SpectatorScore] = [:]

    /// Whether this session is a party room (a constant, so the move path never looks at the room).
    let isRoom: Bool

    /// The event loop this actor and every connection of the session run on.
    nonisolated let loop: any EventLoop

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        loop.executor.asUnownedSerialExecutor()
    }

    /// A session locked to `game` (`room` nil), or a party room.
    init(game: HostedGame?, room settings: RoomSettings?, options: HostOptions, hostKey: String, logger: Logger,
         status: AsyncStream<SessionStatus>.Continuation, loop: any EventLoop) {
        self.loop = loop
        self.options = options
        self.hostKey = hostKey
        self.logger = logger
        self.statusContinuation = status
        var system = SystemRandomNumberGenerator()
        let seed = options.seed ?? system.next()
        random = SeededRandom(seed: seed)
        sessionID = Self.hex(bits: 64, using: &system)
        isRoom = settings != nil
        if let settings = settings {
            games = settings.games
            descriptor = GameDescriptor(id: "party", title: "Party room", minPlayers: 1, maxPlayers: settings.capacity,
                                        joinInProgress: true, summary: "A different game each time, with a scoreboard across games.",
                                        howToPlay: "Vote for the next game; everyone plays, the scoreboard runs all evening.")
            room = PartyRoom(menu: settings.games.map(\.descriptor), choice: settings.choice, seed: seed ^ 0x9E37_79B9_7F4A_7C15,
                             hostSeatReserved: options.reserveHostSeat)
            room?.teams = options.teams
            startDelayMilliseconds = max(0, settings.startDelayMilliseconds)
        } else {
            games = game.map { [$0] } ?? []
            descriptor = game?.descriptor ?? GameDescriptor(id: "none", title: "None", minPlayers: 1, maxPlayers: 1,
                                                             joinInProgress: false, summary: "", howToPlay: "")
            startDelayMilliseconds = 0
        }
        status.yield(SessionStatus(players: 0, maxPlayers: Self.tableCapacity(descriptor: descriptor, options: options), state: settings == nil ? Phase.lobby.rawValue : "choosing",
                                   joinable: true, room: settings != nil))
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
        if let index = spectatorIndex[peerID] {
            return receive(envelope, fromSpectator: spectators[index])
        }
        guard let index = players.firstIndex(where: { $0.peer.id == peerID }) else { return }
        // The peer alone, not the whole `TablePlayer` (a copy of it would retain all it holds).
        let peer = players[index].peer
        switch envelope.type {
        case .heartbeat:
            return
        case .hello:
            peer.send(ErrorMessage(.alreadyWelcomed, inReplyTo: envelope.seq))
        case .ready:
            guard let ready = decode(Ready.self, envelope, for: peer) else { return }
            // A room starts its games by vote: ready is accepted and changes nothing.
            if !isRoom { setReady(ready.ready, at: index) }
        case .start:
            if isRoom {
                roomStartRequested(by: index, seq: envelope.seq)
            } else {
                startRequested(by: index, seq: envelope.seq)
            }
        case .move:
            move(envelope, from: index)
        case .typedMove:
            typedMove(envelope, from: index)
        case .rematch:
            if isRoom {
                peer.send(ErrorMessage(.rematchInRoom, inReplyTo: envelope.seq))
            } else {
                rematchRequested(by: index, seq: envelope.seq)
            }
        case .leave:
            remove(peerID: peerID, reason: .left)
        case .vote:
            if isRoom {
                vote(envelope, from: index)
            } else {
                peer.send(ErrorMessage(.notARoom, inReplyTo: envelope.seq))
            }
        case .predict:
            predict(envelope, from: peer, as: predictor(player: index))
        case .welcome, .reject, .lobby, .view, .moveRejected, .gameOver, .playerLeft, .ended, .error, .room, .team, .predictions, .prediction:
            peer.send(ErrorMessage(.unexpectedMessage(type: envelope.type.rawValue), inReplyTo: envelope.seq))
        }
    }

    func decode<Message: Decodable>(_ type: Message.Type, _ envelope: Envelope, for peer: PeerLink) -> Message? {
        do {
            return try codec.decode(type, from: envelope)
        } catch {
            peer.send(ErrorMessage(.malformed(error), inReplyTo: envelope.seq))
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
            player.peer.send(ErrorMessage(.notHost, inReplyTo: seq))
            return
        }
        if phase == .lobby { players[index].ready = true }
        if let problem = startProblem() {
            player.peer.send(ErrorMessage(.cannotStart(detail: problem), inReplyTo: seq))
            broadcastLobby()
            return
        }
        startGame()
    }

    /// Ends the session: everyone is told (in a room, with the final scoreboard), then every
    /// connection closes. Returns the connections told (they close once `ended` is written).
    @discardableResult
    func end(reason: String, message: String) -> Set<Int> {
        guard !ended else { return [] }
        ended = true
        let scoreboard = isRoom ? scoreboardLines() : nil
        let peers = players.map(\.peer) + spectators.map(\.peer)
        Self.send(Ended(reason: reason, message: message, scoreboard: scoreboard), to: peers)
        for peer in peers { peer.close() }
        players.removeAll()
        spectators.removeAll()
        spectatorIndex.removeAll()
        statusContinuation.finish()
        return Set(peers.map(\.id))
    }

    // MARK: Status

    func publishStatus() {
        let status: SessionStatus
        if isRoom {
            status = SessionStatus(players: players.count, maxPlayers: tableCapacity, state: roomState,
                                   joinable: players.count < tableCapacity, room: true,
                                   game: roomState == "choosing" ? nil : current?.game ?? room?.plan?.game)
        } else {
            status = SessionStatus(players: players.count, maxPlayers: tableCapacity, state: phase.rawValue,
                                   joinable: players.count < tableCapacity && (phase != .playing || descriptor.joinInProgress || options.teams))
        }
        guard status != lastStatus else { return }
        lastStatus = status
        statusContinuation.yield(status)
    }
}
