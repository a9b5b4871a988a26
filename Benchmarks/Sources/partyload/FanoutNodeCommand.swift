import ArgumentParser
import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresNIO

/// One subscribing node of `fanout`, in a process of its own: it receives views by LISTEN or on a
/// node link, notes when each arrived, and reports the instants when told how many to expect.
///
/// Standard input: `EXPECT n` (print `RESULT` once n views are in); its end prints `RESULT` if
/// not printed yet and exits. Standard output: `READY [port]` once it can receive, then
/// `RESULT cpu=SECONDS arrivals=t0,t1,…` (uptime nanoseconds, 0 for a view that never came).
struct FanoutNodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fanout-node",
        abstract: "A subscriber of `fanout` (started by it): LISTEN on PostgreSQL or accept a node link, note each view's arrival.",
        shouldDisplay: false)

    @Option(help: "notify (LISTEN on --database) or link (accept one TCP connection on loopback).")
    var transport = "link"

    @Option(help: "postgres://USER@/DATABASE?host=SOCKET_DIRECTORY, for --transport notify.")
    var database: String?

    @Option(help: "The NOTIFY channel.")
    var channel = "room_views"

    @Option(help: "Give up after this many seconds.")
    var timeLimit = 900

    func run() async throws {
        TimeLimit.start(seconds: timeLimit)
        let arrivals = FanoutArrivals()
        arrivals.readInstructions()
        switch transport {
        case "notify":
            guard let database else { throw ValidationError("--transport notify needs --database") }
            let configuration = try FanoutDatabase.configuration(database)
            let connection = try await PostgresConnection.connect(on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration,
                                                                  id: 1, logger: Logger(label: "fanout-node"))
            try await connection.listen(on: channel) { notifications in
                arrivals.ready("READY")
                for try await notification in notifications {
                    var payload = notification.payload
                    let seq = payload.withUTF8 { FanoutView.sequence(of: UnsafeRawBufferPointer($0)) }
                    if let seq { arrivals.arrived(seq) }
                }
            }
        case "link":
            let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LinkFrames(arrivals: arrivals)))
                    }
                }
                .bind(host: "127.0.0.1", port: 0).get()
            guard let port = server.localAddress?.port else { throw LoadError.noPort }
            arrivals.ready("READY \(port)")
            try await server.closeFuture.get()
        default:
            throw ValidationError("--transport is notify or link")
        }
    }

    /// Splits a link's bytes into length-prefixed frames and notes each view's arrival.
    struct LinkFrames: ByteToMessageDecoder {
        typealias InboundOut = Never
        let arrivals: FanoutArrivals

        mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
            guard let length = buffer.getInteger(at: buffer.readerIndex, as: UInt32.self),
                  buffer.readableBytes >= 4 + Int(length) else { return .needMoreData }
            let seq = buffer.withUnsafeReadableBytes { FanoutView.sequence(of: UnsafeRawBufferPointer(rebasing: $0.dropFirst(4))) }
            buffer.moveReaderIndex(forwardBy: 4 + Int(length))
            if let seq { arrivals.arrived(seq) }
            return .continue
        }
    }
}
