import PartyDiscovery

/// mDNS packets as the advertiser and browser send them, built with the project's own serializer,
/// plus a few hand-made ones with compression pointers and unknown types.
enum Packets {
    static func name(_ text: String) -> DNSName { try! DNSName(text) }

    static func all() -> [(String, [UInt8])] {
        let service = name("_partyhost._tcp.local")
        let instance = try! service.prepending("Ann's party (Snap)")
        let host = name("ann-laptop.local")
        let ptr = DNSRecord(name: service, data: .ptr(instance), ttl: 4500)
        let srv = DNSRecord(name: instance, data: .srv(priority: 0, weight: 0, port: 47_011, target: host), ttl: 120, cacheFlush: true)
        let txt = DNSRecord(name: instance, data: .txt([Array("v=1".utf8), Array("game=snap".utf8), Array("code".utf8), []]),
                            ttl: 4500, cacheFlush: true)
        let a = DNSRecord(name: host, data: .a(IPv4Bytes(127, 0, 0, 1)), ttl: 120, cacheFlush: true)
        let aaaa = DNSRecord(name: host, data: .aaaa([0xFE, 0x80] + Array(repeating: 0, count: 13) + [1]), ttl: 120, cacheFlush: true)
        let nsec = DNSRecord(name: host, data: .nsec(next: host, types: [.a, .aaaa, DNSRecordType(rawValue: 0x0101)]),
                             ttl: 120, cacheFlush: true)
        let browse = DNSMessage(questions: [DNSQuestion(name: service, type: .ptr, unicastResponse: true)])
        let knownAnswer = DNSMessage(isTruncated: true, questions: [DNSQuestion(name: service, type: .ptr)], answers: [ptr])
        let probe = DNSMessage(questions: [DNSQuestion(name: instance, type: .any, unicastResponse: true)], authorities: [srv, txt])
        let response = DNSMessage.response(answers: [ptr], additionals: [srv, txt, a, aaaa, nsec])
        let goodbye = DNSMessage.response(answers: [ptr.with(ttl: 0)])
        let unknown = DNSMessage(id: 0xBEEF, isResponse: true, opcode: 2, responseCode: 3,
                                 answers: [DNSRecord(name: host, data: .unknown(type: DNSRecordType(rawValue: 99), bytes: [1, 2, 3]),
                                                     ttl: 1, recordClass: 255)])
        var out: [(String, [UInt8])] = [
            ("browse", browse.serialized()),
            ("known-answer", knownAnswer.serialized()),
            ("probe", probe.serialized()),
            ("response", response.serialized()),
            ("goodbye", goodbye.serialized()),
            ("unknown-type", unknown.serialized()),
        ]
        // By hand: a question whose name is one label and a pointer into the middle of an earlier name.
        out.append(("pointer-into-name", [
            0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0,
            3, 0x66, 0x6F, 0x6F, 5, 0x6C, 0x6F, 0x63, 0x61, 0x6C, 0, 0, 1, 0, 1,
            0xC0, 16, 0, 255, 0x80, 1,
        ]))
        out.append(("empty-txt", [
            0, 0, 0x84, 0, 0, 0, 0, 1, 0, 0, 0, 0,
            1, 0x78, 0, 0, 16, 0, 1, 0, 0, 0, 10, 0, 0,
        ]))
        return out
    }
}
