import NIOCore

/// Splits a byte stream into frames (4-byte big-endian length + body) and refuses an oversized one
/// as soon as its length prefix arrives, before any of its body is kept: the framing of
/// `FrameDecoder`, for a handler that reads the stream itself (the host's connection handler, one
/// handler per connection instead of a decoder in front of it).
///
/// Whole frames in a read come out as slices of it (no copy); only the bytes of an unfinished frame
/// are kept for the next read.
public struct FrameSplitter {
    /// The largest body accepted, in bytes.
    public let limit: Int
    /// The start of an unfinished frame (its prefix, or part of it, and what came of its body).
    private var unfinished: ByteBuffer?
    /// Set once a frame was too large: the stream can no longer be read.
    public private(set) var failed = false

    /// A splitter that accepts bodies of at most `limit` bytes.
    public init(limit: Int = WireProtocol.maxFrameLength) {
        self.limit = limit
    }

    /// Hands every whole frame body of `read` (after what was unfinished) to `body`, in order, and
    /// keeps the rest. Throws `frameTooLarge` at the first oversized prefix, having handed over the
    /// frames before it; nothing is read after that. `body` returns false to stop early (the rest
    /// of the read is then dropped: the connection is done).
    public mutating func split(_ read: ByteBuffer, _ body: (ByteBuffer) -> Bool) throws(WireError) {
        guard !failed else { return }
        var buffer = read
        if var start = unfinished {
            unfinished = nil
            start.writeBuffer(&buffer)
            buffer = start
        }
        while let length = buffer.getInteger(at: buffer.readerIndex, endianness: .big, as: UInt32.self) {
            guard Int(length) <= limit else {
                failed = true
                throw .frameTooLarge(length: Int(length), limit: limit)
            }
            guard buffer.readableBytes - 4 >= Int(length) else { break }
            buffer.moveReaderIndex(forwardBy: 4)
            // A slice of the read: the body's bytes are not copied.
            guard body(buffer.readSlice(length: Int(length))!) else { return }
        }
        if buffer.readableBytes > 0 { unfinished = buffer }
    }

    /// Drops an unfinished frame (the stream ended).
    public mutating func reset() {
        unfinished = nil
    }
}
