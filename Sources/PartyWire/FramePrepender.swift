import NIOCore

/// Puts the 4-byte big-endian length in front of each outgoing frame body.
///
/// A body with room for the length before its first byte (as `MessageCodec.encode` makes them)
/// gets it written there and leaves as one buffer: no second buffer, write or iovec per message.
/// (Any body whose reader index is 4 or more has its length written over bytes already read; a
/// buffer shared with another value is copied first, as ByteBuffer always does.) Any other body is
/// sent after a length of its own, as NIOExtras' `LengthFieldPrepender` does.
public final class FramePrepender: ChannelOutboundHandler {
    public typealias OutboundIn = ByteBuffer
    public typealias OutboundOut = ByteBuffer

    /// The bytes of the length field.
    public static let headroom = 4

    /// Creates a prepender.
    public init() {}

    public func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        var body = unwrapOutboundIn(data)
        let length = UInt32(truncatingIfNeeded: body.readableBytes)
        guard body.readerIndex >= Self.headroom else {
            var header = context.channel.allocator.buffer(capacity: Self.headroom)
            header.writeInteger(length, endianness: .big)
            context.write(wrapOutboundOut(header), promise: nil)
            context.write(wrapOutboundOut(body), promise: promise)
            return
        }
        let start = body.readerIndex - Self.headroom
        body.setInteger(length, at: start, endianness: .big)
        body.moveReaderIndex(to: start)
        context.write(wrapOutboundOut(body), promise: promise)
    }
}
