import NIOCore
import NIOPosix
@testable import PartyServer
import PartyWire
import Synchronization
import Testing

/// How the outbox counts what the kernel has not taken, over real loopback sockets, without a
/// promise per message: a client that never reads is cut off when exactly `limit` messages are
/// still held back, and a closing outbox waits for a slow client to take the rest.
@Suite("The outbox counts what the kernel has not taken", .timeLimit(.minutes(1)))
struct OutboxCountingTests {
    /// A server connection with an outbox (which sets the channel's watermark itself), and a client connection
    /// to it that reads nothing until asked to.
    struct Pair {
        let server: any Channel
        let outbox: ConnectionOutbox
        let client: any Channel
        let listener: any Channel
        let received: Received

        func close() async {
            for channel in [client, server, listener] { try? await channel.close() }
        }
    }

    /// Counts the bytes a client read and notices its close.
    final class Received: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let bytes = Atomic<Int>(0)
        let closed = Atomic<Bool>(false)

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            bytes.add(unwrapInboundIn(data).readableBytes, ordering: .relaxed)
        }

        func channelInactive(context: ChannelHandlerContext) {
            closed.store(true, ordering: .relaxed)
        }
    }

    /// Tells the outbox when the channel is writable again, as `ConnectionHandler` does, and
    /// hands the connection and its outbox over once the connection is active.
    final class WritabilityHook: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let outbox: ConnectionOutbox
        let active: EventLoopPromise<(any Channel, ConnectionOutbox)>

        init(outbox: ConnectionOutbox, active: EventLoopPromise<(any Channel, ConnectionOutbox)>) {
            self.outbox = outbox
            self.active = active
        }

        func channelActive(context: ChannelHandlerContext) {
            active.succeed((context.channel, outbox))
            context.fireChannelActive()
        }

        func channelWritabilityChanged(context: ChannelHandlerContext) {
            outbox.takenIfWritable()
            context.fireChannelWritabilityChanged()
        }
    }

    /// The outbox is made where `SessionServer` makes it: in the connection's initializer, on its loop.
    static func pair(limit: Int, linger: TimeAmount = .seconds(30)) async throws -> Pair {
        let group = MultiThreadedEventLoopGroup.singleton
        let accepted = group.any().makePromise(of: (any Channel, ConnectionOutbox).self)
        let listener = try await ServerBootstrap(group: group)
            .childChannelOption(.socketOption(.so_sndbuf), value: 4096)
            .childChannelInitializer { channel in
                let outbox = ConnectionOutbox(channel: channel, limit: limit, linger: linger, wholeFrames: true)
                return channel.pipeline.addHandler(WritabilityHook(outbox: outbox, active: accepted))
            }
            .bind(host: "127.0.0.1", port: 0).get()
        let received = Received()
        let client = try await ClientBootstrap(group: group)
            .channelOption(.autoRead, value: false)
            .channelOption(.socketOption(.so_rcvbuf), value: 4096)
            .channelInitializer { $0.pipeline.addHandler(received) }
            .connect(host: "127.0.0.1", port: listener.localAddress?.port ?? 0).get()
        let (server, outbox) = try await accepted.futureResult.get()
        return Pair(server: server, outbox: outbox, client: client, listener: listener, received: received)
    }

    /// The size of one heartbeat frame numbered `seq`, length included.
    static func frameSize(seq: Int) throws -> Int {
        try MessageCodec().encode(Heartbeat(), seq: seq).readableBytes + FramePrepender.headroom
    }

    @Test("a client that never reads is cut off when exactly the limit of messages is held back, however many the kernel took")
    func cutOffAtTheLimit() async throws {
        let limit = 40
        let pair = try await Self.pair(limit: limit)
        let (sent, held) = try await pair.server.eventLoop.submit { () -> (Int, Int) in
            // Where each message sent ends, in bytes handed to the channel.
            var ends: [Int] = []
            // What NIO held just before each send (the refused one closes the channel).
            var buffered = 0
            while true {
                buffered = try pair.server.syncOptions?.getOption(.bufferedWritableBytes) ?? 0
                guard pair.outbox.send(Heartbeat()) == .queued else { break }
                ends.append((ends.last ?? 0) + (try Self.frameSize(seq: ends.count + 1)))
            }
            let taken = (ends.last ?? 0) - buffered
            return (ends.count, ends.filter { $0 > taken }.count)
        }.get()
        // Far more went out than the limit (the kernel's buffers took them), and the outbox gave
        // up when NIO held exactly `limit` messages (a partly written one included).
        #expect(sent > limit)
        #expect(held == limit)
        #expect(pair.outbox.overflowed)
        await pair.close()
    }

    @Test("closing waits until a slow client has taken everything, then closes without the linger time")
    func closeWaitsForTheSlowClient() async throws {
        let pair = try await Self.pair(limit: 100_000)
        let total = try await pair.server.eventLoop.submit { () -> Int in
            var total = 0
            for seq in 1...3_000 {
                _ = pair.outbox.send(Heartbeat())
                total += try Self.frameSize(seq: seq)
            }
            return total
        }.get()
        pair.outbox.close()
        // Held back by the client that does not read: still open.
        try await Task.sleep(for: .milliseconds(200))
        #expect(pair.server.isActive)
        // The client reads: it gets every byte, then the host's close (well before the 30 s linger).
        pair.client.setOption(.autoRead, value: true).whenComplete { _ in pair.client.read() }
        let clock = ContinuousClock()
        let start = clock.now
        while !pair.received.closed.load(ordering: .relaxed), clock.now - start < .seconds(20) {
            try await Task.sleep(for: .milliseconds(10))
        }
        let closed = pair.received.closed.load(ordering: .relaxed), bytes = pair.received.bytes.load(ordering: .relaxed)
        #expect(closed)
        #expect(bytes == total)
        await pair.close()
    }
}
