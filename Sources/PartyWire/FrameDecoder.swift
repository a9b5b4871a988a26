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

    private var splitter: FrameSplitter

    /// Creates a decoder that accepts bodies of at most `limit` bytes.
    public init(limit: Int = WireProtocol.maxFrameLength) {
        splitter = FrameSplitter(limit: limit)
    }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        do {
            try splitter.split(unwrapInboundIn(data)) { frame in
                context.fireChannelRead(wrapInboundOut(frame))
                return true
            }
        } catch {
            context.fireErrorCaught(error)
        }
    }

    public func channelInactive(context: ChannelHandlerContext) {
        splitter.reset()
        context.fireChannelInactive()
    }

    public func handlerRemoved(context: ChannelHandlerContext) {
        splitter.reset()
    }
}

@available(*, unavailable)
extension FrameDecoder: Sendable {}
