import Foundation
import Testing

extension EndToEnd {
    /// `partyhost --publish-domain` and `partyclient --browse-domain` against a real BIND 9 started
    /// by the test (issue 21, section 2), on loopback and across a router.
    @Suite("Wide-area DNS-SD end to end", .serialized, .timeLimit(.minutes(3)))
    struct WideAreaEndToEndTests {
        static let bind = ["named", "tsig-keygen", "dig"].allSatisfy(TestTools.commandExists)
        static let script = "\(TestTools.discoveryScripts)/bind_zone.sh"

        /// A named for zone party.test on `address`:`port` in a new temporary folder, once it answers.
        static func startNamed(address: String, port: Int) async throws -> (named: LiveProcess, directory: String) {
            let directory = NSTemporaryDirectory() + TestTools.unique("partyhost-bind")
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let named = try LiveProcess("sh", [script, directory, "party.test", address, "\(port)"], label: "named")
            let up = await Poll.until(timeout: .seconds(30), interval: .milliseconds(100)) {
                // Over TCP too: both must be listening.
                let udp = (try? await TestTools.running(["dig", "+short", "+time=1", "+tries=1", "@\(address)", "-p", "\(port)", "SOA", "party.test"]))?
                    .output.contains("ns.party.test.") == true
                guard udp else { return false }
                return (try? await TestTools.running(["dig", "+tcp", "+short", "+time=1", "+tries=1", "@\(address)", "-p", "\(port)", "SOA", "party.test"]))?
                    .output.contains("ns.party.test.") == true
            }
            if !up { named.stop() }
            try #require(up, "\(named.transcript)")
            return (named, directory)
        }

        static func dig(_ port: Int, _ type: String, _ name: String) -> String {
            (try? TestTools.run(["dig", "+short", "+time=2", "+tries=2", "@127.0.0.1", "-p", "\(port)", type,
                                 name.replacingOccurrences(of: " ", with: "\\032")]))?.output ?? ""
        }

        @Test("partyhost publishes in the zone; dig sees SRV and TXT; partyclient lists it beside the mDNS one, marked wide-area, through resolv.conf; TXT follows the players; Ctrl-C deletes it",
              .enabled(if: bind && TestTools.namespaces, "needs BIND 9 (apt-get install bind9 bind9-dnsutils), root and unshare"))
        func publishBrowseDelete() async throws {
            // Port 53, so that a resolv.conf (which cannot name a port) leads to it.
            let (named, directory) = try await Self.startNamed(address: "127.0.0.1", port: 53)
            defer {
                named.stop()
                try? FileManager.default.removeItem(atPath: directory)
            }
            let port = TestTools.freePort()
            let host = try LiveProcess(Executables.path("partyhost"), [
                "--game", "fourinarow", "--dedicated", "--port", "\(port)", "--bind", "127.0.0.1", "--interface", "lo",
                "--name", "Wendy", "--publish-domain", "party.test", "--dns-server", "127.0.0.1",
                "--tsig-key", "\(directory)/partyhost.key", "--line-mode",
            ], label: "partyhost")
            defer { host.stop() }
            let instance = "Wendy's Four in a Row._partyhost._tcp.party.test"
            let published = await Poll.until(timeout: .seconds(20), interval: .milliseconds(100)) {
                host.errors.contains("Published Wendy's Four in a Row in party.test (wide-area DNS-SD).")
            }
            #expect(published, "\(host.transcript)\n\(named.transcript)")
            #expect(Self.dig(53, "SRV", instance).hasPrefix("0 0 \(port) partyhost-"))
            #expect(Self.dig(53, "TXT", instance).contains("\"players=0/2\""))

            // No --dns-server: the client asks the server /etc/resolv.conf names (a private copy here).
            let resolv = "\(directory)/resolv.conf"
            try "nameserver 127.0.0.1\n".write(toFile: resolv, atomically: true, encoding: .utf8)
            let listing = try await TestTools.running([
                "unshare", "--mount", "sh", "-c",
                "mount --bind \(resolv) /etc/resolv.conf && exec \(Executables.path("partyclient")) --list --json --interface lo --browse-domain party.test",
            ], timeout: 30)
            let sessions = listing.output.split(separator: "\n").compactMap {
                try? JSONDecoder().decode(WideAreaListed.self, from: Data($0.utf8))
            }.filter { $0.name == "Wendy's Four in a Row" }
            #expect(sessions.map(\.domain).sorted() == ["local", "party.test"], "\(listing.output)")
            let wide = sessions.first { $0.wideArea }
            #expect(wide?.port == port && wide?.addresses.contains("127.0.0.1") == true, "\(listing.output)")
            #expect(wide?.host.hasSuffix(".party.test.") == true)
            let text = try await TestTools.running([Executables.path("partyclient"), "--list", "--interface", "lo", "--browse-domain", "party.test",
                                          "--dns-server", "127.0.0.1:53"], timeout: 30)
            #expect(text.output.split(separator: "\n").contains { $0.hasPrefix("Wendy's Four in a Row\t") && $0.hasSuffix("\twide-area party.test") },
                    "\(text.output)")

            // A player sits down: the TXT in the zone says so.
            let player = try LiveProcess(Executables.path("partyclient"), ["--connect", "127.0.0.1:\(port)", "--line-mode", "--name", "Xavier"],
                                         label: "partyclient")
            defer { player.stop() }
            #expect(await Poll.until(timeout: .seconds(20), interval: .milliseconds(200)) {
                Self.dig(53, "TXT", instance).contains("\"players=1/2\"")
            }, "\(Self.dig(53, "TXT", instance))")

            // Ctrl-C: the records are deleted before the host exits.
            host.signal(SIGINT)
            #expect(await host.waitForExit(timeout: .seconds(20)) != nil, "\(host.transcript)")
            #expect(Self.dig(53, "PTR", "_partyhost._tcp.party.test").isEmpty)
            #expect(Self.dig(53, "SRV", instance).isEmpty)
            #expect(Self.dig(53, "TXT", instance).isEmpty)
        }

        @Test("a key the zone does not grant: one clear line, and the session stays on the local network",
              .enabled(if: bind && TestTools.namespaces, "needs BIND 9 (apt-get install bind9 bind9-dnsutils), root and unshare"))
        func refusedKeepsRunning() async throws {
            // Below Linux's ephemeral range (32768-60999), where other tests' sockets are.
            let namedPort = Int.random(in: 20000..<32000)
            let (named, directory) = try await Self.startNamed(address: "127.0.0.1", port: namedPort)
            defer {
                named.stop()
                try? FileManager.default.removeItem(atPath: directory)
            }
            let host = try LiveProcess(Executables.path("partyhost"), [
                "--game", "fourinarow", "--dedicated", "--bind", "127.0.0.1", "--interface", "lo", "--name", "Yann",
                "--publish-domain", "party.test", "--dns-server", "127.0.0.1:\(namedPort)",
                "--tsig-key", "\(directory)/other.key", "--line-mode",
            ], label: "partyhost")
            defer { host.stop() }
            let said = await Poll.until(timeout: .seconds(20), interval: .milliseconds(100)) { host.errors.contains("Wide-area publishing") }
            #expect(said, "\(host.transcript)")
            let lines = host.errors.split(separator: "\n").filter { $0.contains("Wide-area publishing") }
            #expect(lines == ["partyhost: Wide-area publishing in party.test failed: the DNS server 127.0.0.1:\(namedPort) refused the update of zone party.test: REFUSED: the key may not update this zone (see update-policy), or updates are off. The session is still on the local network."],
                    "\(host.transcript)")
            #expect(host.isRunning)
            let listing = try await TestTools.running([Executables.path("partyclient"), "--list", "--interface", "lo", "--timeout", "2"], timeout: 30)
            #expect(listing.output.contains("Yann's Four in a Row\t"), "\(listing.output)")
        }

        @Test("a bad key file or missing server stops partyhost at once with a clear error",
              arguments: [(["--tsig-key", "/nonexistent/k.key", "--dns-server", "127.0.0.1"], "cannot read the TSIG key file /nonexistent/k.key"),
                          (["--tsig-key", "/etc/hostname", "--dns-server", "127.0.0.1"], "expected key \"NAME\" {"),
                          (["--tsig-key", "/etc/hostname"], "--publish-domain needs --dns-server"),
                          (["--dns-server", "a b", "--tsig-key", "/etc/hostname"], "is not a DNS server")])
        func badOptions(arguments: [String], expected: String) async throws {
            let result = try await TestTools.running([Executables.path("partyhost"), "--game", "fourinarow", "--publish-domain", "party.test"] + arguments)
            #expect(result.status == 64, "\(result.output)")
            #expect(result.output.contains(expected), "\(result.output)")
        }

        @Test("across a router: mDNS does not reach the client's subnet, wide-area DNS-SD does; the client joins from its list and plays",
              .enabled(if: bind && TestTools.namespaces, "needs BIND 9 (apt-get install bind9 bind9-dnsutils), root with ip and unshare"))
        func routed() async throws {
            let directory = NSTemporaryDirectory() + TestTools.unique("partyhost-bind")
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let server = TestTools.shellLine(["sh", Self.script, directory, "party.test", "10.98.1.1", "53"]) + " >/dev/null 2>&1"
            let port = TestTools.freePort()
            // The key file is written by the server's script: the host waits for it, then for the server.
            let host = "while ! dig +short +time=1 +tries=1 @10.98.1.1 SOA party.test | grep -q ns; do sleep 0.2; done; "
                + TestTools.shellLine([
                    Executables.path("partyhost"), "--game", "fourinarow", "--dedicated", "--bots", "1", "--port", "\(port)",
                    "--interface", "veth-host", "--name", "Zoe", "--publish-domain", "party.test", "--dns-server", "10.98.1.1",
                    "--tsig-key", "\(directory)/partyhost.key", "--line-mode",
                ]) + " 2>&1 | sed -u 's/^/HOST: /'"
            let client = TestTools.shellLine(["sh", "\(TestTools.scripts)/routed_client.sh", Executables.path("partyclient"), "Zoe's Four in a Row"])
            let network = try LiveProcess("sh", ["\(TestTools.discoveryScripts)/routed.sh", server, host, client], label: "routed")
            defer { network.stop() }
            guard let listed = await network.waitForLine(timeout: .seconds(60), { $0.hasPrefix("WIDE ") || $0 == "NOT FOUND" }),
                  listed.hasPrefix("WIDE ") else {
                Issue.record("the client never listed the host by wide-area DNS-SD:\n\(network.transcript)")
                return
            }
            #expect(network.lines.contains("MDNS none"), "mDNS crossed the router:\n\(network.transcript)")
            let session = try? JSONDecoder().decode(WideAreaListed.self, from: Data(listed.dropFirst("WIDE ".count).utf8))
            #expect(session?.addresses == ["10.98.1.2"], "\(listed)")
            #expect(session?.port == port && session?.wideArea == true && session?.domain == "party.test", "\(listed)")
            guard await network.waitForLine(timeout: .seconds(30), { $0.hasPrefix("1. Zoe's Four in a Row") && $0.hasSuffix("wide-area party.test") }) != nil else {
                Issue.record("the lobby never showed the session:\n\(network.transcript)")
                return
            }
            network.send("1")
            guard await network.waitForLine(timeout: .seconds(15), { $0.hasPrefix("Joined Zoe's Four in a Row") }) != nil else {
                Issue.record("the client never joined:\n\(network.transcript)")
                return
            }
            network.send("ready")
            let player = LinePlayer(client: network, isClientLine: { !$0.hasPrefix("HOST: ") })
            guard let result = await player.play(timeout: .seconds(90)) else {
                Issue.record("the game did not end:\n\(network.transcript)")
                return
            }
            #expect(result.moves >= 1)
            network.send("q")
            network.closeInput()
            #expect(await network.waitForExit(timeout: .seconds(20)) != nil, "\(network.transcript)")
        }
    }
}

/// One `partyclient --list --json` line, with where it was found.
struct WideAreaListed: Decodable {
    var name: String
    var host: String
    var port: Int
    var addresses: [String]
    var domain: String
    var wideArea: Bool
}

extension EndToEnd.WideAreaEndToEndTests {
    @Test("the live list says when a domain cannot be browsed, and still lists the local network")
    func lobbySaysWhy() async throws {
        // Nothing listens on that port: the browse times out.
        let client = try LiveProcess(Executables.path("partyclient"), [
            "--line-mode", "--interface", "lo", "--browse-domain", "party.test", "--dns-server", "127.0.0.1:\(TestTools.freePort())",
        ], label: "partyclient")
        defer { client.stop() }
        let said = await client.waitForLine(timeout: .seconds(30)) { $0.hasPrefix("Note: cannot browse party.test:") }
        #expect(said?.hasSuffix("did not answer within 3 s (is it running and reachable?).") == true, "\(client.transcript)")
        client.send("q")
        client.closeInput()
        #expect(await client.waitForExit(timeout: .seconds(20)) != nil, "\(client.transcript)")
    }
}
