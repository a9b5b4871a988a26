import NIOCore
import NIOEmbedded
@testable import PartyWire
import Testing

/// What an embedded channel with the prepender wrote, one buffer per write.
private func written(_ bodies: [ByteBuffer]) throws -> [ByteBuffer] {
    let channel = EmbeddedChannel(handler: FramePrepender())
    for body in bodies { try channel.writeAndFlush(body).wait() }
    var out: [ByteBuffer] = []
    while let buffer = try channel.readOutbound(as: ByteBuffer.self) { out.append(buffer) }
    _ = try channel.finish()
    return out
}

@Suite("Outgoing frames get their length in front")
struct FramePrependerTests {
    @Test("a body from the codec leaves as one buffer: length, then the body")
    func codecBodyIsOneWrite() throws {
        let body = try MessageCodec().encode(Heartbeat(), seq: 3)
        let out = try written([body])
        #expect(out.count == 1)
        var frame = try #require(out.first)
        #expect(frame.readInteger(endianness: .big, as: UInt32.self) == UInt32(body.readableBytes))
        #expect(frame == body)
    }

    @Test("the codec leaves the length in the headroom, so the body goes out as it is, not copied")
    func codecBodyIsNotCopied() throws {
        let codec = MessageCodec()
        for body in [try codec.encode(Heartbeat(), seq: 3), try codec.encode(Leave(), seq: 123_456),
                     try codec.encode(ErrorMessage(reason: "x", message: String(repeating: "é", count: 300)), seq: 9)] {
            var headroom = body
            headroom.moveReaderIndex(to: body.readerIndex - FramePrepender.headroom)
            #expect(headroom.getInteger(at: headroom.readerIndex, endianness: .big, as: UInt32.self) == UInt32(body.readableBytes))
            // The caller still holds `body`: had the prepender written into it, ByteBuffer would
            // have copied the storage first, and the frame would live somewhere else.
            let frame = try #require(try written([body]).first)
            let bodyStart = body.withUnsafeReadableBytes { UInt(bitPattern: $0.baseAddress) }
            let frameStart = frame.withUnsafeReadableBytes { UInt(bitPattern: $0.baseAddress) }
            #expect(frameStart + UInt(FramePrepender.headroom) == bodyStart)
            #expect(frame.readableBytes == body.readableBytes + FramePrepender.headroom)
        }
    }

    @Test("a body whose headroom holds something else gets the right length all the same")
    func wrongHeadroomIsOverwritten() throws {
        var body = ByteBuffer(string: "xxxx" + #"{"type":"heartbeat","seq":3}"#)
        body.moveReaderIndex(forwardBy: 4)
        var frame = try #require(try written([body]).first)
        #expect(frame.readInteger(endianness: .big, as: UInt32.self) == UInt32(body.readableBytes))
        #expect(frame == body)
    }

    @Test("the JSONEncoder fallback's body also has room for the length")
    func fallbackBodyIsOneWrite() throws {
        let body = try MessageCodec().foundationEncode(Heartbeat(), seq: 3)
        #expect(try written([body]).count == 1)
    }

    @Test("a body without room gets a length buffer of its own, and the same bytes go out")
    func plainBodyGetsAHeader() throws {
        let plain = ByteBuffer(string: #"{"type":"heartbeat","seq":3}"#)
        let fromCodec = try MessageCodec().encode(Heartbeat(), seq: 3)
        let out = try written([plain])
        #expect(out.count == 2)
        let joined = out.reduce(into: ByteBuffer()) { whole, part in whole.writeImmutableBuffer(part) }
        let single = try written([fromCodec])
        #expect(joined == single[0])
        #expect(joined.readableBytes == 4 + plain.readableBytes)
    }

    @Test("frames written back to back decode to the bodies in order")
    func framesInOrder() throws {
        let codec = MessageCodec()
        let bodies = try (1...5).map { try codec.encode(Heartbeat(), seq: $0) } + [ByteBuffer(string: "{}")]
        var stream = try written(bodies).reduce(into: ByteBuffer()) { whole, part in whole.writeImmutableBuffer(part) }
        for body in bodies {
            let length = stream.readInteger(endianness: .big, as: UInt32.self)
            #expect(length == UInt32(body.readableBytes))
            #expect(stream.readSlice(length: body.readableBytes) == body)
        }
        #expect(stream.readableBytes == 0)
    }

    @Test("frame(of:) gives a codec body whole in its own storage, and any other body copied after its length")
    func wholeFrames() throws {
        let body = try MessageCodec().encode(Heartbeat(), seq: 1)
        let frame = FramePrepender.frame(of: body)
        #expect(frame.readableBytes == body.readableBytes + FramePrepender.headroom)
        #expect(frame.getInteger(at: frame.readerIndex, endianness: .big, as: UInt32.self) == UInt32(body.readableBytes))
        let frameStart = frame.withUnsafeReadableBytes { UInt(bitPattern: $0.baseAddress) }
        let bodyStart = body.withUnsafeReadableBytes { UInt(bitPattern: $0.baseAddress) }
        #expect(frameStart + UInt(FramePrepender.headroom) == bodyStart)
        #expect(Array(FramePrepender.frame(of: ByteBuffer(string: "{}")).readableBytesView) == [0, 0, 0, 2] + Array("{}".utf8))
    }
}
