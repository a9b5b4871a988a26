import Foundation
import Testing

@testable import PartyDiscovery

/// Whether the interop tools are installed (`.ci/discovery-deps.sh` installs them in CI).
enum InteropTools {
    static let zeroconf = ScriptProcess.pythonHas("zeroconf")
    static let avahi = ScriptProcess.commandExists("avahi-daemon") && ScriptProcess.commandExists("avahi-browse")
        && ScriptProcess.commandExists("avahi-publish") && ScriptProcess.commandExists("dbus-daemon")
    static let scripts = ScriptProcess.scripts.path

    /// A file that does not exist yet, for `avahi_run.sh`'s `AVAHI_RUN_UNTIL`: the command runs
    /// until the test creates it (see `stop(_:_:)`).
    static func stopFile() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("avahi-run-\(UUID().uuidString)").path
    }

    /// Stops the command of an `avahi_run.sh` started with `stopFile`; waits for the script to stop
    /// its daemons and end.
    static func stop(_ script: ScriptProcess, _ stopFile: String) async {
        _ = FileManager.default.createFile(atPath: stopFile, contents: nil)
        await script.finish(timeout: .seconds(30))
        try? FileManager.default.removeItem(atPath: stopFile)
    }
}

/// python-zeroconf and Avahi against our advertiser and browser, all on `lo` inside the namespace.
/// Nothing here is timed: each helper runs until the test has seen what it waits for (each wait
/// bounded by a generous deadline) and is then stopped; how fast discovery is, is measured by
/// `partyload discovery` (docs/PERFORMANCE.md).
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
        let python = try ScriptProcess(["python3", "\(InteropTools.scripts)/zeroconf_browse.py", "_partyhost._tcp.local.", "120"])
        defer { python.terminate() }
        #expect(await python.waitForLine(timeout: .seconds(30)) { $0 == "BROWSING" } != nil, "python-zeroconf output: \(python.text)")
        try await Loopback.withRunning(advertisers: [advertiser]) {
            let added = await python.waitForLine(timeout: .seconds(30)) { $0.hasPrefix("ADD ") && $0.contains(name) }
            #expect(added != nil, "python-zeroconf output: \(python.text)")
            if let added {
                let json = try JSONSerialization.jsonObject(with: Data(added.dropFirst(4).utf8)) as? [String: Any]
                #expect(json?["port"] as? Int == 7321)
                #expect(json?["addresses"] as? [String] == ["127.0.0.1", "::1"], "our AAAA record for ::1 too")
                #expect(json?["txt"] as? [String: String] == ["v": "1", "game": "fourinarow", "players": "1/2", "state": "lobby", "code": "0"])
            }
            advertiser.stop()
            let removed = await python.waitForLine(timeout: .seconds(30)) { $0.hasPrefix("REMOVE ") && $0.contains(name) }
            #expect(removed != nil, "python-zeroconf output: \(python.text)")
        }
    }

    // Skipped unless python-zeroconf is installed: `pip install zeroconf` (or run .ci/discovery-deps.sh).
    @Test("our browser finds a service registered by python-zeroconf",
          .enabled(if: InteropTools.zeroconf, "python-zeroconf is missing: pip install zeroconf"))
    func weBrowseZeroconf() async throws {
        let name = Loopback.uniqueName("From zeroconf")
        let python = try ScriptProcess([
            "python3", "\(InteropTools.scripts)/zeroconf_register.py", name, "_partyhost._tcp.local.", "6543", "120",
            "v=1", "game=fourinarow",
        ])
        defer { python.terminate() }
        #expect(await python.waitForLine(timeout: .seconds(30)) { $0.hasPrefix("REGISTERED") } != nil, "\(python.text)")
        let browser = try ServiceBrowser(interfaces: Loopback.interfaces)
        try await Loopback.withRunning(browsers: [browser]) {
            let found = await Loopback.eventually(timeout: .seconds(30)) {
                await browser.services.contains { $0.instanceName == name && $0.isResolved }
            }
            #expect(found, "python-zeroconf output: \(python.text)")
            let service = try await browser.resolve(name, timeout: .seconds(10))
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
            // Not `avahi-browse -t`, which ends about a second after its first query whatever it
            // has heard by then (our answer may be held back up to a second, RFC 6762 section 6, and
            // a loaded machine adds more): it browses until it has resolved us, then is stopped.
            let escaped = name.replacingOccurrences(of: " ", with: "\\032").replacingOccurrences(of: "'", with: "\\039")
            let stopFile = InteropTools.stopFile()
            let avahi = try ScriptProcess(["AVAHI_RUN_UNTIL=\(stopFile)", "sh", "\(InteropTools.scripts)/avahi_run.sh",
                                           "timeout", "-s", "KILL", "120", "avahi-browse", "-rp", "_partyhost._tcp"])
            let resolved = await avahi.waitForLine(timeout: .seconds(30)) { $0.hasPrefix("=;lo;IPv4;\(escaped);_partyhost._tcp;local;") }
            await InteropTools.stop(avahi, stopFile)
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
            // avahi-resolve gives up after a timeout of its own (5 s), which a loaded machine can
            // use up: each family is asked until it resolves, for at most 60 s, next to one daemon.
            let resolveBoth = """
                for family in -6 -4; do
                    end=$(($(date +%s) + 60))
                    until avahi-resolve "$family" -n "$0"; do [ "$(date +%s)" -lt "$end" ] || exit 1; done
                done
                """
            let avahi = try ScriptProcess(["sh", "\(InteropTools.scripts)/avahi_run.sh", "sh", "-c", resolveBoth, host])
            await avahi.finish(timeout: .seconds(150))
            #expect(avahi.lines.contains { $0.hasPrefix(host) && $0.hasSuffix("::1") }, "avahi-resolve output: \(avahi.text)")
            #expect(avahi.lines.contains { $0.hasPrefix(host) && $0.hasSuffix("127.0.0.1") }, "avahi-resolve output: \(avahi.text)")
        }
    }

    // Skipped unless Avahi is installed: `apt-get install avahi-daemon avahi-utils dbus`.
    @Test("our browser finds a service published by avahi-publish",
          .enabled(if: InteropTools.avahi, "Avahi is missing: apt-get install avahi-daemon avahi-utils dbus"))
    func weBrowseAvahi() async throws {
        let name = Loopback.uniqueName("From Avahi")
        // Published until the test has seen it (at most 120 s), not for a fixed few seconds: a
        // loaded machine may start Avahi's daemon and publish late.
        let stopFile = InteropTools.stopFile()
        let avahi = try ScriptProcess([
            "AVAHI_RUN_UNTIL=\(stopFile)", "sh", "\(InteropTools.scripts)/avahi_run.sh", "timeout", "-s", "KILL", "120",
            "avahi-publish", "-s", name, "_partyhost._tcp", "5432", "v=1", "game=fourinarow",
        ])
        let browser = try ServiceBrowser(interfaces: Loopback.interfaces)
        try await Loopback.withRunning(browsers: [browser]) {
            let found = await Loopback.eventually(timeout: .seconds(45)) {
                await browser.services.contains { $0.instanceName == name && $0.isResolved }
            }
            #expect(found, "avahi output: \(avahi.text)")
            if found {
                let service = try await browser.resolve(name, timeout: .seconds(10))
                #expect(service.port == 5432)
                #expect(service.addresses == ["127.0.0.1", "::1"], "Avahi publishes AAAA ::1 on lo as well")
                #expect(service.txt == ["v": "1", "game": "fourinarow"])
            }
        }
        // Not killed: the script stops avahi-publish and then its daemons.
        await InteropTools.stop(avahi, stopFile)
    }
}
