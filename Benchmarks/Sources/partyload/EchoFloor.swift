import Histogram
import NIOCore
import NIOPosix

/// The floor: a plain SwiftNIO echo over loopback, one message of `size` bytes at a time.
enum EchoFloor {
    /// Echoes every byte back.
    final class EchoHandler: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            context.writeAndFlush(data, promise: nil)
        }
    }

    /// Sends `size` bytes, waits for all of them to come back, `rounds` times; records each round trip.
    final class PingHandler: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        let payload: ByteBuffer
        let rounds: Int
        let done: EventLoopPromise<Histogram<UInt64>>
        var histogram = Histogram<UInt64>(highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
        var pending = 0
        var round = 0
        var sentAt: UInt64 = 0

        init(size: Int, rounds: Int, done: EventLoopPromise<Histogram<UInt64>>) {
            payload = ByteBuffer(repeating: UInt8(ascii: "x"), count: size)
            self.rounds = rounds
            self.done = done
        }

        func channelActive(context: ChannelHandlerContext) {
            ping(context: context)
            context.fireChannelActive()
        }

        func ping(context: ChannelHandlerContext) {
            pending = payload.readableBytes
            sentAt = NIODeadline.now().uptimeNanoseconds
            context.writeAndFlush(wrapOutboundOut(payload), promise: nil)
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let now = NIODeadline.now().uptimeNanoseconds
            pending -= unwrapInboundIn(data).readableBytes
            guard pending <= 0 else { return }
            _ = histogram.record(max(1, now &- sentAt))
            round += 1
            if round < rounds {
                ping(context: context)
            } else {
                done.succeed(histogram)
                context.close(promise: nil)
            }
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            done.fail(error)
            context.close(promise: nil)
        }
    }

    /// Runs an echo server and one client on 127.0.0.1 and returns the client's round trips.
    /// The server runs where a single `PartyHost` does, on a thread of its own (or with
    /// `ownThread` false on NIO's shared loops); the client runs on NIO's shared loops, as the
    /// load clients do. So the floor crosses the same threads as a move does.
    static func measure(size: Int, rounds: Int, ownThread: Bool) async throws -> Histogram<UInt64> {
        let group = MultiThreadedEventLoopGroup.singleton
        let serverGroup = ownThread ? MultiThreadedEventLoopGroup(numberOfThreads: 1) : nil
        defer { serverGroup?.shutdownGracefully { _ in } }
        let server = try await ServerBootstrap(group: serverGroup ?? group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(EchoHandler()) }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        defer { server.close(promise: nil) }
        guard let port = server.localAddress?.port else { throw LoadError.noPort }
        let done = group.next().makePromise(of: Histogram<UInt64>.self)
        let client = try await ClientBootstrap(group: group)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(PingHandler(size: size, rounds: rounds, done: done))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        defer { client.close(promise: nil) }
        return try await done.futureResult.get()
    }
}
