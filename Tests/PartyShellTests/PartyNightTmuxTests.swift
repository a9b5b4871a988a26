import Foundation
import Testing

extension EndToEnd {
    /// A party night tried at 80×24 (issue 36): a watcher learns whether their prediction was right
    /// and keeps it in sight, and the host's own screen says who is reconnecting.
    @Suite("A party night in tmux", .serialized, .timeLimit(.minutes(3)),
           .enabled(if: TestTools.tmux, "tmux is missing: apt-get install tmux"))
    struct PartyNightTmuxTests {
        let alice = "s:0"
        let bob = "s:1"
        let zed = "s:2"

        /// Waits for `condition` on `target`'s screen; records a failure naming `what` and throws if it never holds.
        @discardableResult
        func want(_ tmux: TmuxServer, _ target: String, _ what: String, timeout: Duration = .seconds(20),
                  _ condition: (String) -> Bool) async throws -> String {
            let (ok, screen) = await tmux.waitForScreen(target, timeout: timeout, condition)
            try #require(ok, "\(target): \(what); the screen was:\n\(screen)")
            return screen
        }

        func client(_ port: Int, _ name: String, watch: Bool = false) -> String {
            TmuxServer.paneCommand([Executables.path("partyclient"), "--connect", "127.0.0.1:\(port)", "--name", name] + (watch ? ["--watch"] : []))
        }

        /// The number keys of the prediction choices on `screen` ("3 Edsger 0 %" after "Who wins? ",
        /// a " · " or a continuation line's indent).
        func choiceKeys(_ screen: String) -> Set<Int> {
            var keys = Set<Int>()
            for line in screen.split(separator: "\n") where line.hasPrefix("Who wins? ") || line.hasPrefix("  ") {
                for entry in line.dropFirst(line.hasPrefix("Who wins? ") ? 10 : 0).components(separatedBy: " · ") {
                    let words = entry.trimmingCharacters(in: .whitespaces).split(separator: " ")
                    guard words.count >= 3, let number = Int(words[0]), entry.contains(" %") else { continue }
                    keys.insert(number)
                }
            }
            return keys
        }

        @Test("a watcher predicts Bob, Bob wins: 'You said Bob — right! +50' stays with the final board, then with the last game in the room; at the party's end, their points")
        func watcherLearnsTheVerdict() async throws {
            let port = TestTools.freePort()
            let host = TmuxServer.paneCommand([Executables.path("partyhost"), "--games", "rps", "--rounds", "1", "--reveal-seconds", "1",
                                               "--round-seconds", "60", "--start-delay", "1", "--port", "\(port)", "--bind", "127.0.0.1",
                                               "--no-advertise", "--name", "Alice"])
            let tmux = try TmuxServer(width: 80, height: 24, command: host)
            defer { tmux.kill() }
            try await want(tmux, alice, "the room never showed its menu") { $0.contains("1  Rock Paper Scissors") }
            try await tmux.newWindow(client(port, "Bob"))
            try await tmux.newWindow(client(port, "Zed", watch: true), index: 2)
            try await want(tmux, bob, "Bob never saw the room") { $0.contains("you: Bob") && $0.contains("1 vote") }
            try await want(tmux, zed, "the watcher never saw the room") { $0.contains("watching · ? help · q leave") }
            try await tmux.send(alice, "1")
            try await tmux.send(bob, "1")
            // Bob's own screen says his vote counted (when it did not, his screen is the diagnosis).
            try await want(tmux, bob, "Bob's vote never counted") { !$0.contains("Waiting for: Bob") && !$0.contains("1 of 2 has voted") }
            // The watcher's question, every choice with its key, on its own line above the status line.
            try await want(tmux, zed, "the watcher was never asked who wins") {
                $0.contains("Who wins? 1 Alice 0 % · 2 Bob 0 %") && $0.contains("1–2 predict the winner")
            }
            try await tmux.send(zed, "2")
            try await want(tmux, zed, "the watcher's prediction was not confirmed") { $0.contains("you said Bob") || $0.contains("You said Bob.") }
            try await tmux.send(alice, "1")
            try await tmux.send(bob, "2")
            try await want(tmux, zed, "the watcher never learned the verdict") { $0.contains("You said Bob — right! +50") }
            // The status line moves on to the result and what the room does next; the verdict stays.
            let held = try await want(tmux, zed, "the held result never said what comes next") { $0.contains("— next: Game 2") }
            #expect(held.contains("You said Bob — right! +50"), "the verdict was gone from the final board:\n\(held)")
            try await tmux.send(zed, "x")
            let room = try await want(tmux, zed, "the watcher never got back to the room") { $0.contains("Last game (1, Rock Paper Scissors)") }
            #expect(room.contains("You said Bob — right! +50"), "the room does not say the verdict:\n\(room)")

            try await tmux.send(alice, "q")
            try await want(tmux, alice, "q did not ask first") { $0.contains("q again ends the party for all") }
            try await tmux.send(alice, "q")
            let end = try await want(tmux, zed, "the watcher never got the party's end") { $0.contains("[exited") }
            #expect(end.contains("Final standings:"), "\(end)")
            #expect(end.contains("Your predictions: 1 right, 50 points (place 1 among the watchers)."), "\(end)")
        }

        @Test("TwentyFour for seven (five bots): the watcher's question shows every key 1 to 7 at 80 columns, and 7 predicts")
        func everyChoiceForSeven() async throws {
            let port = TestTools.freePort()
            let host = TmuxServer.paneCommand([Executables.path("partyhost"), "--games", "twentyfour", "--bots", "5", "--start-delay", "1",
                                               "--port", "\(port)", "--bind", "127.0.0.1", "--no-advertise", "--name", "Alice Wonderland"])
            let tmux = try TmuxServer(width: 80, height: 24, command: host)
            defer { tmux.kill() }
            try await want(tmux, alice, "the room never showed its menu") { $0.contains("1  TwentyFour") }
            try await tmux.newWindow(client(port, "Bartholomew Longname"))
            try await tmux.newWindow(client(port, "Zed", watch: true), index: 2)
            try await want(tmux, bob, "Bob never saw the room") { $0.contains("you: Bartholomew Longname") && $0.contains("1 vote") }
            try await want(tmux, zed, "the watcher never saw the room") { $0.contains("watching · ? help · q leave") }
            try await tmux.send(alice, "1")
            try await tmux.send(bob, "1")
            let asked = try await want(tmux, zed, "the watcher never saw all seven choices") { screen in
                screen.contains("1–7 predict the winner") && choiceKeys(screen) == Set(1...7)
            }
            #expect(asked.contains("7 Bartholomew Longname 0 %"), "\(asked)")
            try await tmux.send(zed, "7")
            try await want(tmux, zed, "7 did not predict the seventh") { $0.contains("you said Bartholomew Longname") }
        }

        @Test("Four in a Row in teams: a member's client is killed; the host's own screen says '🦄 Dee is reconnecting… N s' over the game even while its status line has news")
        func hostSeesHeldSeat() async throws {
            let port = TestTools.freePort()
            let host = TmuxServer.paneCommand([Executables.path("partyhost"), "--games", "fourinarow", "--teams", "auto", "--start-delay", "1",
                                               "--port", "\(port)", "--bind", "127.0.0.1", "--no-advertise", "--name", "Alice"])
            let tmux = try TmuxServer(width: 80, height: 24, command: host)
            defer { tmux.kill() }
            try await want(tmux, alice, "the room never showed its menu") { $0.contains("1  Four in a Row") }
            try await tmux.newWindow(client(port, "Bob"))
            try await tmux.newWindow(client(port, "Cy"), index: 2)
            try await tmux.newWindow(client(port, "🦄 Dee"), index: 3)
            for target in [bob, "s:2", "s:3"] {
                try await want(tmux, target, "\(target) never saw the room") { $0.contains("1 vote") }
            }
            try await want(tmux, alice, "the host never saw four members") { $0.contains("🦄 Dee") && $0.contains("Cy") && $0.contains("Bob") }
            for target in [alice, bob, "s:2", "s:3"] { try await tmux.send(target, "1") }
            try await want(tmux, alice, "the team game never started") { $0.contains("Team ") && FourInARowScreen(tui: $0) != nil }
            for pid in await tmux.programs("s:3") { kill(pid, SIGKILL) }
            try await want(tmux, alice, "the host never said Dee is reconnecting") {
                $0.range(of: #"🦄 Dee is reconnecting… \d+ s"#, options: .regularExpression) != nil
            }
            // News on the status line (here an unused key's) must not push the held seat off the screen.
            try await tmux.send(alice, "x")
            let both = try await want(tmux, alice, "the host's news and the held seat were never on screen together") {
                $0.contains("does nothing here") && $0.range(of: #"🦄 Dee is reconnecting… \d+ s"#, options: .regularExpression) != nil
            }
            #expect(FourInARowScreen(tui: both) != nil, "\(both)")
        }
    }
}
