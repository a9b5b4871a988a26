import Foundation
import Testing

extension EndToEnd {
    /// A host killed with `kill -9` that keeps a journal (`--host-restart-wait`): its clients say the
    /// host is restarting and keep trying that long, then end as for a host gone away (status 69).
    /// (Getting the seat back from the restarted host is the journal's test.)
    @Suite("A host that restarts (line mode, pipes)", .timeLimit(.minutes(2)))
    struct HostRestartLineModeTests {
        @Test("line mode: the host killed, 'The host is restarting… 3 s' is printed once, then the gone sentence and status 69")
        func restartingThenGone() async throws {
            let (host, port) = try await LineModeHost.start(["--host-restart-wait", "3"])
            defer { host.stop() }
            let client = try LiveProcess(Executables.path("partyclient"), ["--connect", "127.0.0.1:\(port)", "--line-mode", "--name", "Bob"])
            defer { client.stop() }
            try #require(await client.waitForLine(timeout: .seconds(30)) { $0.hasPrefix("Joined Dee's Four in a Row") } != nil,
                         "\(client.transcript)")
            host.signal(SIGKILL)
            let restarting = await client.waitForLine(timeout: .seconds(30)) { $0.hasPrefix("! The host is restarting… ") }
            // Said when the waiting starts, with the seconds left (3 at most).
            #expect(["! The host is restarting… 3 s", "! The host is restarting… 2 s"].contains(restarting ?? ""), "\(client.transcript)")
            client.send("4")
            #expect(await client.waitForLine(timeout: .seconds(30)) { $0.hasPrefix("! Reconnecting to the host: nothing is sent") } != nil,
                    "\(client.transcript)")
            #expect(await client.waitForExit(timeout: .seconds(60)) == 69, "\(client.transcript)")
            let sentence = "The host has gone away: nothing answers at 127.0.0.1:\(port) any more."
            #expect(client.lines.last == sentence, "\(client.transcript)")
            // Not every second: a 3 s wait is announced once.
            #expect(client.lines.filter { $0.contains("The host is restarting") }.count == 1, "\(client.transcript)")
        }

        @Test("partyclient --host-restart-wait replaces the host's wait (300 s by default): 2 s, then gone; q leaves meanwhile")
        func clientOverridesTheHost() async throws {
            let (host, port) = try await LineModeHost.start()
            defer { host.stop() }
            let bob = try LiveProcess(Executables.path("partyclient"), [
                "--connect", "127.0.0.1:\(port)", "--line-mode", "--name", "Bob", "--host-restart-wait", "2",
            ], label: "bob")
            defer { bob.stop() }
            try #require(await bob.waitForLine(timeout: .seconds(30)) { $0.hasPrefix("Joined Dee's Four in a Row") } != nil, "\(bob.transcript)")
            // A watcher takes the host's own wait: five minutes by default.
            let watcher = try LiveProcess(Executables.path("partyclient"), ["--connect", "127.0.0.1:\(port)", "--line-mode", "--watch"],
                                          label: "watcher")
            defer { watcher.stop() }
            try #require(await watcher.waitForLine(timeout: .seconds(30)) { $0.hasPrefix("Joined Dee's Four in a Row") } != nil,
                         "\(watcher.transcript)")
            host.signal(SIGKILL)
            #expect(await bob.waitForExit(timeout: .seconds(60)) == 69, "\(bob.transcript)")
            #expect(bob.lines.contains { $0.hasPrefix("! The host is restarting… ") && ($0.hasSuffix(" 2 s") || $0.hasSuffix(" 1 s")) },
                    "\(bob.transcript)")
            #expect(bob.lines.last == "The host has gone away: nothing answers at 127.0.0.1:\(port) any more.", "\(bob.transcript)")
            let line = await watcher.waitForLine(timeout: .seconds(30)) { $0.hasPrefix("! The host is restarting… ") }
            let left = line.flatMap { Int($0.dropFirst("! The host is restarting… ".count).dropLast(2)) }
            #expect(left.map { (200...300).contains($0) } == true, "\(watcher.transcript)")
            watcher.send("q")
            #expect(await watcher.waitForExit(timeout: .seconds(30)) == 0, "\(watcher.transcript)")
        }
    }

    /// The full-screen client in tmux while the host restarts.
    @Suite("A host that restarts (tmux)", .timeLimit(.minutes(2)), .enabled(if: TestTools.tmux, "tmux is missing: apt-get install tmux"))
    struct HostRestartTmuxTests {
        @Test("full screen: 'The host is restarting… N s' counts down instead of the game, then the gone sentence and status 69")
        func restartingCountsDown() async throws {
            let (host, port) = try await LineModeHost.start(["--host-restart-wait", "4"])
            defer { host.stop() }
            let tmux = try TmuxServer(width: 100, height: 30, command: TmuxServer.paneCommand([
                Executables.path("partyclient"), "--connect", "127.0.0.1:\(port)", "--name", "Bob"]))
            defer { tmux.kill() }
            let (joined, lobby) = await tmux.waitForScreen("s:0", timeout: .seconds(30)) { $0.contains("Players (2 of 2") }
            try #require(joined, "Bob never joined:\n\(lobby)")
            host.signal(SIGKILL)
            let (restarting, screen) = await tmux.waitForScreen("s:0", timeout: .seconds(30)) { $0.contains("The host is restarting… ") }
            #expect(restarting, "\(screen)")
            #expect(screen.contains("your seat comes back when it answers"), "\(screen)")
            // It counts down: a later screen shows fewer seconds (or the end).
            let shown = Self.secondsLeft(screen)
            let (counted, later) = await tmux.waitForScreen("s:0", timeout: .seconds(30)) {
                $0.contains("[exited") || Self.secondsLeft($0).map { $0 < (shown ?? 0) } == true
            }
            #expect(counted, "\(later)")
            let (ended, end) = await tmux.waitForScreen("s:0", timeout: .seconds(60)) { $0.contains("[exited") }
            #expect(ended, "\(end)")
            let sentence = "The host has gone away: nothing answers at 127.0.0.1:\(port) any more."
            #expect(end.contains(sentence + "\n[exited 69]"), "\(end)")
            let seen8 = await tmux.format("s:0", "#{alternate_on}")
            #expect(seen8 == "0")
        }

        /// N from "The host is restarting… N s" on a screen.
        static func secondsLeft(_ screen: String) -> Int? {
            guard let range = screen.range(of: "The host is restarting… ") else { return nil }
            return Int(screen[range.upperBound...].prefix { $0.isNumber })
        }
    }
}

/// `--host-restart-wait` on both executables: documented, and checked.
@Suite("--host-restart-wait is explained and checked")
struct HostRestartWaitOptionTests {
    @Test("both --help texts explain --host-restart-wait; partyhost's default is 300", arguments: ["partyhost", "partyclient"])
    func help(executable: String) async throws {
        let (status, output) = try await Executables.run(executable, ["--help"])
        #expect(status == 0)
        let joined = output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(joined.contains("--host-restart-wait <seconds>"), "\(output)")
        #expect(joined.contains("journal"), "\(output)")
        if executable == "partyhost" { #expect(joined.contains("(default: 300)"), "\(output)") }
    }

    @Test("a wait outside 0-3600 seconds is refused at the start", arguments: [
        ("partyhost", ["--game", "fourinarow", "--host-restart-wait", "3601"]),
        ("partyhost", ["--host-restart-wait", "-1"]),
        ("partyclient", ["--connect", "127.0.0.1:9", "--host-restart-wait", "-5"]),
    ])
    func outOfRange(executable: String, arguments: [String]) async throws {
        let (status, output) = try await Executables.run(executable, arguments)
        #expect(status == 64, "\(output)")
        #expect(output.contains("--host-restart-wait must be from 0 to 3600 seconds."), "\(output)")
    }
}
