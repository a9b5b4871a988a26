import Foundation
import Testing

@testable import PartyDiscovery

/// Whether the interop tools are installed (`.ci/discovery-deps.sh` installs them in CI).
enum InteropTools {
    static let zeroconf = ScriptProcess.pythonHas("zeroconf")
    static let avahi = ScriptProcess.commandExists("avahi-daemon") && ScriptProcess.commandExists("avahi-browse")
        && ScriptProcess.commandExists("avahi-publish") && ScriptProcess.commandExists("dbus-daemon")
    static let scripts = ScriptProcess.scripts.path
}

/// python-zeroconf and Avahi against our advertiser and browser, all on `lo` inside the namespace.
@Suite("Interop with python-zeroconf and Avahi", .serialized, .timeLimit(.minutes(2)))
struct InteropTests {
    func advertiser(_ name: String) throws -> ServiceAdvertiser {
        try ServiceAdvertiser(ServiceConfiguration(
            instanceName: name, subtypes: ["_fourinarow"], port: 7321,
            txt: ["v": "1", "game": "fourinarow", "players": "1/2", "state": "lobby", "code": "0"],
            interfaces: Loopback.interfaces))
    }

    // Skipped unless python-zeroconf is installed: `pip install zeroconf` (or run .ci/discovery-deps.sh).
    @Test("python-zeroconf finds our advertiser with its port and TXT and sees it removed",
          .enabled(if: InteropTools.zeroconf, "python-zeroconf is missing: pip install zeroconf"))
    func zeroconfBrowsesUs() async throws {
        let name = Loopback.uniqueName("Zeroconf sees us")
        let advertiser = try advertiser(name)
        let python = try ScriptProcess(["python3", "\(InteropTools.scripts)/zeroconf_browse.py", "_partyhost._tcp.local.", "12"])
        defer { python.terminate() }
        #expect(await python.waitForLine(timeout: .seconds(5)) { $0 == "BROWSING" } != nil)
        try await Loopback.withRunning(advertisers: [advertiser]) {
            let added = await python.waitForLine(timeout: .seconds(8)) { $0.hasPrefix("ADD ") && $0.contains(name) }
            #expect(added != nil, "python-zeroconf output: \(python.text)")
            if let added {
                let json = try JSONSerialization.jsonObject(with: Data(added.dropFirst(4).utf8)) as? [String: Any]
                #expect(json?["port"] as? Int == 7321)
                #expect(json?["addresses"] as? [String] == ["127.0.0.1", "::1"], "our AAAA record for ::1 too")
                #expect(json?["txt"] as? [String: String] == ["v": "1", "game": "fourinarow", "players": "1/2", "state": "lobby", "code": "0"])
            }
            advertiser.stop()
            let removed = await python.waitForLine(timeout: .seconds(5)) { $0.hasPrefix("REMOVE ") && $0.contains(name) }
            #expect(removed != nil, "python-zeroconf output: \(python.text)")
        }
    }

    // Skipped unless python-zeroconf is installed: `pip install zeroconf` (or run .ci/discovery-deps.sh).
    @Test("our browser finds a service registered by python-zeroconf",
          .enabled(if: InteropTools.zeroconf, "python-zeroconf is missing: pip install zeroconf"))
    func weBrowseZeroconf() async throws {
        let name = Loopback.uniqueName("From zeroconf")
        let python = try ScriptProcess([
            "python3", "\(InteropTools.scripts)/zeroconf_register.py", name, "_partyhost._tcp.local.", "6543", "10",
            "v=1", "game=fourinarow",
        ])
        defer { python.terminate() }
        #expect(await python.waitForLine(timeout: .seconds(8)) { $0.hasPrefix("REGISTERED") } != nil, "\(python.text)")
        let browser = try ServiceBrowser(interfaces: Loopback.interfaces)
        try await Loopback.withRunning(browsers: [browser]) {
            let found = await Loopback.eventually(timeout: .seconds(15)) {
                await browser.services.contains { $0.instanceName == name && $0.isResolved }
            }
            #expect(found)
            let service = try await browser.resolve(name, timeout: .seconds(2))
            #expect(service.port == 6543)
            #expect(service.addresses == ["127.0.0.1"])
            #expect(service.txt == ["v": "1", "game": "fourinarow"])
        }
    }

    // Skipped unless Avahi is installed: `apt-get install avahi-daemon avahi-utils dbus`.
    @Test("avahi-browse lists our advertiser with its TXT",
          .enabled(if: InteropTools.avahi, "Avahi is missing: apt-get install avahi-daemon avahi-utils dbus"))
    func avahiBrowsesUs() async throws {
        let name = Loopback.uniqueName("Avahi sees us")
        let advertiser = try advertiser(name)
        try await Loopback.withRunning(advertisers: [advertiser]) {
            #expect(await Loopback.announcedName(advertiser) == name)
            // avahi-browse -t ends about a second after its first query. Announcements still due, or
            // a multicast of our PTR less than a second before, hold our answer back by up to a
            // second (RFC 6762 section 6), which in a full test run once came after that end: start
            // it once both announcements are out and our PTR has been quiet for a second.
            #expect(await Loopback.eventually(timeout: .seconds(20)) { await advertiser.announcementsDone() })
            _ = await Loopback.eventually(timeout: .seconds(5)) { await advertiser.pointerQuietForASecond() }
            let avahi = try ScriptProcess(["sh", "\(InteropTools.scripts)/avahi_run.sh", "avahi-browse", "-rpt", "_partyhost._tcp"])
            await avahi.finish(timeout: .seconds(20))
            let escaped = name.replacingOccurrences(of: " ", with: "\\032").replacingOccurrences(of: "'", with: "\\039")
            let resolved = avahi.lines.first { $0.hasPrefix("=;lo;IPv4;\(escaped);_partyhost._tcp;local;") }
            #expect(resolved != nil, "avahi-browse output: \(avahi.text)")
            // We publish A and AAAA; Avahi resolves the address with either family, so either of
            // the loopback addresses is right.
            #expect(resolved.map { $0.contains(";127.0.0.1;7321;") || $0.contains(";::1;7321;") } == true,
                    "avahi-browse output: \(avahi.text)")
            #expect(resolved?.contains("\"players=1/2\"") == true)
            #expect(resolved?.contains("\"game=fourinarow\"") == true)
        }
    }

    // Skipped unless Avahi is installed: `apt-get install avahi-daemon avahi-utils dbus`.
    @Test("avahi-resolve finds our host's IPv6 address (AAAA) as well as its IPv4 one",
          .enabled(if: InteropTools.avahi, "Avahi is missing: apt-get install avahi-daemon avahi-utils dbus"))
    func avahiResolvesOurAAAA() async throws {
        let name = Loopback.uniqueName("Avahi resolves us")
        let advertiser = try advertiser(name)
        try await Loopback.withRunning(advertisers: [advertiser]) {
            #expect(await Loopback.announcedName(advertiser) == name)
            let host = "\(await advertiser.hostLabel).local"
            let avahi = try ScriptProcess(["sh", "\(InteropTools.scripts)/avahi_run.sh", "avahi-resolve", "-6", "-n", host])
            await avahi.finish(timeout: .seconds(20))
            #expect(avahi.lines.contains { $0.hasPrefix(host) && $0.hasSuffix("::1") }, "avahi-resolve output: \(avahi.text)")
            let four = try ScriptProcess(["sh", "\(InteropTools.scripts)/avahi_run.sh", "avahi-resolve", "-4", "-n", host])
            await four.finish(timeout: .seconds(20))
            #expect(four.lines.contains { $0.hasPrefix(host) && $0.hasSuffix("127.0.0.1") }, "avahi-resolve output: \(four.text)")
        }
    }

    // Skipped unless Avahi is installed: `apt-get install avahi-daemon avahi-utils dbus`.
    @Test("our browser finds a service published by avahi-publish",
          .enabled(if: InteropTools.avahi, "Avahi is missing: apt-get install avahi-daemon avahi-utils dbus"))
    func weBrowseAvahi() async throws {
        let name = Loopback.uniqueName("From Avahi")
        let avahi = try ScriptProcess([
            "sh", "\(InteropTools.scripts)/avahi_run.sh", "timeout", "-s", "KILL", "6", "avahi-publish", "-s", name, "_partyhost._tcp", "5432",
            "v=1", "game=fourinarow",
        ])
        let browser = try ServiceBrowser(interfaces: Loopback.interfaces)
        try await Loopback.withRunning(browsers: [browser]) {
            let found = await Loopback.eventually(timeout: .seconds(24)) {
                await browser.services.contains { $0.instanceName == name && $0.isResolved }
            }
            #expect(found, "avahi output: \(avahi.text)")
            if found {
                let service = try await browser.resolve(name, timeout: .seconds(2))
                #expect(service.port == 5432)
                #expect(service.addresses == ["127.0.0.1", "::1"], "Avahi publishes AAAA ::1 on lo as well")
                #expect(service.txt == ["v": "1", "game": "fourinarow"])
            }
        }
        // Not killed: the script stops avahi-publish itself after 6 s and then its daemons.
        await avahi.finish(timeout: .seconds(15))
    }
}
