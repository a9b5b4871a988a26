import NIOCore
import NIOExtras

/// Splits the byte stream into frames (4-byte big-endian length + body) and refuses oversized ones
/// as soon as their length prefix arrives, before any of the body is buffered.
///
/// The framing itself is NIOExtras' `LengthFieldBasedFrameDecoder`; this adds only the limit.
public final class FrameDecoder: ByteToMessageDecoder {
    public typealias InboundOut = ByteBuffer

    private let limit: Int
    private let inner = LengthFieldBasedFrameDecoder(lengthFieldLength: .four, lengthFieldEndianness: .big)
    /// True while the inner decoder has read a frame's length prefix and waits for its body: the
    /// bytes at the reader index are then body bytes, not a length.
    private var awaitingBody = false

    /// Creates a decoder that accepts bodies of at most `limit` bytes.
    public init(limit: Int = WireProtocol.maxFrameLength) {
        self.limit = limit
    }

    public func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        if !awaitingBody, let length = buffer.getInteger(at: buffer.readerIndex, endianness: .big, as: UInt32.self),
           Int(length) > limit {
            throw WireError.frameTooLarge(length: Int(length), limit: limit)
        }
        let before = buffer.readerIndex
        let state = try inner.decode(context: context, buffer: &buffer)
        switch state {
        case .continue:
            awaitingBody = false
        case .needMoreData:
            if buffer.readerIndex != before { awaitingBody = true }
        }
        return state
    }

    public func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        // A half frame at EOF is dropped: the peer is gone and nobody is left to answer.
        while try decode(context: context, buffer: &buffer) == .continue {}
        return .needMoreData
    }
}

@available(*, unavailable)
extension FrameDecoder: Sendable {}
