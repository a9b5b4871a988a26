import Logging
import NIOCore
import NIOPosix
import PartyClient
@testable import PartyFleet
import PartyServe
import PartyServer
import PartyWeb
import PartyWire
import PostgresNIO
import Synchronization

/// One node of a fleet for a test: a party server on loopback journaling in the private
/// PostgreSQL, with its lease loop; `kill` stops it as a crash would (no goodbye to the fleet).
final class FleetHarness: Sendable {
    let host: ServeHost
    let node: FleetNode
    let store: PostgresJournalStore
    let port: Int
    /// The node's HTTP paths (its `/healthz` and `/api/fleet` from the node).
    let routes: ServeRoutes
    private let serving: Task<Void, any Error>
    private let leasing: Task<Void, Never>

    var server: RoomServer { host.server }
    var address: HostAddress { HostAddress(host: "127.0.0.1", port: port) }

    private init(host: ServeHost, node: FleetNode, store: PostgresJournalStore, port: Int, routes: ServeRoutes,
                 serving: Task<Void, any Error>, leasing: Task<Void, Never>) {
        self.routes = routes
        self.host = host
        self.node = node
        self.store = store
        self.port = port
        self.serving = serving
        self.leasing = leasing
    }

    /// Nodes "a" and "b" on a new database of `server`, each holding its lease; and that
    /// database's configuration (for a node started later).
    static func pair(on server: PrivatePostgres, group: MultiThreadedEventLoopGroup, leaseMilliseconds: Int64 = 6_000) async throws
        -> (FleetHarness, FleetHarness, PostgresConnection.Configuration) {
        let configuration = server.configuration(database: try await server.newDatabase())
        let a = try await start("a", configuration: configuration, loop: group.next(), leaseMilliseconds: leaseMilliseconds)
        let b = try await start("b", configuration: configuration, loop: group.next(), leaseMilliseconds: leaseMilliseconds)
        try await a.waitForLease()
        try await b.waitForLease()
        return (a, b, configuration)
    }

    /// Starts node `name` (its rooms' bots voting too with `botsVote`) on `configuration`'s database with a lease of `leaseMilliseconds`.
    static func start(_ name: String, configuration: PostgresConnection.Configuration, loop: any EventLoop,
                      leaseMilliseconds: Int64 = 6_000, botsVote: Bool = false) async throws -> FleetHarness {
        var logger = Logger(label: "fleet-test-\(name)")
        logger.logLevel = .warning
        let store = try PostgresJournalStore(configuration: configuration, membership: FleetMembership(node: name))
        var hostOptions = HostOptions(bindAddress: "127.0.0.1", port: 0, sessionName: "fleet test", maxConnections: 1_000)
        hostOptions.maxConnectionsPerAddress = 1_000
        hostOptions.acceptsPerSecond = nil
        hostOptions.graceMilliseconds = 30_000
        // Any node answers any code: what this node does not hold it carries to the node that does.
        let box = FleetNodeBox()
        let server = RoomServer(options: ServeOptions(host: hostOptions), loop: loop, logger: logger, directory: box)
        let host = ServeHost(server: server, store: store, logger: logger, retryMilliseconds: 200, botsVote: botsVote)
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let routes = ServeRoutes(host: host, assets: .builtIn, health: box)
        let serving = Task {
            defer { continuation.finish() }
            try await server.run(routes: routes) { address in continuation.yield(address.port ?? 0) }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            try await serving.value
            throw ClientError.badAddress("the test server did not listen")
        }
        host.listening(on: port)
        var options = FleetNode.Options(name: name, publicURL: "http://127.0.0.1:\(port)", address: "127.0.0.1:\(port)")
        options.leaseMilliseconds = leaseMilliseconds
        options.sweepMilliseconds = 100
        let node = FleetNode(options: options, store: store, configuration: configuration, host: host, logger: logger)
        box.node.withLock { $0 = node }
        let leasing = Task { await node.run() }
        return FleetHarness(host: host, node: node, store: store, port: port, routes: routes, serving: serving, leasing: leasing)
    }

    /// Waits until the node holds a lease.
    func waitForLease(within seconds: Int = 20) async throws {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while !node.serving, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
    }

    /// Stops as a crashed process would: the lease is no longer renewed, every connection closes,
    /// and nothing of its rooms is written again (their journals are sealed); the fleet is not told.
    func kill() async {
        leasing.cancel()
        await leasing.value
        for room in server.liveRooms { await host.handOver(code: room.code) }
        server.shutdown()
        _ = try? await serving.value
        store.close()
    }

    /// Stops the lease loop (no more claims, no more renewals), and nothing else.
    func stopLeasing() async {
        leasing.cancel()
        await leasing.value
    }

    /// Leaves the fleet on purpose and stops.
    func stop() async {
        await stopLeasing()
        await node.leave()
        server.shutdown()
        _ = try? await serving.value
        store.close()
    }

    /// What the node knows of its lease, its database and its rooms, for a failure's message.
    var situation: String {
        let state = node.state.withLock { $0 }
        let (incarnation, held) = node.membership.snapshot
        return "incarnation \(incarnation) (registered: \(state.registered ?? "none")), lease valid: \(state.validUntil.map { "\($0 - .now)" } ?? "no"), "
            + "database: \(state.problem ?? "answers"), holds \(held), unwritten batches \(state.unwritten.count), "
            + "rooms served \(server.liveRooms.map(\.code))"
    }

    /// A hello of a person named `name` for room `room`.
    static func hello(_ name: String, room: String, token: String? = nil, hostKey: String? = nil) -> Hello {
        var hello = Hello(protocol: 2, client: "fleet-test", name: name, game: "party", hostKey: hostKey, token: token, features: ["teams"])
        hello.room = room
        return hello
    }
}

/// Polls `probe` every 50 ms until it gives a value, for at most `seconds`.
func eventually<T>(seconds: Int, _ probe: () async -> T?) async throws -> T {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
        if let value = await probe() { return value }
        try await Task.sleep(for: .milliseconds(50))
    }
    throw FleetTestError.timedOut(seconds: seconds)
}
