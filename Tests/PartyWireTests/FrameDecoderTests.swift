import NIOCore
import NIOEmbedded
import NIOExtras
import PartyWire
import Testing

@Suite("FrameDecoder and LengthFieldPrepender")
struct FrameDecoderTests {
    /// A channel that decodes frames of at most `limit` bytes.
    static func decoder(limit: Int = 16) -> EmbeddedChannel {
        EmbeddedChannel(handlers: [FrameDecoder(limit: limit)])
    }

    /// Every frame body the channel has decoded so far.
    static func bodies(_ channel: EmbeddedChannel) throws -> [String] {
        var bodies: [String] = []
        while let body = try channel.readInbound(as: ByteBuffer.self) { bodies.append(body.text) }
        return bodies
    }

    /// Once the length prefix has been consumed, the next bytes are body bytes and must never be
    /// read as a length (`{"a"` would be 2 065 850 658 and the frame would be refused).
    @Test("a frame split across reads comes out whole, once the last byte arrives")
    func splitFrame() throws {
        let channel = Self.decoder()
        let bytes = frame("{\"a\":1}").bytes
        for byte in bytes.dropLast() {
            try channel.writeInbound(ByteBuffer(bytes: [byte]))
            #expect(try Self.bodies(channel).isEmpty)
        }
        try channel.writeInbound(ByteBuffer(bytes: [bytes.last!]))
        #expect(try Self.bodies(channel) == ["{\"a\":1}"])
        #expect(try channel.finish().isClean)
    }

    @Test("a header alone, then the whole body, comes out whole")
    func headerThenBody() throws {
        let channel = Self.decoder()
        var buffer = frame("{\"type\":\"leave\"}")
        let header = buffer.readSlice(length: 4)!
        try channel.writeInbound(header)
        #expect(try Self.bodies(channel).isEmpty)
        try channel.writeInbound(buffer)
        #expect(try Self.bodies(channel) == ["{\"type\":\"leave\"}"])
    }

    @Test("frames of every size split at every byte come out whole", arguments: [0, 1, 3, 4, 5, 16])
    func everySplit(size: Int) throws {
        let body = String(repeating: "z", count: size)
        let bytes = frame(body).bytes + frame("next").bytes
        for cut in 1..<bytes.count {
            let channel = Self.decoder()
            try channel.writeInbound(ByteBuffer(bytes: bytes[..<cut]))
            try channel.writeInbound(ByteBuffer(bytes: bytes[cut...]))
            #expect(try Self.bodies(channel) == [body, "next"], "cut at \(cut)")
        }
    }

    @Test("after a split frame, an oversized prefix is still refused at once")
    func limitAfterSplit() throws {
        let channel = Self.decoder(limit: 16)
        let bytes = frame("{\"ok\":1}").bytes
        try channel.writeInbound(ByteBuffer(bytes: bytes[..<6]))
        try channel.writeInbound(ByteBuffer(bytes: bytes[6...]))
        #expect(try Self.bodies(channel) == ["{\"ok\":1}"])
        #expect(throws: WireError.frameTooLarge(length: 17, limit: 16)) {
            try channel.writeInbound(ByteBuffer(bytes: [0, 0, 0, 17]))
        }
    }

    @Test("a body of fewer than four bytes may follow its header in a later read")
    func shortBodyLater() throws {
        let channel = Self.decoder()
        try channel.writeInbound(ByteBuffer(bytes: [0, 0, 0, 3]))
        try channel.writeInbound(ByteBuffer(string: "abc"))
        #expect(try Self.bodies(channel) == ["abc"])
        #expect(try channel.finish().isClean)
    }

    @Test("several whole frames in one read")
    func severalFrames() throws {
        let channel = Self.decoder()
        var buffer = frame("one")
        var second = frame("")
        var third = frame("three")
        buffer.writeBuffer(&second)
        buffer.writeBuffer(&third)
        try channel.writeInbound(buffer)
        #expect(try Self.bodies(channel) == ["one", "", "three"])
    }

    @Test("several frames in one read, the last one split")
    func severalFramesLastSplit() throws {
        let channel = Self.decoder()
        var buffer = frame("one")
        var second = frame("")
        var third = frame("three")
        buffer.writeBuffer(&second)
        let split = third.readSlice(length: 6)!
        buffer.writeImmutableBuffer(split)
        try channel.writeInbound(buffer)
        #expect(try Self.bodies(channel) == ["one", ""])
        try channel.writeInbound(third)
        #expect(try Self.bodies(channel) == ["three"])
    }

    @Test("a frame of exactly the limit is accepted")
    func exactLimit() throws {
        let channel = Self.decoder(limit: 16)
        let body = String(repeating: "x", count: 16)
        try channel.writeInbound(frame(body))
        #expect(try Self.bodies(channel) == [body])
    }

    @Test("limit + 1 is refused as soon as the length prefix arrives, before any body byte")
    func overLimitPrefixOnly() throws {
        let channel = Self.decoder(limit: 16)
        try channel.writeInbound(ByteBuffer(bytes: [0, 0, 0]))
        #expect(throws: WireError.frameTooLarge(length: 17, limit: 16)) {
            try channel.writeInbound(ByteBuffer(bytes: [17]))
        }
        #expect(try Self.bodies(channel).isEmpty)
    }

    @Test("an absurd prefix is refused too", arguments: [UInt32(17), 65_537, UInt32.max])
    func absurdPrefix(length: UInt32) throws {
        let channel = Self.decoder(limit: 16)
        var prefix = ByteBuffer()
        prefix.writeInteger(length, endianness: .big)
        #expect(throws: WireError.frameTooLarge(length: Int(length), limit: 16)) {
            try channel.writeInbound(prefix)
        }
    }

    @Test("an oversized frame after good ones: the good ones come out first")
    func goodThenBad() throws {
        let channel = Self.decoder(limit: 16)
        var buffer = frame("ok")
        var bad = ByteBuffer()
        bad.writeInteger(UInt32(1000), endianness: .big)
        buffer.writeBuffer(&bad)
        #expect(throws: WireError.frameTooLarge(length: 1000, limit: 16)) { try channel.writeInbound(buffer) }
        #expect(try Self.bodies(channel) == ["ok"])
    }

    @Test("the default limit is 64 KiB")
    func defaultLimit() throws {
        #expect(WireProtocol.maxFrameLength == 65_536)
        let channel = EmbeddedChannel(handlers: [FrameDecoder()])
        try channel.writeInbound(frame([UInt8](repeating: 0x20, count: 65_536)))
        #expect(try channel.readInbound(as: ByteBuffer.self)?.readableBytes == 65_536)
        var prefix = ByteBuffer()
        prefix.writeInteger(UInt32(65_537), endianness: .big)
        #expect(throws: WireError.frameTooLarge(length: 65_537, limit: 65_536)) { try channel.writeInbound(prefix) }
    }

    @Test("a half frame at the end of the stream is dropped without an error")
    func halfFrameAtEOF() throws {
        let channel = Self.decoder()
        try channel.writeInbound(frame("whole"))
        try channel.writeInbound(ByteBuffer(bytes: [0, 0, 0, 9, 0x41]))
        #expect(try Self.bodies(channel) == ["whole"])
        _ = try channel.finish()
        #expect(try Self.bodies(channel).isEmpty)
    }

    @Test("LengthFieldPrepender writes a 4-byte big-endian length before each body", arguments: [
        "", "x", "{\"type\":\"heartbeat\",\"seq\":1}", String(repeating: "é", count: 200),
    ])
    func prepender(body: String) throws {
        let channel = EmbeddedChannel(handlers: [LengthFieldPrepender(lengthFieldLength: .four, lengthFieldEndianness: .big)])
        try channel.writeOutbound(ByteBuffer(string: body))
        var written: [UInt8] = []
        while let part = try channel.readOutbound(as: ByteBuffer.self) { written += part.bytes }
        #expect(written == frame(body).bytes)
        let count = body.utf8.count
        #expect(Array(written.prefix(4)) == [UInt8(count >> 24 & 0xFF), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)])
    }

    @Test("WirePipeline frames both ways")
    func pipeline() throws {
        let channel = EmbeddedChannel()
        try WirePipeline.configure(channel, maxFrameLength: 32)
        try channel.writeInbound(frame("{\"type\":\"leave\",\"seq\":1}"))
        #expect(try channel.readInbound(as: ByteBuffer.self)?.text == "{\"type\":\"leave\",\"seq\":1}")
        try channel.writeOutbound(ByteBuffer(string: "hi"))
        var written: [UInt8] = []
        while let part = try channel.readOutbound(as: ByteBuffer.self) { written += part.bytes }
        #expect(written == [0, 0, 0, 2, 0x68, 0x69])
        #expect(throws: WireError.frameTooLarge(length: 33, limit: 32)) {
            try channel.writeInbound(ByteBuffer(bytes: [0, 0, 0, 33]))
        }
    }
}
