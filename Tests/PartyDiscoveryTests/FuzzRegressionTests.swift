import Testing

@testable import PartyDiscovery

/// Packets kept from the `fuzz-mdns` target in `Fuzz/`: edge cases of the seed corpus and anything
/// the fuzzer found. Each must parse to exactly the names and types listed, serialize, parse again to
/// an equal message (or to the stated normal form), and serialize to the same bytes the second time.
@Suite("Fuzz regressions: mDNS packets")
struct FuzzRegressionTests {
    /// A packet and what parsing must find in it.
    struct Packet: Sendable, CustomTestStringConvertible {
        /// What the case is about.
        var name: String
        /// The packet as received.
        var bytes: [UInt8]
        /// Every question's and then every record's owner name, as text.
        var names: [String]
        /// Every question's and then every record's type.
        var types: [DNSRecordType]
        /// False when serializing writes a normal form that parses to a different (but equivalent) message.
        var exactRoundTrip = true

        var testDescription: String { name }
    }

    /// The 12-byte header: flags, then the four section counts.
    static func header(flags: UInt16 = 0x8400, questions: UInt8 = 0, answers: UInt8 = 0, authorities: UInt8 = 0, additionals: UInt8 = 0) -> [UInt8] {
        [0, 0, UInt8(flags >> 8), UInt8(flags & 0xFF), 0, questions, 0, answers, 0, authorities, 0, additionals]
    }

    /// An uncompressed name from its labels.
    static func name(_ labels: String...) -> [UInt8] {
        labels.flatMap { [UInt8($0.utf8.count)] + Array($0.utf8) } + [0]
    }

    /// A record: owner bytes, type, class (IN with the cache-flush bit when asked), TTL 120, rdata.
    static func record(_ owner: [UInt8], type: UInt16, flush: Bool = false, rdata: [UInt8]) -> [UInt8] {
        owner + [UInt8(type >> 8), UInt8(type & 0xFF), flush ? 0x80 : 0, 1, 0, 0, 0, 120, 0, UInt8(rdata.count)] + rdata
    }

    static let local = name("foo", "local")

    static let packets: [Packet] = [
        Packet(name: "empty TXT data parses as no strings and is written as one empty string",
               bytes: header(answers: 1) + record(name("x"), type: 16, rdata: []),
               names: ["x."], types: [.txt], exactRoundTrip: false),
        Packet(name: "a pointer into the middle of an earlier name",
               bytes: header(flags: 0, questions: 2) + local + [0, 1, 0, 1] + [0xC0, 16, 0, 255, 0x80, 1],
               names: ["foo.local.", "local."], types: [.a, .any]),
        Packet(name: "names that differ only in case share one compressed name",
               bytes: header(answers: 2) + record(name("Foo", "LOCAL"), type: 1, rdata: [10, 0, 0, 1])
                   + record(name("foo", "local"), type: 1, flush: true, rdata: [10, 0, 0, 2]),
               names: ["Foo.LOCAL.", "foo.local."], types: [.a, .a]),
        Packet(name: "NSEC bitmaps with a repeated window and an all-zero map",
               bytes: header(answers: 1) + record(local, type: 47, rdata: [0xC0, 12, 0, 1, 0x40, 0, 1, 0x00, 1, 1, 0x80]),
               names: ["foo.local."], types: [.nsec]),
        Packet(name: "SRV and PTR targets compressed against the owner",
               bytes: header(answers: 2) + record(local, type: 12, rdata: [3, 0x62, 0x61, 0x72, 0xC0, 12])
                   + record([0xC0, 33], type: 33, rdata: [0, 1, 0, 2, 0xB8, 0x23, 0xC0, 16]),
               names: ["foo.local.", "bar.foo.local."], types: [.ptr, .srv]),
        Packet(name: "a dot and a backslash inside labels are escaped in text",
               bytes: header(flags: 0, questions: 1) + name("a.b", "c\\d") + [0, 16, 0, 1],
               names: ["a\\.b.c\\\\d."], types: [.txt]),
        Packet(name: "a name of exactly 255 bytes",
               bytes: header(flags: 0, questions: 1) + Array((0..<3).map { _ in [63] + [UInt8](repeating: 0x61, count: 63) }.joined())
                   + [61] + [UInt8](repeating: 0x62, count: 61) + [0, 0, 1, 0, 1],
               names: [Array(repeating: String(repeating: "a", count: 63), count: 3).joined(separator: ".") + "." + String(repeating: "b", count: 61) + "."],
               types: [.a]),
        Packet(name: "an unknown type, opcode, response code and truncation bit are kept",
               bytes: [0xBE, 0xEF, 0x92, 0x03, 0, 0, 0, 1, 0, 0, 0, 0] + record([0], type: 99, rdata: [1, 2, 3]),
               names: ["."], types: [DNSRecordType(rawValue: 99)]),
        Packet(name: "a record in every section",
               bytes: header(flags: 0, questions: 1, answers: 1, authorities: 1, additionals: 1) + local + [0, 255, 0x80, 1]
                   + record([0xC0, 12], type: 16, rdata: [3, 0x61, 0x3D, 0x62])
                   + record([0xC0, 12], type: 28, rdata: [UInt8](repeating: 0, count: 15) + [1])
                   + record([0], type: 1, rdata: [127, 0, 0, 1]),
               names: ["foo.local.", "foo.local.", "foo.local.", "."], types: [.any, .txt, .aaaa, .a]),
    ]

    @Test("a packet parses to what it holds and survives serializing twice", arguments: packets)
    func packet(_ packet: Packet) throws {
        let parsed = try DNSMessage(bytes: packet.bytes)
        #expect(parsed.questions.map(\.name.description) + parsed.allRecords.map(\.name.description) == packet.names)
        #expect(parsed.questions.map(\.type) + parsed.allRecords.map(\.type) == packet.types)
        let bytes = parsed.serialized()
        let again = try DNSMessage(bytes: bytes)
        #expect((again == parsed) == packet.exactRoundTrip)
        #expect(again.serialized() == bytes)
        for part in parsed.splitForSending(maximumSize: 40) {
            #expect(throws: Never.self) { try DNSMessage(bytes: part.serialized()) }
        }
    }

    @Test("the normal form of empty TXT data is one empty string")
    func emptyTXT() throws {
        let parsed = try DNSMessage(bytes: Self.packets[0].bytes)
        #expect(parsed.answers.first?.data == .txt([]))
        #expect(try DNSMessage(bytes: parsed.serialized()).answers.first?.data == .txt([[]]))
    }

    @Test("repeated NSEC windows merge and empty ones vanish")
    func nsecWindows() throws {
        let parsed = try DNSMessage(bytes: Self.packets[3].bytes)
        #expect(parsed.answers.first?.data == .nsec(next: try DNSName("foo.local"), types: [.a, DNSRecordType(rawValue: 256)]))
    }

    @Test("header fields survive a round trip")
    func headerFields() throws {
        let parsed = try DNSMessage(bytes: Self.packets[7].bytes)
        #expect(parsed.id == 0xBEEF && parsed.isResponse && parsed.opcode == 2 && parsed.isTruncated && parsed.responseCode == 3)
        #expect(!parsed.isAuthoritative)
        #expect(parsed.answers.first?.data == .unknown(type: DNSRecordType(rawValue: 99), bytes: [1, 2, 3]))
    }
}
