import NIOCore

/// A message encoded once for many connections: the host sends the same `view`, `lobby`,
/// `heartbeat` or `predictions` to every spectator, and each connection's copy differs only in its
/// `seq`. The body is kept as the part before the number (`{"type":"view","seq":`) and the part
/// after it, so a connection's copy is two copies of bytes and a number, not an encoding.
///
/// ```swift
/// let shared = SharedMessage(Heartbeat())
/// let body = shared?.body(seq: 7)   // the bytes `MessageCodec().encode(Heartbeat(), seq: 7)` has
/// ```
public struct SharedMessage: Sendable {
    /// Room kept before each body: a frame's length (4 bytes) or a WebSocket frame's header (at most
    /// 10 bytes from a host) is written there instead of in a buffer of its own.
    public static let headroom = 10

    /// The `type` of the message.
    public let type: MessageType
    /// `{"type":"<type>","seq":`.
    private let head: ByteBuffer
    /// Everything after the number, from the `,` or `}` that follows it.
    private let tail: ByteBuffer

    /// `message` encoded once, or nil when its encoding does not begin with `type` and `seq` (no
    /// message of this protocol does that; the caller then encodes per connection).
    public init?<Message: WireMessage>(_ message: Message) {
        guard let encoded = try? MessageCodec().encode(message, seq: 0) else { return nil }
        let prefix = Array("{\"type\":\"\(Message.type.rawValue)\",\"seq\":".utf8)
        let bytes = encoded.readableBytesView
        let numberAt = bytes.startIndex + prefix.count
        guard bytes.count > prefix.count + 1, bytes.starts(with: prefix), bytes[numberAt] == UInt8(ascii: "0"),
              bytes[numberAt + 1] == UInt8(ascii: ",") || bytes[numberAt + 1] == UInt8(ascii: "}") else { return nil }
        type = Message.type
        head = ByteBuffer(bytes: prefix)
        tail = ByteBuffer(bytes: bytes[(numberAt + 1)...])
    }

    /// A body another host wrote (`{"type":"view","seq":12,…}`), to pass on to many connections
    /// with their own numbers: a fleet node's relay forwards its room's messages this way. Nil
    /// when the body does not begin with a known `type` and then `seq` (a host's always do).
    public init?(forwarding body: ByteBuffer) {
        let bytes = body.readableBytesView
        let typePrefix = Array("{\"type\":\"".utf8)
        guard bytes.starts(with: typePrefix) else { return nil }
        let nameStart = bytes.startIndex + typePrefix.count
        guard let quote = bytes[nameStart...].firstIndex(of: UInt8(ascii: "\"")),
              let name = String(bytes: bytes[nameStart..<quote], encoding: .utf8), let type = MessageType(rawValue: name) else { return nil }
        let seqKey = Array("\",\"seq\":".utf8)
        guard bytes[quote...].starts(with: seqKey) else { return nil }
        let numberAt = quote + seqKey.count
        var end = numberAt
        while end < bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
        guard end > numberAt, end < bytes.endIndex, bytes[end] == UInt8(ascii: ",") || bytes[end] == UInt8(ascii: "}") else { return nil }
        self.type = type
        head = ByteBuffer(bytes: bytes[bytes.startIndex..<numberAt])
        tail = ByteBuffer(bytes: bytes[end...])
    }

    /// The body with `seq`, in a buffer that keeps `headroom` bytes before it and holds the body's
    /// length in the 4 bytes just before it (as `MessageCodec.encode` leaves it for
    /// `FramePrepender`).
    public func body(seq: Int, allocator: ByteBufferAllocator = ByteBufferAllocator()) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: Self.headroom + head.readableBytes + 20 + tail.readableBytes)
        buffer.moveWriterIndex(forwardBy: Self.headroom)
        buffer.moveReaderIndex(forwardBy: Self.headroom)
        buffer.writeImmutableBuffer(head)
        Self.writeDecimal(seq, to: &buffer)
        buffer.writeImmutableBuffer(tail)
        FramePrepender.writeLength(into: &buffer)
        return buffer
    }

    /// How many bytes each body has besides its number.
    public var fixedBytes: Int { head.readableBytes + tail.readableBytes }

    /// Writes `value` in decimal, as JSON writes an integer.
    private static func writeDecimal(_ value: Int, to buffer: inout ByteBuffer) {
        guard value != 0 else {
            buffer.writeInteger(UInt8(ascii: "0"))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        var rest = value.magnitude
        withUnsafeMutableBytes(of: &digits) { raw in
            while rest > 0 {
                raw[23 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            if value < 0 {
                raw[23 - count] = UInt8(ascii: "-")
                count += 1
            }
            buffer.writeBytes(UnsafeRawBufferPointer(rebasing: raw[(24 - count)...]))
        }
    }
}
