import Logging
import NIOCore
import NIOPosix
import PartyClient
import PartyServe
import PartyServer
import PartyWeb
import PartyWire

/// A party server on loopback for a test: its rooms, its port, and a way to stop it.
struct ServeHarness {
    let host: ServeHost
    let port: Int
    let task: Task<Void, any Error>

    var server: RoomServer { host.server }
    var address: HostAddress { HostAddress(host: "127.0.0.1", port: port) }

    /// Starts a server with `configure`'s options, journaling in `store`; resumes the store's rooms first.
    static func start(store: (any JournalStore)? = nil, loop: any EventLoop, directory: (any RoomDirectory)? = nil,
                      configure: (inout ServeOptions) -> Void = { _ in },
                      now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) async throws -> ServeHarness {
        var host = HostOptions(bindAddress: "127.0.0.1", port: 0, sessionName: "test serve", maxConnections: 4_000)
        host.maxConnectionsPerAddress = 4_000
        host.acceptsPerSecond = nil
        host.graceMilliseconds = 30_000
        var options = ServeOptions(host: host)
        configure(&options)
        let server = RoomServer(options: options, loop: loop, logger: Logger(label: "serve-test"), directory: directory, now: now)
        let serveHost = ServeHost(server: server, store: store, logger: Logger(label: "serve-test"))
        _ = serveHost.resumeRooms()
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let routes = ServeRoutes(host: serveHost, assets: .builtIn)
        let task = Task {
            defer { continuation.finish() }
            try await server.run(routes: routes) { address in continuation.yield(address.port ?? 0) }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            try await task.value
            throw ClientError.badAddress("the test server did not listen")
        }
        serveHost.listening(on: port, host: options.host.bindAddress)
        return ServeHarness(host: serveHost, port: port, task: task)
    }

    /// Stops the server and waits for it.
    func stop() async {
        server.shutdown()
        _ = try? await task.value
    }

    /// A hello of a person named `name` for room `room`.
    static func hello(_ name: String, room: String?, token: String? = nil, hostKey: String? = nil, spectator: Bool = false) -> Hello {
        var hello = Hello(protocol: 2, client: "serve-test", name: name, game: "party", hostKey: hostKey,
                          role: spectator ? "spectator" : nil, token: token, features: ["teams"])
        hello.room = room
        return hello
    }
}
