import ArgumentParser
import Foundation
import Logging
import NIOCore
import NIOPosix
import PartyFleet
import PartyJournal
import PartyServe
import PartyServer
import PartyShell
import PartyTerminal

/// `partyhost serve`: a party server with no party of its own: anyone starts a room from its page,
/// everyone joins a room by its four-letter code.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run a party server: rooms started from its web page, joined by a four-letter code.",
        discussion: """
            Visitors open the server's page to start a party (a room with a four-letter code) or \
            to join one; phones play at /CODE, a TV shows /CODE/tv, and terminals join with \
            partyclient --connect HOST:PORT --room CODE. Run it behind a reverse proxy that \
            terminates TLS (docs/DEPLOY.md). Every room is journaled in the state directory \
            (serve.journal): a restarted server resumes every live room.
            """
    )

    @Option(help: "The port to listen on.")
    var port = 8080

    @Option(help: ArgumentHelp("The address to listen on (default: every address, IPv4 and IPv6).", valueName: "address"))
    var bind = HostOptions.bothFamilies

    @Option(name: .customLong("public-url"), help: ArgumentHelp("The server's public address (https://party.example.org): the rooms' links and QR codes use it, and pages from it may open WebSockets.", valueName: "url"))
    var publicURL: String?

    @Option(name: .customLong("trusted-proxy"), help: ArgumentHelp("A reverse proxy's address whose X-Forwarded-For names the real visitor (repeatable).", valueName: "address"))
    var trustedProxies: [String] = []

    @Option(name: .customLong("fleet-peer"), help: ArgumentHelp("Another node of the fleet: its X-Forwarded-For names the guest it carried here, and it has no per-address limit (repeatable).", valueName: "address"))
    var fleetPeers: [String] = []

    @Option(name: .customLong("carry-to"), help: ArgumentHelp("Carry every guest of a code this node does not hold to the node at host:port (a fleet of two without a database; for benchmarks).", valueName: "host:port", visibility: .hidden))
    var carryTo: String?

    @Flag(name: .customLong("bots-vote"), help: ArgumentHelp("The rooms' bots vote too, so that a room of bots plays game after game by itself (for benchmarks).", visibility: .hidden))
    var botsVote = false

    @Option(name: .customLong("max-rooms"), help: "The most live rooms in all.")
    var maxRooms = 1_000

    @Option(name: .customLong("rooms-per-hour"), help: "Rooms one address may start per hour.")
    var roomsPerHour = 10

    @Option(name: .customLong("room-idle-minutes"), help: "A room with nobody connected this long closes and its code is freed.")
    var roomIdleMinutes = 10.0

    @Option(name: .customLong("max-connections"), help: "The most connections at once, in all.")
    var maxConnections = 10_000

    @Option(name: .customLong("max-connections-per-address"), help: "The most connections at once from one address.")
    var maxConnectionsPerAddress = 32

    @Option(name: .customLong("max-spectators"), help: "The most watchers (TVs, audience) per room.")
    var maxSpectators = 64

    @Option(help: ArgumentHelp("The state directory for the rooms' journal (default: $XDG_STATE_HOME/partyhost, else ~/.local/state/partyhost).", valueName: "dir"))
    var state: String?

    @Flag(name: .customLong("no-journal"), help: "Keep rooms in memory only (a restart loses them).")
    var noJournal = false

    @Option(help: ArgumentHelp("Join a fleet of servers sharing this PostgreSQL database (postgres://USER@HOST/DATABASE; docs/DEPLOY.md). Without it the server is a fleet of one on its own journal.", valueName: "url"))
    var database: String?

    @Option(name: .customLong("node-name"), help: ArgumentHelp("This server's name in its fleet (default: the machine's host name).", valueName: "name"))
    var nodeName: String?

    @Option(name: .customLong("node-address"), help: ArgumentHelp("Where the fleet's other servers reach this one (HOST:PORT; default: the --bind address and the port).", valueName: "host:port"))
    var nodeAddress: String?

    @Option(name: .customLong("lease-seconds"), help: "In a fleet: how long a server's rooms stay its own when it stops renewing its lease (then another server takes them over).")
    var leaseSeconds = 10.0

    @Flag(help: "Log only warnings and errors (by default every room event is logged, one line each with the room's code).")
    var quiet = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535.") }
        guard maxRooms >= 1 else { throw ValidationError("--max-rooms must be at least 1.") }
        guard roomsPerHour >= 1 else { throw ValidationError("--rooms-per-hour must be at least 1.") }
        guard roomIdleMinutes > 0, roomIdleMinutes <= 24 * 60 else { throw ValidationError("--room-idle-minutes must be more than 0 and at most 1440.") }
        guard maxConnections >= 1, maxConnectionsPerAddress >= 1 else { throw ValidationError("Connection limits must be at least 1.") }
        guard (0...10_000).contains(maxSpectators) else { throw ValidationError("--max-spectators must be from 0 to 10000.") }
        guard leaseSeconds >= 2, leaseSeconds <= 600 else { throw ValidationError("--lease-seconds must be from 2 to 600.") }
        if database != nil, noJournal { throw ValidationError("--database and --no-journal cannot go together: a fleet's rooms are journaled in its database.") }
        if database == nil, nodeName != nil || nodeAddress != nil {
            throw ValidationError("--node-name and --node-address belong to a fleet: give --database too.")
        }
        if database != nil, nodeAddress == nil, Self.botHost(bind) == "127.0.0.1", bind != "127.0.0.1" {
            throw ValidationError("A fleet node listening on every address needs --node-address HOST:PORT (where the other nodes reach it), or --bind one address.")
        }
        if let publicURL, Self.origin(of: publicURL) == nil {
            throw ValidationError("--public-url must be an http:// or https:// address such as https://party.example.org, not \(publicURL).")
        }
    }

    /// `https://party.example.org` of `https://Party.example.org/`, lower case; nil when it is not one.
    static func origin(of url: String) -> String? {
        PublicOrigin.of(url)
    }

    func run() async throws {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = quiet ? .warning : .info
            return handler
        }
        let logger = Logger(label: "partyhost.serve")
        // Before any room: metrics made earlier would never reach Prometheus.
        let metrics = ServeMetrics.bootstrap()
        var host = HostOptions(bindAddress: bind, port: port, sessionName: "partyhost serve", maxConnections: maxConnections,
                               maxSpectators: maxSpectators)
        host.maxConnectionsPerAddress = maxConnectionsPerAddress
        host.webAssets = WebGames.assets
        var options = ServeOptions(host: host)
        options.maxRooms = maxRooms
        options.roomsPerAddressPerHour = roomsPerHour
        options.roomIdleMilliseconds = Int64(roomIdleMinutes * 60_000)
        options.idleSweepMilliseconds = min(15_000, max(200, options.roomIdleMilliseconds / 4))
        options.trustedProxies = Set(trustedProxies)
        options.fleetPeers = Set(fleetPeers)
        var directory: (any RoomDirectory)?
        if let carryTo {
            guard let colon = carryTo.lastIndex(of: ":"), let port = Int(carryTo[carryTo.index(after: colon)...]) else {
                throw ValidationError("--carry-to needs host:port, not \(carryTo).")
            }
            directory = FixedRoomDirectory(place: RoomPlace(node: carryTo, host: String(carryTo[..<colon]), port: port))
        }
        options.publicOrigin = publicURL.flatMap(Self.origin)

        let fleetStore = try openFleetStore(logger: logger)
        let (store, lock): ((any JournalStore)?, JournalLock?) = try fleetStore.map { ($0, nil) } ?? openJournal()
        // In a fleet, the directory of which node holds which room is the fleet node's (once it runs).
        let fleet = FleetNodeBox()
        let server = RoomServer(options: options, loop: MultiThreadedEventLoopGroup.singleton.next(), logger: logger,
                                directory: fleetStore == nil ? directory : fleet)
        let serveHost = ServeHost(server: server, store: store, logger: logger, retryMilliseconds: fleetStore == nil ? 5_000 : 1_000,
                                  botsVote: botsVote)
        let resumed = fleetStore == nil ? serveHost.resumeRooms() : 0
        let signals = TerminationSignals.stream()
        let routes = ServeRoutes(host: serveHost, assets: WebGames.assets, metrics: metrics, health: fleetStore == nil ? nil : fleet)
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { portContinuation.finish() }
                try await server.run(routes: routes) { address in
                    portContinuation.yield(address.port ?? 0)
                    portContinuation.finish()
                }
            }
            var iterator = ports.makeAsyncIterator()
            guard let bound = await iterator.next() else {
                _ = try await group.next()
                return
            }
            serveHost.listening(on: bound, host: Self.botHost(bind))
            Console.say("Serving parties on port \(bound).")
            if let fleetStore {
                let node = try fleetNode(store: fleetStore, host: serveHost, port: bound, logger: logger)
                fleet.node.withLock { $0 = node }
                Console.say("Node \(node.options.name) of the fleet on \(DatabaseURL.redacted(database ?? "")); other nodes reach it at \(node.options.address).")
                group.addTask {
                    await withTaskCancellationHandler {
                        await node.run()
                    } onCancel: {}
                    await node.leave()
                }
            }
            if resumed > 0 { Console.say("Resumed \(resumed) room\(resumed == 1 ? "" : "s") from the journal.") }
            Console.say("Start or join a party at: \(publicURL ?? "http://localhost:\(bound)/")")
            group.addTask {
                for await _ in signals {
                    server.shutdown()
                    return
                }
            }
            _ = try await group.next()
            group.cancelAll()
        }
        withExtendedLifetime(lock) {}
        Console.say(fleetStore == nil ? "Server stopped; its rooms are kept for the next start." : "Server stopped; its rooms went to the fleet's other servers.")
    }

    /// The rooms' journal (`serve.journal` in the state directory) and its lock; none with --no-journal.
    func openJournal() throws -> ((any JournalStore)?, JournalLock?) {
        guard !noJournal else { return (nil, nil) }
        let directory = StateDirectory(explicit: state)
        do {
            try directory.create()
            let path = directory.journalPath(for: "serve")
            let lock = try JournalLock(journal: path)
            return (try SQLiteJournalStore(path: path), lock)
        } catch .locked(let path, let holder) {
            throw ValidationError(JournalError.locked(path: path, holder: holder).description)
        } catch {
            throw ValidationError("\(error) Start with --no-journal to serve without one.")
        }
    }
}
