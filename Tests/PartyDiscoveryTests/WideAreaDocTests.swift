import Foundation
import PartyTestSupport
import Testing

@testable import PartyDiscovery

/// docs/DISCOVERY.md's BIND configuration for a club admin works as written: its key command,
/// `named.conf.local` and zone file, with only their folders changed, run a named that takes a
/// session's records and deletes them.
@Suite("DISCOVERY.md's BIND configuration", .timeLimit(.minutes(2)))
struct WideAreaDocTests {
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/DISCOVERY.md").standardized.path

    /// The fenced block after `<!-- bind: name -->`.
    static func block(_ name: String, in text: String) throws -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let marker = try #require(lines.firstIndex(of: "<!-- bind: \(name) -->"), "no block \(name) in DISCOVERY.md")
        let open = try #require(lines[marker...].firstIndex { $0.hasPrefix("```") })
        let close = try #require(lines[(open + 1)...].firstIndex { $0.hasPrefix("```") })
        return lines[(open + 1)..<close].joined(separator: "\n") + "\n"
    }

    @Test("the key, named.conf.local and zone file in DISCOVERY.md take a session's records, list it and delete it",
          .enabled(if: BindServer.available, BindServer.missing))
    func asWritten() async throws {
        let text = try String(contentsOfFile: Self.document, encoding: .utf8)
        let blocks = try ["keygen", "named.conf.local", "zone"].map { try Self.block($0, in: text) }
        let bind = try await BindServer.launch(zone: "party.example.org") { directory, port in
            let local: (String) -> String = {
                $0.replacingOccurrences(of: "/etc/bind/", with: directory + "/").replacingOccurrences(of: "/var/lib/bind/", with: directory + "/")
            }
            try Spawned("/bin/sh", ["-c", local(blocks[0])], stdout: .inherit, stderr: .inherit).wait()
            try local(blocks[1]).write(toFile: directory + "/named.conf.local", atomically: true, encoding: .utf8)
            try blocks[2].write(toFile: directory + "/party.example.org.zone", atomically: true, encoding: .utf8)
            let options = """
                options {
                    directory "\(directory)";
                    pid-file "\(directory)/named.pid";
                    session-keyfile "\(directory)/session.key";
                    listen-on port \(port) { 127.0.0.1; };
                    listen-on-v6 { none; };
                    recursion no;
                };
                controls { };
                include "\(directory)/named.conf.local";

                """
            try options.write(toFile: directory + "/named.conf", atomically: true, encoding: .utf8)
            return ["named", "-g", "-c", directory + "/named.conf"]
        }
        defer { bind.stop() }
        let key = try bind.key("partyhost")
        #expect(key.name == (try DNSName("partyhost-key")))
        let publisher = try WideAreaPublisher(WideAreaConfiguration(
            domain: "party.example.org", server: bind.address, key: key, instanceName: "Alice's Four in a Row",
            subtypes: ["_fourinarow"], port: 7777, txt: ["game": "fourinarow"]))
        let running = Task { await publisher.run() }
        let published = await WideAreaBindTests.event(publisher) { if case .published = $0 { true } else { false } }
        #expect(published == .published(instanceName: "Alice's Four in a Row"), "\(bind.log)")
        let found = await WideAreaBrowser(domains: ["party.example.org"], server: bind.address, timeout: BindServer.patience).browse()
        #expect(found.services.map(\.instanceName) == ["Alice's Four in a Row"])
        #expect(found.services.first?.addresses.contains("127.0.0.1") == true)
        publisher.stop()
        await running.value
        #expect(bind.dig("PTR", "_partyhost._tcp.party.example.org").isEmpty, "\(bind.log)")
        #expect(bind.dig("SRV", BindServer.digName("Alice's Four in a Row._partyhost._tcp.party.example.org")).isEmpty)
        #expect(bind.dig("TXT", BindServer.digName("_lease.Alice's Four in a Row._partyhost._tcp.party.example.org")).isEmpty)
        // A crashed host's session, deleted by hand with the nsupdate lines of the document.
        let crashed = try WideAreaPublisher(WideAreaConfiguration(
            domain: "party.example.org", server: bind.address, key: key, instanceName: "Alice's Four in a Row",
            subtypes: ["_fourinarow"], port: 7777, txt: ["game": "fourinarow"]))
        try await crashed.publishOnce()
        let instance = BindServer.digName("Alice's Four in a Row._partyhost._tcp.party.example.org")
        let target = String(bind.dig("SRV", instance).first?.split(separator: " ").last?.dropLast() ?? "")
        #expect(target.hasPrefix("partyhost-"))
        let script = try Self.block("nsupdate", in: text)
            .replacingOccurrences(of: "/etc/bind/", with: bind.directory + "/")
            .replacingOccurrences(of: "server ns1.party.example.org", with: "server 127.0.0.1 \(bind.port)")
            .replacingOccurrences(of: "partyhost-1a2b3c4d.party.example.org", with: target)
        #expect(try await Spawned("/bin/sh", ["-c", script], stdout: .inherit, stderr: .inherit).exited() == 0)
        for (type, name) in [("PTR", "_partyhost._tcp.party.example.org"), ("PTR", "_fourinarow._sub._partyhost._tcp.party.example.org"),
                             ("SRV", instance), ("TXT", instance), ("TXT", "_lease." + instance), ("A", target)] {
            #expect(bind.dig(type, name).isEmpty, "\(type) \(name): \(bind.dig(type, name))")
        }
        // The policy grants the DNS-SD types only: the zone's NS cannot be touched with this key.
        var update = DNSUpdate(zone: try DNSName("party.example.org"))
        update.deleteRRset(try DNSName("party.example.org"), type: DNSRecordType(rawValue: 2))
        await #expect(throws: WideAreaError.self) { try await UnicastDNSClient(server: bind.address, timeout: BindServer.patience).send(update, key: key) }
    }
}
