import NIOCore
import NIOEmbedded
@testable import PartyServer
import PartyWire
import Testing

/// Where the outbox's writes start and what they carry: from the session handler's context toward
/// the head (never through the handlers after it), whole frames on a framed connection and bare
/// bodies on a WebSocket, and back through the channel once detached.
@Suite("The outbox writes from its handler's context")
struct OutboxWritesTests {
    /// Records every buffer written through it, then passes it on.
    final class Spy: ChannelOutboundHandler, @unchecked Sendable {
        typealias OutboundIn = ByteBuffer
        var seen: [ByteBuffer] = []

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            seen.append(unwrapOutboundIn(data))
            context.write(data, promise: promise)
        }
    }

    /// Stands where the session's connection handler stands: it only gives the outbox its context.
    final class Anchor: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = ByteBuffer
        var context: ChannelHandlerContext?

        func handlerAdded(context: ChannelHandlerContext) {
            self.context = context
        }
    }

    /// A channel `[before, anchor, after]` (head first) and an outbox attached at the anchor.
    static func attached(wholeFrames: Bool) throws -> (EmbeddedChannel, ConnectionOutbox, before: Spy, after: Spy) {
        let before = Spy(), anchor = Anchor(), after = Spy()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandlers([before, anchor, after])
        let outbox = ConnectionOutbox(channel: channel, limit: 64, wholeFrames: wholeFrames)
        outbox.attach(try #require(anchor.context))
        return (channel, outbox, before, after)
    }

    /// The body `MessageCodec` makes for `message` numbered 1.
    static func body(_ message: some WireMessage) throws -> [UInt8] {
        let buffer = try MessageCodec().encode(message, seq: 1)
        return Array(buffer.readableBytesView)
    }

    /// The bytes a framed connection (length, then body) or a WebSocket (the body alone, for its
    /// handlers to frame) gets for one heartbeat.
    static func expected(wholeFrames: Bool) throws -> [UInt8] {
        let body = try Self.body(Heartbeat())
        return wholeFrames ? [0, 0, 0, UInt8(body.count)] + body : body
    }

    @Test("a message leaves from the handler's context, whole on a framed connection and as its body on a WebSocket; handlers after the context never see it",
          arguments: [true, false])
    func fromTheContext(wholeFrames: Bool) throws {
        let (channel, outbox, before, after) = try Self.attached(wholeFrames: wholeFrames)
        #expect(outbox.send(Heartbeat()) == .queued)
        channel.embeddedEventLoop.run()
        let written = try #require(try channel.readOutbound(as: ByteBuffer.self))
        #expect(Array(written.readableBytesView) == (try Self.expected(wholeFrames: wholeFrames)))
        #expect(before.seen.count == 1)
        #expect(after.seen.isEmpty)
        _ = try channel.finish()
    }

    @Test("detached (its handler left the pipeline), the outbox writes from the pipeline's tail again")
    func detached() throws {
        let (channel, outbox, before, after) = try Self.attached(wholeFrames: true)
        outbox.detach()
        #expect(outbox.send(Heartbeat()) == .queued)
        channel.embeddedEventLoop.run()
        #expect(try channel.readOutbound(as: ByteBuffer.self) != nil)
        #expect(after.seen.count == 1 && before.seen.count == 1)
        _ = try channel.finish()
    }
}
