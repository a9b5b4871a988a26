import Foundation
import Testing

extension EndToEnd {
    /// `partyhost` advertises and `partyclient --list` finds, on `lo`: the figures issue 3 asks for,
    /// interop with python-zeroconf and Avahi, and renaming when two hosts share a name.
    @Suite("Discovery end to end", .timeLimit(.minutes(2)))
    struct DiscoveryEndToEndTests {
        /// Starts a dedicated host (nobody plays at it) advertising on `lo`; waits until it prints its port.
        func startHost(name: String, port: Int) async throws -> (host: LiveProcess, printed: ContinuousClock.Instant) {
            let host = try LiveProcess(Executables.path("partyhost"), [
                "--game", "fourinarow", "--dedicated", "--port", "\(port)", "--bind", "127.0.0.1",
                "--interface", "lo", "--name", name,
            ], label: "partyhost \(name)")
            let printed = await Poll.until(timeout: .seconds(30), interval: .milliseconds(5)) {
                host.output.contains("on port \(port).")
            }
            let instant = ContinuousClock.now
            if !printed { host.stop() }
            try #require(printed, "\(host.transcript)")
            return (host, instant)
        }

        @Test("a host is listed with its TXT, and a running client drops it on the goodbye it sends at Ctrl-C")
        func listedAndGone() async throws {
            let port = TestTools.freePort()
            let hostName = "Alice\(port)"
            let (host, printed) = try await startHost(name: hostName, port: port)
            defer { host.stop() }
            let name = "\(hostName)'s Four in a Row"

            // The documented command, run again until it shows the host: on a loaded machine it may
            // list late. The one-second goal is measured by `partyload discovery` (docs/PERFORMANCE.md).
            let found = try await SessionListing.waitFor(timeout: .seconds(30), seconds: 1) { $0.contains { $0.port == port } }
            let listedAfter = Poll.seconds(since: printed)
            let session = try #require(found?.first { $0.port == port }, "never listed:\n\(host.transcript)")
            print("exetests figure: listed \(String(format: "%.2f", listedAfter)) s after the host printed its port")
            #expect(session.name == name)
            #expect(session.addresses == ["127.0.0.1", "::1"])
            #expect(session.host.hasPrefix("partyhost-") && session.host.hasSuffix(".local."), "\(session.host)")
            #expect(session.txt["game"] == "fourinarow")
            #expect(session.txt["players"] == "0/2")
            #expect(session.txt["state"] == "lobby")
            #expect(session.txt["v"] == "1")
            // The page is served on the same port, and the host printed its address and QR code.
            #expect(session.txt["web"] == "/")
            #expect(session.web == "http://127.0.0.1:\(port)/")
            #expect(host.transcript.contains("Browsers and phones join at: http://"), "\(host.transcript)")
            #expect(host.transcript.contains("▀") || host.transcript.contains("▄"), "no QR code:\n\(host.transcript)")

            // A client left at the list across the Ctrl-C prints the list again whenever it changes:
            // what it printed says what it saw, in order. It must show the host, and after the
            // Ctrl-C a list without it. Only the host's goodbye (TTL 0) drops it within the 30 s
            // allowed; without one the client would keep it until its records expire (120 s).
            let client = try LiveProcess(Executables.path("partyclient"), [
                "--interface", "lo", "--line-mode", "--name", "Carol", "--game", "fourinarow",
            ], label: "partyclient Carol")
            defer { client.stop() }
            let seen = await Poll.until(timeout: .seconds(30)) { Self.printedLists(client.lines).contains { $0.contains { $0.contains(name) } } }
            try #require(seen, "the waiting client never listed the host:\n\(client.transcript)")
            let interrupted = ContinuousClock.now
            host.signal(SIGINT)
            // After its goodbyes the host ends as interrupted programs do: by SIGINT (130 in a shell).
            #expect(await host.waitForExit(timeout: .seconds(30)) == SIGINT, "\(host.transcript)")
            let exitedAfter = Poll.seconds(since: interrupted)
            #expect(host.output.contains("Session ended."), "\(host.transcript)")
            let dropped = await Poll.until(timeout: .seconds(30)) {
                let lists = Self.printedLists(client.lines)
                guard let shown = lists.firstIndex(where: { $0.contains { $0.contains(name) } }) else { return false }
                return lists[(shown + 1)...].contains { !$0.contains { $0.contains(name) } }
            }
            let droppedAfter = Poll.seconds(since: interrupted)
            #expect(dropped, "the goodbye was not honoured:\n\(client.transcript)")
            // A new listing does not show it either.
            let fresh = try await SessionListing.list(seconds: 1)
            #expect(fresh?.contains { $0.port == port } == false, "a new listing still shows the host: \(String(describing: fresh))")
            print("exetests figure: host exited \(String(format: "%.2f", exitedAfter)) s after SIGINT; the waiting client "
                  + "dropped it by \(String(format: "%.2f", droppedAfter)) s")
            client.send("q")
            #expect(await client.waitForExit(timeout: .seconds(30)) == 0, "\(client.transcript)")
        }

        /// The lists a line-mode client printed, in order: each one's numbered lines (empty for
        /// "No sessions found yet").
        static func printedLists(_ lines: [String]) -> [[String]] {
            var lists: [[String]] = []
            var current: [String] = []
            for line in lines {
                if line.hasPrefix("No sessions found yet") || line.hasPrefix("Type a number to join") {
                    lists.append(current)
                    current = []
                } else if let dot = line.firstIndex(of: "."), Int(line[..<dot]) != nil {
                    current.append(line)
                }
            }
            return lists
        }

        @Test("partyclient --list finds a service registered by python-zeroconf",
              .enabled(if: TestTools.zeroconf, "python-zeroconf is missing: pip install zeroconf"))
        func findsZeroconf() async throws {
            let name = TestTools.unique("From zeroconf")
            let python = try LiveProcess("python3", [
                "\(TestTools.discoveryScripts)/zeroconf_register.py", name, "_partyhost._tcp.local.", "6543", "120",
                "v=1", "game=fourinarow", "players=1/2", "state=lobby",
            ], label: "zeroconf_register.py")
            defer { python.stop() }
            try #require(await python.waitForLine(timeout: .seconds(30)) { $0.hasPrefix("REGISTERED") } != nil, "\(python.transcript)")
            // A listing may catch the service before its address record has come (a loaded machine):
            // wait for the address too, as a user's next listing would show it.
            let sessions = try await SessionListing.waitFor(timeout: .seconds(30), seconds: 1) { $0.contains { $0.name == name && !$0.addresses.isEmpty } }
            let session = try #require(sessions?.first { $0.name == name }, "\(python.transcript)")
            #expect(session.port == 6543)
            #expect(session.addresses == ["127.0.0.1"])
            #expect(session.txt == ["v": "1", "game": "fourinarow", "players": "1/2", "state": "lobby"])
        }

        @Test("partyclient --list finds a service published by avahi-publish",
              .enabled(if: TestTools.avahi, "Avahi is missing: apt-get install avahi-daemon avahi-utils dbus"))
        func findsAvahi() async throws {
            let name = TestTools.unique("From Avahi")
            // Published until the listing has shown it (at most 120 s), then stopped through the
            // script's stop file, so that it stops its own daemons too: never kill it.
            let stopFile = FileManager.default.temporaryDirectory.appendingPathComponent("avahi-run-\(UUID().uuidString)").path
            let avahi = try LiveProcess("sh", [
                "\(TestTools.discoveryScripts)/avahi_run.sh", "timeout", "-s", "KILL", "120",
                "avahi-publish", "-s", name, "_partyhost._tcp", "5432", "v=1", "game=fourinarow",
            ], environment: ["AVAHI_RUN_UNTIL": stopFile], label: "avahi_run.sh")
            // Avahi may answer with the service before its A and AAAA records (seen on a loaded
            // machine: one listing with no addresses): wait until both have come.
            let sessions = try await SessionListing.waitFor(timeout: .seconds(45), seconds: 1) { $0.contains { $0.name == name && $0.addresses.count >= 2 } }
            _ = FileManager.default.createFile(atPath: stopFile, contents: nil)
            defer { try? FileManager.default.removeItem(atPath: stopFile) }
            let session = sessions?.first { $0.name == name }
            #expect(session != nil, "\(avahi.transcript)")
            #expect(session?.port == 5432)
            #expect(session?.addresses == ["127.0.0.1", "::1"], "Avahi publishes AAAA ::1 on lo as well")
            #expect(session?.txt == ["v": "1", "game": "fourinarow"])
            #expect(await avahi.waitForExit(timeout: .seconds(30)) != nil, "\(avahi.transcript)")
        }

        @Test("two hosts started with the same --name are listed under two different names")
        func sameNameTwice() async throws {
            let firstPort = TestTools.freePort()
            let (first, _) = try await startHost(name: "Alice", port: firstPort)
            defer { first.stop() }
            _ = try await SessionListing.waitFor(timeout: .seconds(30)) { $0.contains { $0.port == firstPort } }
            let secondPort = TestTools.freePort()
            let (second, _) = try await startHost(name: "Alice", port: secondPort)
            defer { second.stop() }
            let sessions = try await SessionListing.waitFor(timeout: .seconds(30), seconds: 0.5) { sessions in
                sessions.contains { $0.port == firstPort } && sessions.contains { $0.port == secondPort }
            }
            let both = try #require(sessions, "\(first.transcript)\n\(second.transcript)")
            let names = both.filter { [firstPort, secondPort].contains($0.port) }.map(\.name)
            #expect(Set(names).count == 2, "\(names)")
            #expect(names.allSatisfy { $0.hasPrefix("Alice's Four in a Row") }, "\(names)")
            #expect(both.first { $0.port == firstPort }?.name == "Alice's Four in a Row", "the first host keeps its name: \(names)")
            print("exetests figure: same-name hosts listed as \(names)")
            for host in [first, second] { host.signal(SIGINT) }
            for host in [first, second] {
                #expect(await host.waitForExit(timeout: .seconds(30)) == SIGINT, "\(host.transcript)")
            }
        }
    }
}
