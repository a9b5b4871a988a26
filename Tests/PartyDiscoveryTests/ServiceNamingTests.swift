import Testing

@testable import PartyDiscovery

@Suite("Service naming")
struct ServiceNamingTests {
    @Test("conflicts rename with a growing number", arguments: [
        ("Alice's Four in a Row", "Alice's Four in a Row (2)"),
        ("Alice's Four in a Row (2)", "Alice's Four in a Row (3)"),
        ("Game (9)", "Game (10)"),
        ("(2)", "(2) (2)"),
        (String(repeating: "x", count: 63), String(repeating: "x", count: 59) + " (2)"),
    ])
    func renaming(name: String, expected: String) {
        #expect(ServiceNaming.renamed(name) == expected)
    }

    @Test("TXT pairs round-trip sorted by key")
    func txt() throws {
        let strings = try ServiceNaming.txtStrings(["v": "1", "game": "fourinarow", "players": "1/2"])
        #expect(strings.map { String(decoding: $0, as: UTF8.self) } == ["game=fourinarow", "players=1/2", "v=1"])
        #expect(ServiceNaming.txtDictionary(strings) == ["v": "1", "game": "fourinarow", "players": "1/2"])
        #expect(ServiceNaming.txtDictionary([Array("flag".utf8), Array("k=a".utf8), Array("k=b".utf8)]) == ["flag": "", "k": "a"])
    }

    @Test("bad TXT entries are refused")
    func badTXT() {
        #expect(throws: DiscoveryError.self) { try ServiceNaming.txtStrings(["": "x"]) }
        #expect(throws: DiscoveryError.self) { try ServiceNaming.txtStrings(["k": String(repeating: "v", count: 300)]) }
    }

    @Test("the gone message names the service")
    func goneMessage() {
        #expect(DiscoveryError.serviceUnavailable("Alice's Four in a Row").description == "Alice's Four in a Row is no longer available")
    }

    @Test("probe tie-breaking: later data wins, identical data is ours")
    func tiebreak() throws {
        let name = try DNSName("X._partyhost._tcp.local.")
        let low = DNSRecord(name: name, data: .srv(priority: 0, weight: 0, port: 1, target: try DNSName("a.local.")), ttl: 120)
        let high = DNSRecord(name: name, data: .srv(priority: 0, weight: 0, port: 2, target: try DNSName("a.local.")), ttl: 120)
        #expect(ServiceAdvertiser.tiebreak([low], [high]) == .lost)
        #expect(ServiceAdvertiser.tiebreak([high], [low]) == .won)
        #expect(ServiceAdvertiser.tiebreak([low], [low]) == .same)
        #expect(ServiceAdvertiser.tiebreak([low, high], [low]) == .won)
    }
}
