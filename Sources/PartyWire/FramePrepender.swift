import NIOCore

/// Puts the 4-byte big-endian length in front of each outgoing frame body.
///
/// A body with room for the length before its first byte (as `MessageCodec.encode` makes them,
/// the length already in it: see `writeLength(into:)`) gets it written there and leaves as one
/// buffer: no second buffer, write or iovec per message.
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
        let body = unwrapOutboundIn(data)
        let length = UInt32(truncatingIfNeeded: body.readableBytes)
        guard body.readerIndex >= Self.headroom else {
            var header = context.channel.allocator.buffer(capacity: Self.headroom)
            header.writeInteger(length, endianness: .big)
            context.write(wrapOutboundOut(header), promise: nil)
            context.write(wrapOutboundOut(body), promise: promise)
            return
        }
        context.write(wrapOutboundOut(Self.wholeFrame(body, length: length)), promise: promise)
    }

    /// The whole frame of `body` (its length, then its bytes) as one buffer, for a writer that
    /// hands frames straight to the channel's head with no `FramePrepender` in between: the body's
    /// own buffer when it has room for the length before its readable bytes (as
    /// `MessageCodec.encode` makes them), else a new buffer with the body copied after its length.
    public static func frame(of body: ByteBuffer) -> ByteBuffer {
        let length = UInt32(truncatingIfNeeded: body.readableBytes)
        if body.readerIndex >= headroom { return wholeFrame(body, length: length) }
        var frame = ByteBuffer()
        frame.reserveCapacity(headroom + body.readableBytes)
        frame.writeInteger(length, endianness: .big)
        frame.writeImmutableBuffer(body)
        return frame
    }

    /// `body` with its reader index moved back over the headroom, which holds `length`.
    private static func wholeFrame(_ body: ByteBuffer, length: UInt32) -> ByteBuffer {
        var frame = body
        frame.moveReaderIndex(to: frame.readerIndex - headroom)
        // A body from `MessageCodec.encode` carries its length already; writing it again would
        // copy the whole body, which the caller's copy of the buffer still shares.
        if frame.getInteger(at: frame.readerIndex, endianness: .big, as: UInt32.self) != length {
            frame.setInteger(length, at: frame.readerIndex, endianness: .big)
        }
        return frame
    }

    /// Writes the length of `body`'s readable bytes into the headroom before them, when there is
    /// room, so that this handler sends it as it is.
    public static func writeLength(into body: inout ByteBuffer) {
        guard body.readerIndex >= headroom else { return }
        body.setInteger(UInt32(truncatingIfNeeded: body.readableBytes), at: body.readerIndex - headroom, endianness: .big)
    }
}
