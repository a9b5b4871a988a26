import NIOCore
import PartyWire
import Testing

/// The framing a handler does itself (the host's connection handler): every split of every size,
/// the frames before an oversized prefix, and stopping early.
@Suite("FrameSplitter")
struct FrameSplitterTests {
    /// The bodies `splitter` hands over for `reads`, in order.
    static func bodies(_ splitter: inout FrameSplitter, _ reads: [ByteBuffer]) throws(WireError) -> [String] {
        var bodies: [String] = []
        for read in reads {
            try splitter.split(read) { body in
                bodies.append(String(buffer: body))
                return true
            }
        }
        return bodies
    }

    @Test("three frames cut into reads of every size from 1 to the whole come out whole and in order")
    func everySplit() throws {
        var stream = frame("{\"a\":1}")
        var second = frame("")
        var third = frame("{\"type\":\"leave\",\"seq\":2}")
        stream.writeBuffer(&second)
        stream.writeBuffer(&third)
        let bytes = Array(stream.readableBytesView)
        for size in 1...bytes.count {
            var splitter = FrameSplitter(limit: 64)
            let reads = stride(from: 0, to: bytes.count, by: size).map { ByteBuffer(bytes: bytes[$0..<min($0 + size, bytes.count)]) }
            #expect(try Self.bodies(&splitter, reads) == ["{\"a\":1}", "", "{\"type\":\"leave\",\"seq\":2}"], "reads of \(size)")
        }
    }

    @Test("an oversized prefix throws frameTooLarge after the frames before it, and nothing is read after")
    func oversized() throws {
        var splitter = FrameSplitter(limit: 8)
        var read = frame("{}")
        read.writeInteger(UInt32(9), endianness: .big)
        var seen: [String] = []
        #expect(throws: WireError.frameTooLarge(length: 9, limit: 8)) {
            try splitter.split(read) { body in
                seen.append(String(buffer: body))
                return true
            }
        }
        #expect(seen == ["{}"])
        #expect(splitter.failed)
        #expect(try Self.bodies(&splitter, [frame("{}")]).isEmpty)
    }

    @Test("a frame body sliced from the read shares its storage (no copy)")
    func slices() throws {
        var splitter = FrameSplitter()
        let read = frame("{\"type\":\"heartbeat\",\"seq\":1}")
        var start: UInt?
        try splitter.split(read) { body in
            start = body.withUnsafeReadableBytes { UInt(bitPattern: $0.baseAddress) }
            return true
        }
        let readStart = read.withUnsafeReadableBytes { UInt(bitPattern: $0.baseAddress) }
        #expect(start == readStart + 4)
    }

    @Test("returning false stops at once; reset drops an unfinished frame")
    func stopAndReset() throws {
        var splitter = FrameSplitter()
        var read = frame("1")
        var more = frame("2")
        read.writeBuffer(&more)
        var seen: [String] = []
        try splitter.split(read) { body in
            seen.append(String(buffer: body))
            return false
        }
        #expect(seen == ["1"])
        let half = frame("345").getSlice(at: 0, length: 5)!
        #expect(try Self.bodies(&splitter, [half]).isEmpty)
        splitter.reset()
        #expect(try Self.bodies(&splitter, [frame("6")]) == ["6"])
    }
}
