import NIOCore

/// The client side of RFC 6455 as far as a load client needs it: the upgrade request, masked text
/// frames out, and the host's unmasked frames split off a byte stream.
enum WebSocketClientFrames {
    /// The upgrade request for `path` on `port` (no `Origin`: a program, as the host allows).
    static func upgradeRequest(port: Int, path: String = "/ws") -> String {
        "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    }

    /// A masked text frame of `body` (the mask key is zero, so the payload is the body as it is).
    static func textFrame(_ body: ByteBuffer, allocator: ByteBufferAllocator) -> ByteBuffer {
        var frame = allocator.buffer(capacity: body.readableBytes + 8)
        frame.writeInteger(UInt8(0x81))
        if body.readableBytes < 126 {
            frame.writeInteger(UInt8(0x80 | body.readableBytes))
        } else {
            frame.writeInteger(UInt8(0x80 | 126))
            frame.writeInteger(UInt16(body.readableBytes))
        }
        frame.writeInteger(UInt32(0))
        frame.writeImmutableBuffer(body)
        return frame
    }

    /// Takes one whole frame off the front of `buffer`: its opcode and payload; nil when the
    /// frame is not all there yet.
    static func next(in buffer: inout ByteBuffer) -> (opcode: UInt8, payload: ByteBuffer)? {
        guard let first = buffer.getInteger(at: buffer.readerIndex, as: UInt8.self),
              let second = buffer.getInteger(at: buffer.readerIndex + 1, as: UInt8.self) else { return nil }
        var header = 2
        var length = Int(second & 0x7F)
        if length == 126 {
            guard let long = buffer.getInteger(at: buffer.readerIndex + 2, as: UInt16.self) else { return nil }
            length = Int(long)
            header = 4
        } else if length == 127 {
            guard let long = buffer.getInteger(at: buffer.readerIndex + 2, as: UInt64.self) else { return nil }
            length = Int(long)
            header = 10
        }
        guard buffer.readableBytes >= header + length else { return nil }
        buffer.moveReaderIndex(forwardBy: header)
        let payload = buffer.readSlice(length: length)!
        return (first & 0x0F, payload)
    }
}
