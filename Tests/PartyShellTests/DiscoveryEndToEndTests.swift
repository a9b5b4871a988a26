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
            let printed = await Poll.until(timeout: .seconds(10), interval: .milliseconds(5)) {
                host.output.contains("on port \(port).")
            }
            let instant = ContinuousClock.now
            if !printed { host.stop() }
            try #require(printed, "\(host.transcript)")
            return (host, instant)
        }

        @Test("a host is listed about a second after it prints its port, with its TXT, and is gone soon after Ctrl-C")
        func listedAndGone() async throws {
            let port = TestTools.freePort()
            let (host, printed) = try await startHost(name: "Alice", port: port)
            defer { host.stop() }
            let name = "Alice's Four in a Row"

            // Short listings one after another: the first one that shows the host bounds the latency.
            let found = try await SessionListing.waitFor(timeout: .seconds(5)) { $0.contains { $0.port == port } }
            let listedAfter = Poll.seconds(since: printed)
            try #require(found != nil, "never listed:\n\(host.transcript)")
            print("exetests figure: listed \(String(format: "%.2f", listedAfter)) s after the host printed its port")
            // The one-second goal is measured by `partyload discovery` (docs/PERFORMANCE.md); a test on
            // a loaded machine only checks that the listing comes within the 5 s it waited.

            // The documented command, with everything the listing says.
            let sessions = try #require(try await SessionListing.list(seconds: 1))
            let session = try #require(sessions.first { $0.port == port }, "\(sessions)")
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

            // A listing that runs across the Ctrl-C must drop the host (its goodbye), and a new one
            // must not show it. The shorter one proves the host was answering when both began.
            let control = try SessionListing.start(seconds: 1.2)
            let spanning = try SessionListing.start(seconds: 3)
            let before = await SessionListing.result(of: control)
            #expect(before?.contains { $0.port == port } == true, "the host was not answering: \(String(describing: before))")
            let interrupted = ContinuousClock.now
            host.signal(SIGINT)
            // After its goodbyes the host ends as interrupted programs do: by SIGINT (130 in a shell).
            #expect(await host.waitForExit(timeout: .seconds(10)) == SIGINT, "\(host.transcript)")
            let exitedAfter = Poll.seconds(since: interrupted)
            #expect(host.output.contains("Session ended."), "\(host.transcript)")
            let fresh = try await SessionListing.list(seconds: 1)
            let freshAfter = Poll.seconds(since: interrupted)
            #expect(fresh?.contains { $0.port == port } == false, "a new listing still shows the host: \(String(describing: fresh))")
            let across = await SessionListing.result(of: spanning)
            let acrossAfter = Poll.seconds(since: interrupted)
            #expect(across?.contains { $0.port == port } == false, "the goodbye was not honoured: \(String(describing: across))")
            print("exetests figure: host exited \(String(format: "%.2f", exitedAfter)) s after SIGINT; a new 1 s listing without it ended "
                  + "\(String(format: "%.2f", freshAfter)) s after SIGINT; a running listing had dropped it by \(String(format: "%.2f", acrossAfter)) s")
            #expect(exitedAfter < 5)
        }

        @Test("partyclient --list finds a service registered by python-zeroconf",
              .enabled(if: TestTools.zeroconf, "python-zeroconf is missing: pip install zeroconf"))
        func findsZeroconf() async throws {
            let name = TestTools.unique("From zeroconf")
            let python = try LiveProcess("python3", [
                "\(TestTools.discoveryScripts)/zeroconf_register.py", name, "_partyhost._tcp.local.", "6543", "15",
                "v=1", "game=fourinarow", "players=1/2", "state=lobby",
            ], label: "zeroconf_register.py")
            defer { python.stop() }
            try #require(await python.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("REGISTERED") } != nil, "\(python.transcript)")
            let sessions = try await SessionListing.waitFor(timeout: .seconds(6), seconds: 1) { $0.contains { $0.name == name } }
            let session = try #require(sessions?.first { $0.name == name }, "\(python.transcript)")
            #expect(session.port == 6543)
            #expect(session.addresses == ["127.0.0.1"])
            #expect(session.txt == ["v": "1", "game": "fourinarow", "players": "1/2", "state": "lobby"])
        }

        @Test("partyclient --list finds a service published by avahi-publish",
              .enabled(if: TestTools.avahi, "Avahi is missing: apt-get install avahi-daemon avahi-utils dbus"))
        func findsAvahi() async throws {
            let name = TestTools.unique("From Avahi")
            // The script stops avahi-publish after 8 s and then its own daemons: never kill it early.
            let avahi = try LiveProcess("sh", [
                "\(TestTools.discoveryScripts)/avahi_run.sh", "timeout", "-s", "KILL", "8",
                "avahi-publish", "-s", name, "_partyhost._tcp", "5432", "v=1", "game=fourinarow",
            ], label: "avahi_run.sh")
            let sessions = try await SessionListing.waitFor(timeout: .seconds(7), seconds: 1) { $0.contains { $0.name == name } }
            let session = sessions?.first { $0.name == name }
            #expect(session != nil, "\(avahi.transcript)")
            #expect(session?.port == 5432)
            #expect(session?.addresses == ["127.0.0.1", "::1"], "Avahi publishes AAAA ::1 on lo as well")
            #expect(session?.txt == ["v": "1", "game": "fourinarow"])
            #expect(await avahi.waitForExit(timeout: .seconds(20)) != nil, "\(avahi.transcript)")
        }

        @Test("two hosts started with the same --name are listed under two different names")
        func sameNameTwice() async throws {
            let firstPort = TestTools.freePort()
            let (first, _) = try await startHost(name: "Alice", port: firstPort)
            defer { first.stop() }
            _ = try await SessionListing.waitFor(timeout: .seconds(5)) { $0.contains { $0.port == firstPort } }
            let secondPort = TestTools.freePort()
            let (second, _) = try await startHost(name: "Alice", port: secondPort)
            defer { second.stop() }
            let sessions = try await SessionListing.waitFor(timeout: .seconds(8), seconds: 0.5) { sessions in
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
                #expect(await host.waitForExit(timeout: .seconds(10)) == SIGINT, "\(host.transcript)")
            }
        }
    }
}
