import Testing

@testable import PartyDiscovery

/// Sample packets, each a malformed input the parser must reject with a typed error.
enum BadPackets {
    static let header: [UInt8] = [0, 0, 0x84, 0, 0, 0, 0, 1, 0, 0, 0, 0]

    /// One answer record: `owner` bytes, then type, class, TTL and `rdata`.
    static func answer(owner: [UInt8], type: UInt16, rdata: [UInt8], rdLength: Int? = nil) -> [UInt8] {
        let length = rdLength ?? rdata.count
        return header + owner + [UInt8(type >> 8), UInt8(type & 0xFF), 0, 1, 0, 0, 0, 120, UInt8(length >> 8), UInt8(length & 0xFF)] + rdata
    }

    static let cases: [(String, [UInt8], DNSParseError)] = [
        ("empty packet", [], .truncated(offset: 0)),
        ("header cut short", [0, 0, 0x84, 0, 0], .truncated(offset: 4)),
        ("answer count that lies", [0, 0, 0x84, 0, 0, 0, 0, 9, 0, 0, 0, 0] + [0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 0],
         .countExceedsPacket(section: "answer", declared: 9)),
        ("question count that lies", [0, 0, 0, 0, 0xFF, 0xFF, 0, 0, 0, 0, 0, 0], .countExceedsPacket(section: "question", declared: 65535)),
        ("pointer to itself", answer(owner: [0xC0, 12], type: 1, rdata: [127, 0, 0, 1]), .compressionLoop(offset: 12)),
        ("pointer forward", answer(owner: [0xC0, 20], type: 1, rdata: [127, 0, 0, 1]), .compressionLoop(offset: 12)),
        ("two pointers in a loop", header + [1, 0x61, 0xC0, 12] + [0, 1, 0, 1, 0, 0, 0, 1, 0, 0], .compressionLoop(offset: 14)),
        ("label longer than 63 bytes", answer(owner: [64] + [UInt8](repeating: 0x61, count: 64) + [0], type: 1, rdata: [1, 2, 3, 4]),
         .invalidLabelType(offset: 12)),
        ("name longer than 255 bytes", answer(owner: Array((0..<5).map { _ in [63] + [UInt8](repeating: 0x61, count: 63) }.joined()) + [0], type: 1, rdata: [1, 2, 3, 4]),
         .nameTooLong(offset: 204)),
        ("label running past the end", header + [20, 0x61] + [UInt8](repeating: 0, count: 9), .truncated(offset: 12)),
        ("record data past the end", answer(owner: [0], type: 1, rdata: [1, 2], rdLength: 4), .truncated(offset: 23)),
        ("A record of 3 bytes", answer(owner: [0], type: 1, rdata: [1, 2, 3]), .badRecordLength(type: .a, offset: 23)),
        ("AAAA record of 4 bytes", answer(owner: [0], type: 28, rdata: [1, 2, 3, 4]), .badRecordLength(type: .aaaa, offset: 23)),
        ("TXT string overruns its record", answer(owner: [0], type: 16, rdata: [5, 0x61, 0x62]), .txtStringOverrun(offset: 23)),
        ("TXT string overruns into the next record", answer(owner: [0], type: 16, rdata: [5, 0x61, 0x62, 0, 0, 0, 0], rdLength: 3),
         .txtStringOverrun(offset: 23)),
        ("SRV too short", answer(owner: [0], type: 33, rdata: [0, 0, 0]), .badRecordLength(type: .srv, offset: 23)),
        ("PTR name longer than its rdata", answer(owner: [0], type: 12, rdata: [3, 0x61, 0x62, 0x63, 0], rdLength: 2),
         .badRecordLength(type: .ptr, offset: 23)),
        ("NSEC bitmap past its rdata", answer(owner: [0], type: 47, rdata: [0, 0, 40, 1]), .badRecordLength(type: .nsec, offset: 23)),
        ("reserved label type", answer(owner: [0x40, 0], type: 1, rdata: [1, 2, 3, 4]), .invalidLabelType(offset: 12)),
    ]
}

@Suite("DNS messages")
struct DNSMessageTests {
    @Test("bad input is rejected with a typed error", arguments: BadPackets.cases.map { ($0.0, $0.1, $0.2) })
    func badInput(name: String, bytes: [UInt8], expected: DNSParseError) {
        #expect(throws: expected, "\(name)") { try DNSMessage(bytes: bytes) }
    }

    @Test("random truncations of a real response never crash and always throw")
    func truncations() throws {
        let bytes = Self.sample.serialized()
        for length in 0..<bytes.count {
            #expect(throws: DNSParseError.self) { try DNSMessage(bytes: Array(bytes.prefix(length))) }
        }
    }

    @Test("a response survives a round trip")
    func roundTrip() throws {
        let parsed = try DNSMessage(bytes: Self.sample.serialized())
        #expect(parsed == Self.sample)
    }

    @Test("names are compressed when writing")
    func compression() throws {
        let bytes = Self.sample.serialized()
        let uncompressed = Self.sample.allRecords.reduce(12) { $0 + $1.name.wireLength + 10 } + 200
        #expect(bytes.count < uncompressed)
        // "_partyhost._tcp.local." is written in full once; every later use is a pointer.
        let needle = Array("_partyhost".utf8)
        let occurrences = (0...(bytes.count - needle.count)).filter { Array(bytes[$0..<$0 + needle.count]) == needle }
        #expect(occurrences.count == 1)
    }

    @Test("names compare and hash case-insensitively")
    func caseInsensitive() throws {
        let a = try DNSName("Alice._PartyHost._TCP.local.")
        let b = try DNSName("alice._partyhost._tcp.LOCAL")
        #expect(a == b)
        #expect(Set([a, b]).count == 1)
        #expect(a != (try DNSName("alicf._partyhost._tcp.local.")))
    }

    @Test("names that break the limits cannot be built")
    func nameLimits() {
        #expect(throws: DNSNameError.labelTooLong(64)) { try DNSName(labels: [String(repeating: "a", count: 64)]) }
        #expect(throws: DNSNameError.nameTooLong(257)) { try DNSName(labels: Array(repeating: String(repeating: "a", count: 63), count: 4)) }
        #expect(throws: DNSNameError.emptyLabel) { try DNSName(labels: ["a", ""]) }
    }

    @Test("a label may contain dots and spaces")
    func labelWithDot() throws {
        let name = try DNSName(labels: ["Mr. Smith's game", "_partyhost", "_tcp", "local"])
        let message = DNSMessage.response(answers: [DNSRecord(name: name, data: .txt([[]]), ttl: 1)])
        #expect(try DNSMessage(bytes: message.serialized()).answers[0].name.labels[0] == "Mr. Smith's game")
        #expect(name.description == "Mr\\. Smith's game._partyhost._tcp.local.")
    }

    @Test("big responses are split to fit the MTU")
    func splitting() throws {
        let type = try DNSName("_partyhost._tcp.local.")
        let answers = try (0..<60).map { i in DNSRecord(name: type, data: .ptr(try type.prepending("Instance number \(i) with a long name")), ttl: 4500) }
        let packets = DNSMessage.response(answers: answers).splitForSending(maximumSize: 1472)
        #expect(packets.count > 1)
        #expect(packets.allSatisfy { $0.serialized().count <= 1472 })
        #expect(packets.flatMap(\.answers) == answers)
    }

    @Test("an NSEC record's next domain name is written in full, never as a compression pointer (RFC 3845; dnspython refuses pointers)")
    func nsecNameUncompressed() throws {
        let host = try DNSName("partyhost-0a1b2c3d.local.")
        let message = DNSMessage.response(answers: [
            DNSRecord(name: host, data: .a(IPv4Bytes(127, 0, 0, 1)), ttl: 120, cacheFlush: true),
            DNSRecord(name: host, data: .nsec(next: host, types: [.a]), ttl: 120, cacheFlush: true),
        ])
        let bytes = message.serialized()
        // The NSEC rdata is the last record's: the full name, then window 0, length 1, the A bit.
        let fullName: [UInt8] = [18] + Array("partyhost-0a1b2c3d".utf8) + [5] + Array("local".utf8) + [0]
        let rdata = fullName + [0, 1, 0x40]
        #expect(Array(bytes.suffix(rdata.count)) == rdata)
        #expect(Array(bytes.suffix(rdata.count + 2).prefix(2)) == [0, UInt8(rdata.count)], "RDLENGTH covers the full name")
        // It still reads back as the same message.
        #expect(try DNSMessage(bytes: bytes).answers == message.answers)
    }

    static let sample: DNSMessage = {
        let type = try! DNSName("_partyhost._tcp.local.")
        let instance = try! type.prepending("Alice's Four in a Row")
        let host = try! DNSName("partyhost-0a1b2c3d.local.")
        return DNSMessage(
            isResponse: true,
            isAuthoritative: true,
            questions: [DNSQuestion(name: type, type: .ptr, unicastResponse: true)],
            answers: [DNSRecord(name: type, data: .ptr(instance), ttl: 4500)],
            authorities: [DNSRecord(name: instance, data: .srv(priority: 0, weight: 0, port: 7777, target: host), ttl: 120, cacheFlush: true)],
            additionals: [
                DNSRecord(name: instance, data: .txt([Array("v=1".utf8), Array("players=1/2".utf8)]), ttl: 4500, cacheFlush: true),
                DNSRecord(name: host, data: .a(IPv4Bytes(127, 0, 0, 1)), ttl: 120, cacheFlush: true),
                DNSRecord(name: host, data: .aaaa(Array(repeating: 0, count: 15) + [1]), ttl: 120, cacheFlush: true),
                DNSRecord(name: host, data: .nsec(next: host, types: [.a, .aaaa]), ttl: 120, cacheFlush: true),
                DNSRecord(name: host, data: .unknown(type: DNSRecordType(rawValue: 99), bytes: [1, 2, 3]), ttl: 5),
            ]
        )
    }()
}
