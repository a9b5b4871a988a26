import Foundation
import Testing

extension EndToEnd {
    /// What the full-screen client says at 80 × 24 (issue 17, points 10, 11 and 13): the game's
    /// how-to-play line in the lobby, a message that outlives a resize, key lines cut only between
    /// whole items.
    @Suite("Screen words in tmux", .serialized, .timeLimit(.minutes(2)),
           .enabled(if: TestTools.tmux, "tmux is missing: apt-get install tmux"))
    struct ScreenWordsTests {
        let alice = "s:0"

        func hostCommand(game: String, port: Int) -> String {
            TmuxServer.paneCommand([Executables.path("partyhost"), "--game", game, "--port", "\(port)", "--bind", "127.0.0.1",
                                    "--interface", "lo", "--name", "Alice", "--bots", "1"])
        }

        @discardableResult
        func want(_ tmux: TmuxServer, _ what: String, _ condition: (String) -> Bool) async throws -> String {
            let (ok, screen) = await tmux.waitForScreen(alice, timeout: .seconds(10), condition)
            try #require(ok, "\(what); the screen was:\n\(screen)")
            return screen
        }

        /// The screen's last line (the key line), without trailing spaces.
        static func keyLine(_ screen: String) -> String {
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            return lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.trimmingCharacters(in: .whitespaces) ?? ""
        }

        @Test("Four in a Row: how to play in the lobby; a message stays past its few seconds and through a resize until the game moves on")
        func messageOutlivesAResize() async throws {
            let port = TestTools.freePort()
            let tmux = try TmuxServer(width: 80, height: 24, command: hostCommand(game: "fourinarow", port: port))
            defer { tmux.kill() }
            try await want(tmux, "the lobby never showed how to play") {
                $0.contains("Players (2 of 2") && $0.contains("Take turns: ←/→ pick a column, Enter drops; line up four in any direction.")
            }
            try await tmux.send(alice, "Enter")
            let started = try await want(tmux, "the game never started") { $0.contains("Your turn") && FourInARowScreen(tui: $0) != nil }
            #expect(Self.keyLine(started) == "←/→ or 1-7 pick a column · Enter or Space drops · q leave")
            try await tmux.send(alice, "9")
            try await want(tmux, "9 was not explained") { $0.contains("Columns are numbered 1 to 7.") }
            // Longer than the few seconds a message used to last; the bot waits for our move.
            try await Task.sleep(for: .seconds(6))
            try await tmux.tmux("resize-window", "-t", alice, "-x", "70", "-y", "22")
            let resized = try await want(tmux, "the board was not redrawn at 70 × 22") { FourInARowScreen(tui: $0)?.left == (70 - 23) / 2 }
            #expect(resized.contains("Columns are numbered 1 to 7."), "the message was lost in the resize:\n\(resized)")
            // A move moves the game on: the message gives way.
            try await tmux.send(alice, "4", "Enter")
            try await want(tmux, "the message outlived the move") {
                (FourInARowScreen(tui: $0)?.discs ?? 0) >= 1 && !$0.contains("Columns are numbered")
            }
            try await tmux.send(alice, "q")
            try await want(tmux, "the host did not end") { $0.contains("[exited 0]") }
        }

        @Test("Rock Paper Scissors at 40 × 10: the lobby stays above the status and key lines, the title ends at a word")
        func smallLobby() async throws {
            let port = TestTools.freePort()
            let tmux = try TmuxServer(width: 40, height: 10, command: hostCommand(game: "rps", port: port))
            defer { tmux.kill() }
            let screen = try await want(tmux, "the lobby never showed") { $0.contains("Players (2 of") && $0.contains("Ada") }
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(Self.keyLine(screen) == "Enter ready · s start · q leave", "\(screen)")
            #expect(lines.contains { $0.hasPrefix("▶ Alice (host)") && $0.hasSuffix(" not ready") }, "\(screen)")
            #expect(lines.first == "Rock Paper Scissors · Alice's Rock…", "\(screen)")
            try await tmux.send(alice, "q")
            try await want(tmux, "the host did not end") { $0.contains("[exited 0]") }
        }

        @Test("TwentyFour at 80 × 24 and 40 × 10: the key line drops whole items, never a cut word")
        func twentyFourKeyLine() async throws {
            try await keyLines(game: "twentyfour", wide: "digits + − × / ( ) · Enter submits · g gives up · Backspace erases · q leave",
                               narrow: "digits + − × / ( ) · q leave", start: true)
        }

        @Test("SunTouch at 80 × 24 and 40 × 10: the key line drops whole items, never a cut word")
        func sunTouchKeyLine() async throws {
            try await keyLines(game: "suntouch", wide: "arrows/hjkl aim · Space strikes (or tosses) · +/- size · Shift: far · q leave",
                               narrow: "arrows/hjkl aim · q leave")
        }

        /// Plays `game` against a bot (`start`: the host presses s after Enter), checks the key line
        /// at 80 × 24 and 40 × 10.
        func keyLines(game: String, wide: String, narrow: String, start: Bool = false) async throws {
            let port = TestTools.freePort()
            let tmux = try TmuxServer(width: 80, height: 24, command: hostCommand(game: game, port: port))
            defer { tmux.kill() }
            try await want(tmux, "the bot never sat down") { $0.contains("Players (2 of") && $0.contains("Ada") }
            try await tmux.send(alice, "Enter")
            if start {
                try await want(tmux, "Alice never got ready") { $0.contains("the host may start") }
                try await tmux.send(alice, "s")
            }
            try await want(tmux, "the key line was cut at 80 columns") { Self.keyLine($0) == wide }
            try await tmux.tmux("resize-window", "-t", alice, "-x", "40", "-y", "10")
            try await want(tmux, "the key line was cut at 40 columns") { Self.keyLine($0) == narrow }
            try await tmux.send(alice, "q")
            try await want(tmux, "the host did not end") { $0.contains("[exited 0]") }
        }
    }
}
