import Logging
import NIOCore
import NIOPosix
import PartyWeb
import PartyWire
import Synchronization

/// A party server (`partyhost serve`): one port, any number of rooms, each a whole party reached
/// by its four-letter code: a WebSocket at `/CODE/ws`, or a framed connection whose `hello` names
/// `room`. Every room and every connection runs on the server's one event loop (a connection
/// cannot change loops once accepted, and each room's session handles its connections' reads on
/// their loop). Stopping the server ends no party: each room's journal keeps it for the next start.
public final class RoomServer: Sendable {
    /// How the server listens, and its limits.
    public let options: ServeOptions
    let logger: Logger
    /// The loop every room and connection runs on.
    public let loop: any EventLoop
    private let rooms = Mutex<[String: ServedRoom]>([:])
    /// The rooms other nodes hold that this node relays to its own watchers, by code.
    let relays = Mutex<[String: WatchRelay]>([:])
    private let guesses: Mutex<CodeGuesses>
    private let registry = Mutex<ConnectionRegistry?>(nil)
    private let stopSignal: AsyncStream<Void>
    private let stopContinuation: AsyncStream<Void>.Continuation
    private let started = ContinuousClock.now
    /// Where the rooms this node does not hold are (a fleet's directory); nil: a server alone.
    let directory: (any RoomDirectory)?
    /// The instant the idle sweep measures by (the system's; a test's own to make time pass at will).
    private let now: @Sendable () -> ContinuousClock.Instant

    /// A server with `options`, its rooms and connections on `loop`; `now` is the idle sweep's
    /// clock. With a `directory`, a code no local room has is looked up there and its guests
    /// carried to the node that holds it.
    public init(options: ServeOptions, loop: any EventLoop, logger: Logger, directory: (any RoomDirectory)? = nil,
                now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.options = options
        self.directory = directory
        self.loop = loop
        self.logger = logger
        self.now = now
        guesses = Mutex(options.guesses)
        (stopSignal, stopContinuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    // MARK: Rooms

    /// Whether this server's rooms let other nodes relay them (`HostOptions.acceptsRelays`): in a
    /// fleet (a directory, or `--fleet-peer`).
    public var acceptsRelays: Bool { directory != nil || !options.fleetPeers.isEmpty }

    /// The live room with `code` (any case), if there is one.
    public func room(_ code: String) -> ServedRoom? {
        guard let code = RoomCode.normalized(code) else { return nil }
        return rooms.withLock { $0[code] }
    }

    /// Every live room.
    public var liveRooms: [ServedRoom] {
        rooms.withLock { Array($0.values) }
    }

    /// A code no live room has.
    public func freeCode() -> String {
        var system = SystemRandomNumberGenerator()
        while true {
            let code = RoomCode.random(using: &system)
            if rooms.withLock({ $0[code] == nil }) { return code }
        }
    }

    /// Opens a room with `code` (a fresh one from `freeCode`, or a resumed room's own) playing
    /// `game` or run by `room`, journaled by `journal`; it lives until its party ends (its VIP ends
    /// it, or it stays idle). Throws when `code` is taken or the server is full.
    @discardableResult
    public func open(code: String, name: String, game: HostedGame? = nil, room settings: RoomSettings? = nil,
                     options roomOptions: HostOptions, journal: HostJournal? = nil) throws(ServeError) -> ServedRoom {
        let room = ServedRoom(code: code, name: name, game: game, room: settings, options: roomOptions, logger: logger,
                              loop: loop, journal: journal)
        try rooms.withLock { (rooms: inout [String: ServedRoom]) throws(ServeError) in
            guard rooms[code] == nil else { throw .codeTaken(code: code) }
            guard rooms.count < options.maxRooms else { throw .full(rooms: options.maxRooms) }
            rooms[code] = room
        }
        room.start()
        logger.info("room opened", metadata: ["room": "\(code)", "name": "\(name)", "resumed": "\(room.resumed != nil)"])
        // The room is gone once its party ends (its status stream finishes then).
        Task { [weak self] in
            for await _ in room.statusUpdates {}
            self?.forget(room)
        }
        return room
    }

    /// Ends the room's party (`reason` as in the journal) and frees its code.
    public func close(_ room: ServedRoom, reason: String, message: String) async {
        await room.end(reason: reason, message: message)
        forget(room)
    }

    /// Stops serving `code`'s room here without ending its party (in a fleet, another node holds
    /// it now); returns the inputs its journal had not written yet (nil: none, or no such room).
    @discardableResult
    public func abandon(code: String) async -> JournalBatch? {
        guard let room = room(code) else { return nil }
        forget(room)
        let unwritten = await room.abandon()
        logger.info("room handed over", metadata: ["room": "\(code)"])
        return unwritten
    }

    private func forget(_ room: ServedRoom) {
        let removed = rooms.withLock { rooms -> Bool in
            guard rooms[room.code] === room else { return false }
            rooms[room.code] = nil
            return true
        }
        if removed { logger.info("room closed", metadata: ["room": "\(room.code)"]) }
    }

    /// What the server holds now: rooms, and in them players and watchers connected (people and
    /// bots), rooms with a game on, and open connections. Call it on `loop` (HTTP answers are made there).
    public func census() -> Census {
        loop.preconditionInEventLoop()
        var census = Census(connections: registry.withLock { $0?.openCount ?? 0 })
        for room in liveRooms {
            let (players, watchers, playing) = room.session.assumeIsolated { session in
                (session.table.players.filter(\.connected).count, session.table.spectators.count - session.table.relays.count, { if case .playing = session.table.stage { true } else { false } }())
            }
            census.rooms += 1
            census.players += players
            census.watchers += watchers
            if playing { census.playing += 1 }
        }
        // Watchers of other nodes' rooms, served here by this node's relays.
        census.watchers += relays.withLock { $0.values.map(\.watchers.count).reduce(0, +) }
        return census
    }

    /// A count of what a server holds.
    public struct Census: Sendable, Equatable {
        /// Open connections (HTTP, WebSocket, framed).
        public var connections: Int
        /// Live rooms.
        public var rooms = 0
        /// Rooms with a game on.
        public var playing = 0
        /// Players connected, bots included.
        public var players = 0
        /// Watchers connected here (TVs and the audience), those of rooms this node relays included.
        public var watchers = 0
    }

    // MARK: Codes

    /// Milliseconds since the server started (the guessing limit's clock).
    var nowMilliseconds: Int64 { (ContinuousClock.now - started).wholeMilliseconds }

    /// Looks `code` up for `address`: the room, or how long to wait before saying there is none,
    /// or a refusal for an address that guessed too often. A wrong code is answered the same
    /// whether or not a room ever had it. In a fleet, the code of a room on its way to another
    /// node (its node died) is answered "none" at once and not counted: its guests, all behind
    /// one home's address, try each node in turn until one has the room again.
    public func lookUp(_ code: String, for address: String) -> CodeLookup {
        let now = nowMilliseconds
        let verdict = guesses.withLock { $0.check(address, now: now) }
        if case .refused(let seconds) = verdict { return .refused(seconds: seconds) }
        if let room = room(code) { return .found(room) }
        if let named = RoomCode.normalized(code), directory?.isMoving(code: named) == true { return .none(delayMilliseconds: 0) }
        guesses.withLock { $0.missed(address, now: now) }
        if case .answer(let delay) = verdict { return .none(delayMilliseconds: delay) }
        return .none(delayMilliseconds: 0)
    }

    /// What a code lookup found.
    public enum CodeLookup: Sendable {
        /// The live room.
        case found(ServedRoom)
        /// No live room has the code: say so after this wait.
        case none(delayMilliseconds: Int64)
        /// The address guessed too often: refused for this long.
        case refused(seconds: Int64)
    }

    /// The session a hello on a connection from `address` asks for (`pathCode`: the code of the
    /// WebSocket's path), or for a watcher at `/CODE/ws?watch` (`watch`) of a room another node of
    /// the fleet holds, this node's relay of it.
    func findRoom(_ hello: Hello, pathCode: String?, address: String, watch: Bool = false) -> Result<RoomTarget, Refusal> {
        guard let asked = pathCode ?? hello.room else { return .failure(.roomRequired) }
        if let pathCode, let named = hello.room, RoomCode.normalized(named) != pathCode { return .failure(.noSuchRoom) }
        // Only another node of the fleet relays a room (its `hello` says so).
        if hello.features?.contains("relay") == true, !isFleetPeer(address) { return .failure(.relayRefused) }
        if watch, room(asked) == nil, let code = RoomCode.normalized(asked), let relay = relay(for: code) {
            return .success(.relay(relay))
        }
        switch lookUp(asked, for: address) {
        case .found(let room): return .success(.session(room.session))
        case .none: return .failure(.noSuchRoom)
        case .refused(let seconds): return .failure(.tooManyAttempts(lockoutSeconds: seconds))
        }
    }

    /// This node's relay of `code`, a room the directory places on another node (started now when
    /// there is none yet); nil when no node holds it. Called on `loop`.
    func relay(for code: String) -> WatchRelay? {
        loop.preconditionInEventLoop()
        if let running = relays.withLock({ $0[code] }) { return running }
        // A room on its way to another node (its node died) is nowhere yet: "no such room" for now.
        guard let directory, !directory.isMoving(code: code), let place = directory.locate(code: code) else { return nil }
        let relay = WatchRelay(code: code, place: place, loop: loop, logger: logger, maxWatchers: options.host.maxSpectators) {
            [weak self] finished in
            self?.relays.withLock { if $0[finished.code] === finished { $0[finished.code] = nil } }
        }
        relays.withLock { $0[code] = relay }
        relay.start()
        return relay
    }

    // MARK: Serving

    /// Asks the running server to stop: every connection closes; the rooms stay in their journals.
    public func shutdown() {
        stopContinuation.yield()
    }

    /// Addresses never held to the per-address limits: trusted proxies, fleet peers, loopback, and
    /// the server's own address (bound to one address, its rooms' bots connect from it: at the
    /// default 32 connections an address, a node bound to its address seated the bots of 16 rooms).
    var unlimitedAddresses: Set<String> {
        options.trustedProxies.union(options.fleetPeers).union(["127.0.0.1", "::1", options.host.bindAddress])
    }

    /// Listens, serves until `shutdown` (or until the calling task is cancelled), then closes
    /// every connection. `routes` answers the server's own HTTP paths; `onListening` receives the
    /// bound address.
    public func run(routes: any WebRoutes, onListening: @Sendable (SocketAddress) async -> Void = { _ in }) async throws {
        let host = options.host
        // Numbered after every resumed room's journal.
        let after = liveRooms.map(\.lastPeer).max() ?? 0
        let connections = ConnectionRegistry(maxConnections: host.maxConnections, maxPerAddress: host.maxConnectionsPerAddress,
                                             acceptsPerSecond: host.acceptsPerSecond, acceptBurst: host.acceptBurst, after: after,
                                             unlimited: unlimitedAddresses,
                                             alsoUnlimited: { [directory] in directory?.isFleetNode(address: $0) == true })
        registry.withLock { $0 = connections }
        var web = WebOptions()
        web.firstByteTimeout = .milliseconds(host.handshakeTimeoutMilliseconds)
        web.assets = host.webAssets
        web.routes = routes
        web.maxRequestBodyBytes = 8 * 1024
        web.clientDownload = nil
        if let origin = options.publicOrigin { web.allowedOrigins = [origin] }
        if directory != nil { web.carry = self }
        let server = try await SessionServer.open(on: loop, options: host, backlog: 4096, logger: logger,
                                                  onListening: onListening) { [self, web] channel in
            try accept(channel, connections: connections, web: web)
        }
        let sweeper = Task { await sweepIdleRooms() }
        for await _ in stopSignal { break }
        sweeper.cancel()
        try? await server.close()
        await connections.closeAll(except: [], after: .milliseconds(host.shutdownGraceMilliseconds))
    }

    /// Sets up one accepted connection: HTTP (the routes and pages), a WebSocket into the room of
    /// its path, or a framed connection into the room its hello names.
    private func accept(_ channel: any Channel, connections: ConnectionRegistry, web: WebOptions) throws {
        let host = options.host
        let socketAddress = SessionServer.peerText(channel.remoteAddress)
        let (id, admission) = connections.admit(channel, address: socketAddress, now: channel.eventLoop.now)
        guard admission != .tooFast else {
            channel.close(promise: nil)
            return
        }
        let overCapacity = admission == .overCapacity
        channel.closeFuture.whenComplete { _ in connections.closed(id) }
        let trusted = believesForwarding(from: socketAddress)
        let attach: @Sendable (any Channel, Bool, String?, String?, Bool) throws -> Void = { [self] channel, framed, pathCode, forwarded, watch in
            // Behind a trusted proxy the client is the address it forwarded, held to its own limit.
            let address = trusted ? (forwarded ?? socketAddress) : socketAddress
            let overCapacity = overCapacity || (address != socketAddress && !connections.reassign(id, to: address))
            let outbox = ConnectionOutbox(channel: channel, limit: host.outboundQueueLimit, wholeFrames: framed)
            let peer = PeerLink(id: id, outbox: outbox, address: address)
            let handler = ConnectionHandler(
                session: nil, findRoom: { [self] hello in findRoom(hello, pathCode: pathCode, address: address, watch: watch) },
                peer: peer, logger: logger, rate: RateLimiter(perSecond: host.messagesPerSecond, burst: host.messageBurst),
                overCapacity: overCapacity, framing: framed ? FrameSplitter() : nil,
                deadlines: PeerDeadlines(handshakeTimeout: .milliseconds(host.handshakeTimeoutMilliseconds),
                                         peerTimeout: .milliseconds(host.peerTimeoutMilliseconds)),
                onClose: { connections.closed(id) })
            try channel.pipeline.syncOperations.addHandler(handler)
        }
        try WebTransport.configure(channel, options: web, overCapacity: overCapacity,
                                   idle: { idle in connections.setIdleHTTP(id, idle) },
                                   configureWire: { channel in try attach(channel, true, nil, nil, false) },
                                   configureRoomSocket: { channel, opening in
                                       try attach(channel, false, Self.code(ofSocketPath: opening.path), opening.forwardedFor, opening.watch)
                                   })
    }

    /// The room code of a WebSocket path `/ABCD/ws` (nil for the plain `/ws`).
    static func code(ofSocketPath path: String) -> String? {
        let parts = path.split(separator: "/")
        guard parts.count == 2, parts[1] == "ws" else { return nil }
        return RoomCode.normalized(parts[0])
    }

    /// The journal's word for a room closed because nobody was in it.
    static let idleReason = "idle"

    /// Closes rooms nobody (no person; bots do not count) has been connected to for the idle time.
    private func sweepIdleRooms() async {
        var emptySince: [String: ContinuousClock.Instant] = [:]
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(options.idleSweepMilliseconds))
            let now = self.now()
            var live: Set<String> = []
            for room in liveRooms {
                live.insert(room.code)
                if await room.humansConnected() > 0 {
                    emptySince[room.code] = nil
                    continue
                }
                let since = emptySince[room.code] ?? now
                emptySince[room.code] = since
                if now - since >= .milliseconds(options.roomIdleMilliseconds) {
                    emptySince[room.code] = nil
                    await close(room, reason: Self.idleReason, message: "Nobody was here for a while, so the party closed.")
                }
            }
            emptySince = emptySince.filter { live.contains($0.key) }
        }
    }
}

/// Why a party server cannot open a room.
public enum ServeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A live room has the code already.
    case codeTaken(code: String)
    /// The server holds as many rooms as it may (`--max-rooms`).
    case full(rooms: Int)

    public var description: String {
        switch self {
        case .codeTaken(let code): "A live room has the code \(code) already."
        case .full(let rooms): "This server cannot start new parties right now (it holds \(rooms) rooms, its most); try again later."
        }
    }
}
