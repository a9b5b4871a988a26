import Testing

@testable import PartyDiscovery

/// The unicast side of the DNS codec: UPDATE messages, TSIG signatures, key files, server
/// addresses and resolv.conf (issue 21, section 2).
@Suite("Wide-area codec")
struct WideAreaCodecTests {
    static let key = TSIGKey(name: try! DNSName("partyhost-key"), secret: Array(0..<32))

    @Test("an UPDATE has opcode 5, the zone as its SOA question, prerequisites and changes in RFC 2136's forms, and uncompressed SRV targets")
    func updateMessage() throws {
        let zone = try DNSName("party.test")
        let instance = try DNSName("Game._partyhost._tcp.party.test")
        var update = DNSUpdate(zone: zone)
        update.requireAbsent(instance, type: .srv)
        update.replace(DNSRecord(name: instance, data: .srv(priority: 0, weight: 0, port: 7777, target: try DNSName("h.party.test")), ttl: 60))
        update.delete(DNSRecord(name: try DNSName("_partyhost._tcp.party.test"), data: .ptr(instance), ttl: 60))
        update.deleteName(instance)
        let bytes = update.message(id: 0x1234).serialized(compressingRecordData: false)
        #expect(bytes[2] == 5 << 3)
        let parsed = try DNSMessage(bytes: bytes)
        #expect(parsed.opcode == 5 && parsed.id == 0x1234)
        #expect(parsed.questions == [DNSQuestion(name: zone, type: .soa)])
        #expect(parsed.answers.map(\.recordClass) == [254])
        #expect(parsed.answers.first?.data == .unknown(type: .srv, bytes: []))
        #expect(parsed.authorities.map(\.recordClass) == [255, 1, 254, 255])
        #expect(parsed.authorities.map(\.type) == [.srv, .srv, .ptr, .any])
        #expect(parsed.authorities[1].data == .srv(priority: 0, weight: 0, port: 7777, target: try DNSName("h.party.test")))
        // The SRV target "h.party.test" is written out in full: its labels appear in the bytes.
        let written = [1, UInt8(ascii: "h"), 5] + Array("party".utf8) + [4] + Array("test".utf8) + [0]
        #expect(bytes.indices.contains { bytes[$0...].starts(with: written) })
    }

    @Test("a TSIG signature checks out with the right key and fails with another key or a changed byte")
    func tsigRoundTrip() throws {
        let message = DNSMessage(id: 7, questions: [DNSQuestion(name: try DNSName("party.test"), type: .soa)]).serialized()
        let signed = TSIG.sign(message, key: Self.key, time: 1_700_000_000)
        let parsed = try DNSMessage(bytes: signed.bytes)
        #expect(parsed.additionals.last?.type == .tsig)
        #expect(parsed.additionals.last?.recordClass == 255)
        let split = try #require(try TSIG.split(signed.bytes))
        #expect(split.unsigned == message)
        #expect(split.record.timeSigned == 1_700_000_000 && split.record.fudge == 300 && split.record.originalID == 7)
        #expect(split.record.mac == signed.mac && signed.mac.count == 32)
        // A request's MAC checks as a request: the answer-side check with an empty request MAC differs.
        let requestMAC = TSIG.code(for: message + TSIG.variables({ var r = split.record; r.mac = []; return r }()), key: Self.key)
        #expect(requestMAC == signed.mac)
        // The answer side: sign as a server would, then check.
        let answer = DNSMessage(id: 7, isResponse: true, opcode: 5).serialized()
        var record = split.record
        record.mac = TSIG.code(for: [0, 32] + signed.mac + answer + TSIG.variables(record), key: Self.key)
        #expect(TSIG.verifies(record, unsigned: answer, requestMAC: signed.mac, key: Self.key))
        let other = TSIGKey(name: Self.key.name, secret: Array(repeating: 1, count: 32))
        #expect(!TSIG.verifies(record, unsigned: answer, requestMAC: signed.mac, key: other))
        var changed = answer
        changed[3] ^= 1
        #expect(!TSIG.verifies(record, unsigned: changed, requestMAC: signed.mac, key: Self.key))
        #expect(try TSIG.split(message) == nil)
    }

    @Test("the HMAC-SHA256 is RFC 4231's test case 2")
    func hmacVector() {
        let key = TSIGKey(name: try! DNSName("k"), secret: Array("Jefe".utf8))
        let mac = TSIG.code(for: Array("what do ya want for nothing?".utf8), key: key)
        let hex = mac.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        #expect(hex == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test("a key file as tsig-keygen writes it is read")
    func keyFile() throws {
        let text = """
            key "partyhost-key" {
            \talgorithm hmac-sha256;
            \tsecret "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
            };
            """
        let key = try TSIGKey(parsing: text)
        #expect(key == Self.key)
        let commented = "# made by hand\n/* a comment */ key partyhost-key { // name\n secret \"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=\"; algorithm HMAC-SHA256; };"
        #expect(try TSIGKey(parsing: commented) == Self.key)
    }

    @Test("a bad key file gets a clear error", arguments: [
        ("", "holds no key statement"),
        ("options { };", "line 1: expected key"),
        ("key \"k\" { secret \"AAAA\"; };", "has no algorithm line"),
        ("key \"k\" { algorithm hmac-md5; secret \"AAAA\"; };", "only hmac-sha256 is supported"),
        ("key \"k\" { algorithm hmac-sha256; };", "has no secret line"),
        ("key \"k\" { algorithm hmac-sha256; secret \"not base64!\"; };", "not valid base64"),
        ("key \"k\" {\n algorithm hmac-sha256\n secret \"AAAA\"; };", "line 3: expected ;"),
        ("key \"k\" { colour blue; };", "expected algorithm or secret"),
        ("key \"\(String(repeating: "x", count: 64))\" { };", "not a valid DNS name"),
    ])
    func badKeyFiles(text: String, expected: String) {
        #expect(throws: TSIGKeyError.self) { try TSIGKey(parsing: text, path: "k.key") }
        do {
            _ = try TSIGKey(parsing: text, path: "k.key")
        } catch {
            #expect(error.description.contains(expected), "\(error)")
            #expect(error.description.hasPrefix("k.key") || error.description.contains("k.key"))
        }
    }

    @Test("a key file that cannot be read says why")
    func unreadableKeyFile() {
        #expect(throws: TSIGKeyError.unreadable(path: "/nonexistent/k.key", reason: "No such file or directory")) {
            try TSIGKey(contentsOf: "/nonexistent/k.key")
        }
    }

    @Test("DNS server addresses", arguments: [
        ("ns1.party.example.org", "ns1.party.example.org", 53), ("127.0.0.1:5300", "127.0.0.1", 5300),
        ("[::1]:5300", "::1", 5300), ("::1", "::1", 53), ("[fd00::53]", "fd00::53", 53), (" 10.0.0.1 ", "10.0.0.1", 53),
    ])
    func serverAddresses(text: String, host: String, port: Int) throws {
        #expect(try DNSServerAddress(parsing: text) == DNSServerAddress(host: host, port: port))
    }

    @Test("bad DNS server addresses are refused", arguments: ["", "host:", "host:0", "host:70000", "[::1", "[::1]x", "a b", "[]:53"])
    func badServerAddresses(text: String) {
        #expect(throws: WideAreaError.badServer(text)) { try DNSServerAddress(parsing: text) }
    }

    @Test("resolv.conf: nameserver lines in order, zones dropped, other lines ignored")
    func resolvConf() {
        #expect(SystemResolver.parse(line: "nameserver 10.0.0.53\n") == [DNSServerAddress(host: "10.0.0.53")])
        #expect(SystemResolver.parse(line: "nameserver\tfe80::1%eth0") == [DNSServerAddress(host: "fe80::1")])
        #expect(SystemResolver.parse(line: "search example.org").isEmpty)
        #expect(SystemResolver.parse(line: "# nameserver 1.2.3.4").isEmpty)
        #expect(throws: WideAreaError.noNameServer(path: "/nonexistent/resolv.conf")) {
            try SystemResolver.servers(path: "/nonexistent/resolv.conf")
        }
    }

    @Test("refusals read as one sentence naming the reason")
    func refusalText() {
        #expect(WideAreaError.refused(server: "ns1", zone: "party.test", rcode: 9, tsigError: 16).description
            == "the DNS server ns1 refused the update of zone party.test: BADSIG: the key's secret is not the one the server has")
        #expect(WideAreaError.refused(server: "ns1", zone: "z", rcode: 5, tsigError: 0).description.contains("REFUSED"))
    }

    @Test("lease records and names")
    func leases() throws {
        let instance = try DNSName("A game._partyhost._tcp.party.test")
        #expect(try WideAreaNames.lease(of: instance).description == "_lease.A game._partyhost._tcp.party.test.")
        let record = DNSRecord(name: instance, data: WideAreaNames.leaseData(expires: 1234), ttl: 60)
        #expect(WideAreaNames.expiry([record]) == 1234)
        #expect(try DNSName("a.b.c").isInside(try DNSName("B.c")))
        #expect(!(try DNSName("b.c").isInside(try DNSName("b.c"))))
    }

    @Test("mangled signed answers and key files never crash: every byte changed, cut short, random text")
    func mangledInputs() throws {
        var generator = SystemRandomNumberGenerator()
        let message = DNSMessage(id: 7, isResponse: true, opcode: 5,
                                 questions: [DNSQuestion(name: try DNSName("party.test"), type: .soa)]).serialized()
        let signed = TSIG.sign(message, key: Self.key, time: 1_700_000_000).bytes
        for index in signed.indices {
            for value: UInt8 in [0, 0x3F, 0xC0, 0xFF] {
                var bytes = signed
                bytes[index] = value
                if let split = try? TSIG.split(bytes) {
                    _ = TSIG.verifies(split.record, unsigned: split.unsigned, requestMAC: [], key: Self.key)
                }
            }
            _ = try? TSIG.split(Array(signed[..<index]))
        }
        let text = "key \"k\" { algorithm hmac-sha256; secret \"AAECAwQ=\"; };"
        for _ in 0..<2000 {
            var characters = Array(text)
            let position = Int.random(in: 0..<characters.count, using: &generator)
            characters[position] = ["\"", "{", "}", ";", "/", "*", "#", "\n", "x"].randomElement(using: &generator)!
            _ = try? TSIGKey(parsing: String(characters.prefix(Int.random(in: 0...characters.count, using: &generator))))
        }
    }
}
