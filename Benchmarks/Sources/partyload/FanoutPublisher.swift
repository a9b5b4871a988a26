import Logging
import NIOCore
import NIOPosix
import PostgresNIO

/// The room's node in `fanout`: sends each view once, and every subscribing node receives it.
protocol FanoutPublisher: Sendable {
    /// Sends view `seq`, stamped `sentAt`; with `wait`, returns once it is handed to the kernel
    /// (a link) or PostgreSQL has answered (NOTIFY), otherwise possibly earlier.
    func publish(_ view: FanoutView, seq: Int, sentAt: UInt64, wait: Bool) async throws
    /// Closes the publisher's connections.
    func close() async
}

/// LISTEN/NOTIFY: `SELECT pg_notify(channel, payload)` per view on the publisher's own
/// connection, one at a time (a node keeps its views in order), each its own transaction.
struct NotifyPublisher: FanoutPublisher {
    let connection: PostgresConnection
    let channel: String
    let logger: Logger

    /// Connects to the database that `url` names.
    static func connect(url: String, channel: String) async throws -> NotifyPublisher {
        let logger = Logger(label: "fanout-publisher")
        let connection = try await PostgresConnection.connect(on: MultiThreadedEventLoopGroup.singleton.next(),
                                                              configuration: try FanoutDatabase.configuration(url), id: 1, logger: logger)
        return NotifyPublisher(connection: connection, channel: channel, logger: logger)
    }

    func publish(_ view: FanoutView, seq: Int, sentAt: UInt64, wait: Bool) async throws {
        try await notify(view.text(seq: seq, sentAt: sentAt))
    }

    /// Runs `pg_notify` with `payload` and reads its (empty) row.
    func notify(_ payload: String) async throws {
        let rows = try await connection.query("SELECT pg_notify(\(channel), \(payload))", logger: logger)
        for try await _ in rows {}
    }

    func close() async {
        try? await connection.close()
    }
}

/// Node links: one TCP connection from the publisher to each subscribing node; a view is one
/// length-prefixed frame, encoded once and written to every link.
struct LinkPublisher: FanoutPublisher {
    let links: [any Channel]

    /// Connects to each subscriber's port on loopback.
    static func connect(ports: [Int]) async throws -> LinkPublisher {
        var links: [any Channel] = []
        for port in ports {
            links.append(try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .channelOption(.socketOption(.tcp_nodelay), value: 1)
                .connect(host: "127.0.0.1", port: port).get())
        }
        return LinkPublisher(links: links)
    }

    func publish(_ view: FanoutView, seq: Int, sentAt: UInt64, wait: Bool) async throws {
        let frame = view.frame(seq: seq, sentAt: sentAt, allocator: links[0].allocator)
        let written = links.map { $0.writeAndFlush(frame) }
        if wait {
            for future in written { try await future.get() }
        }
    }

    func close() async {
        for link in links { try? await link.close() }
    }
}
