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
}
