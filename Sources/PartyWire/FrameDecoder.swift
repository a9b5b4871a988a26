import NIOCore

/// Splits the byte stream into frames (4-byte big-endian length + body) and refuses oversized ones
/// as soon as their length prefix arrives, before any of the body is buffered.
///
/// A channel handler of its own rather than a `ByteToMessageDecoder`: whole frames in a read are
/// passed on as slices of it, with no cumulation buffer, and only the bytes of an unfinished frame
/// are kept for the next read (docs/PERFORMANCE.md: the generic decoder's bookkeeping cost more
/// per message than the framing). After an oversized prefix it reads nothing more; a half frame at
/// the end of the stream is dropped, since nobody is left to answer it.
public final class FrameDecoder: ChannelInboundHandler {
    public typealias InboundIn = ByteBuffer
    public typealias InboundOut = ByteBuffer

    private let limit: Int
    /// The start of an unfinished frame (its prefix, or part of it, and what came of its body).
    private var unfinished: ByteBuffer?
    /// Set once a frame was too large: the stream can no longer be read.
    private var failed = false

    /// Creates a decoder that accepts bodies of at most `limit` bytes.
    public init(limit: Int = WireProtocol.maxFrameLength) {
        self.limit = limit
    }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !failed else { return }
        var buffer = unwrapInboundIn(data)
        if var start = unfinished {
            unfinished = nil
            start.writeBuffer(&buffer)
            buffer = start
        }
        while let length = buffer.getInteger(at: buffer.readerIndex, endianness: .big, as: UInt32.self) {
            guard Int(length) <= limit else {
                failed = true
                context.fireErrorCaught(WireError.frameTooLarge(length: Int(length), limit: limit))
                return
            }
            guard buffer.readableBytes - 4 >= Int(length) else { break }
            buffer.moveReaderIndex(forwardBy: 4)
            // A slice of the read: the body's bytes are not copied.
            let frame = buffer.readSlice(length: Int(length))!
            context.fireChannelRead(wrapInboundOut(frame))
            if failed { return }
        }
        if buffer.readableBytes > 0 { unfinished = buffer }
    }

    public func channelInactive(context: ChannelHandlerContext) {
        unfinished = nil
        context.fireChannelInactive()
    }

    public func handlerRemoved(context: ChannelHandlerContext) {
        unfinished = nil
    }
}

@available(*, unavailable)
extension FrameDecoder: Sendable {}
