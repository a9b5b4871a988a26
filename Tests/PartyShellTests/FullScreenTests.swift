import Foundation
import Testing

extension EndToEnd {
    /// The full-screen TUI of `partyhost` and `partyclient`, driven through tmux like two people at
    /// two terminals.
    @Suite("The full-screen game in tmux", .serialized, .timeLimit(.minutes(2)),
           .enabled(if: TestTools.tmux, "tmux is missing: apt-get install tmux"))
    struct FullScreenTests {
        let alice = "s:0"
        let bob = "s:1"

        func hostCommand(port: Int, extra: [String] = [], environment: [String] = ["-u", "NO_COLOR"]) -> String {
            TmuxServer.paneCommand([Executables.path("partyhost"), "--game", "fourinarow", "--port", "\(port)",
                                    "--bind", "127.0.0.1", "--interface", "lo", "--name", "Alice"] + extra,
                                   environment: environment)
        }

        /// Waits for `condition` on `target`'s screen; records a failure naming `what` and throws if it never holds.
        @discardableResult
        func want(_ tmux: TmuxServer, _ target: String, _ what: String, timeout: Duration = .seconds(10),
                  _ condition: (String) -> Bool) async throws -> String {
            let (ok, screen) = await tmux.waitForScreen(target, timeout: timeout, condition)
            try #require(ok, "\(target): \(what); the screen was:\n\(screen)")
            return screen
        }

        /// Puts the cursor on `column` and drops; waits until the mover's board shows `discs` discs.
        func drop(_ tmux: TmuxServer, _ mover: String, column: Int, discs: Int) async throws {
            try await tmux.send(mover, "\(column)", "Enter")
            try await want(tmux, mover, "the board never showed \(discs) discs") {
                FourInARowScreen(tui: $0)?.discs == discs
            }
        }

        @Test("Alice hosts and Bob joins: a whole game, garbage keys, a rematch, a resize, and q restores both terminals")
        func wholeGame() async throws {
            let port = TestTools.freePort()
            let tmux = try TmuxServer(width: 90, height: 28, command: hostCommand(port: port))
            defer { tmux.kill() }
            try await want(tmux, alice, "the host's lobby never showed") { $0.contains("Players (1 of 2") }
            try await tmux.newWindow(TmuxServer.paneCommand([Executables.path("partyclient"), "--connect", "127.0.0.1:\(port)", "--name", "Bob"]))
            try await want(tmux, bob, "Bob never joined") { $0.contains("Players (2 of 2") && $0.contains("Alice") }
            let seen9 = await tmux.format(alice, "#{alternate_on}")
            #expect(seen9 == "1")

            try await tmux.send(alice, "Enter")
            try await tmux.send(bob, "Enter")
            // The host's player moves first in the first game.
            try await want(tmux, alice, "Alice never got the first move") { $0.contains("Your turn") && FourInARowScreen(tui: $0) != nil }
            try await want(tmux, bob, "Bob never saw Alice to move") { $0.contains("Waiting for Alice") }

            // Garbage keys: nothing moves, nothing crashes; 9 explains the columns.
            for target in [alice, bob] {
                try await tmux.send(target, "x", "!", "9", "Escape")
                let screen = try await want(tmux, target, "9 was not explained") { $0.contains("Columns are numbered 1 to 7") }
                #expect(FourInARowScreen(tui: screen)?.discs == 0, "garbage changed the board:\n\(screen)")
                #expect(!screen.contains("[exited"))
            }
            try await Task.sleep(for: .milliseconds(200))
            let seen10 = await tmux.screen(alice)
            #expect(FourInARowScreen(tui: seen10)?.discs == 0)
            let seen11 = await tmux.screen(alice)
            #expect(seen11.contains("Your turn"))

            // Alice: 4, 4, 4, 4; Bob: 1, 1, 2. Alice wins in column 4.
            let moves = [(alice, 4), (bob, 1), (alice, 4), (bob, 1), (alice, 4), (bob, 2), (alice, 4)]
            for (index, (mover, column)) in moves.enumerated() {
                try await drop(tmux, mover, column: column, discs: index + 1)
                if index < moves.count - 1 {
                    let other = mover == alice ? bob : alice
                    try await want(tmux, other, "the other player never got the turn") {
                        $0.contains("Your turn") && FourInARowScreen(tui: $0)?.discs == index + 1
                    }
                }
            }
            for target in [alice, bob] {
                // The result comes with the last view; the rematch key with the lobby right after it.
                let screen = try await want(tmux, target, "the result and the rematch key never showed") {
                    $0.contains("Alice wins with four in a row") && $0.contains("r rematch")
                }
                let board = try #require(FourInARowScreen(tui: screen), "no board on:\n\(screen)")
                #expect(board.discs == 7)
                #expect(board.column(4).count == 4 && Set(board.column(4)).count == 1, "column 4: \(board.column(4))")
                #expect(board.column(1).count == 2 && board.column(2).count == 1)
                #expect(screen.contains("r rematch"))
            }
            let seen12 = await tmux.screen(alice, escapes: true)
            #expect(ANSIColors.hasColor(seen12), "the board should be in colour without NO_COLOR")

            // Rematch: the first move alternates, so Bob starts.
            try await tmux.send(alice, "r")
            try await tmux.send(bob, "r")
            try await want(tmux, bob, "Bob did not start the rematch") { $0.contains("Your turn") && FourInARowScreen(tui: $0)?.discs == 0 }
            try await want(tmux, alice, "Alice did not wait for Bob") { $0.contains("Waiting for Bob") && FourInARowScreen(tui: $0)?.discs == 0 }

            // A smaller window: everything is redrawn for 50 × 16, and the game goes on.
            let seen13 = await tmux.screen(alice)
            let before = try #require(FourInARowScreen(tui: seen13))
            #expect(before.left == (90 - 23) / 2)
            try await tmux.tmux("resize-window", "-t", alice, "-x", "50", "-y", "16")
            let small = try await want(tmux, alice, "the board was not redrawn at 50 × 16") {
                FourInARowScreen(tui: $0)?.left == (50 - 23) / 2
            }
            let seen14 = await tmux.format(alice, "#{pane_width}x#{pane_height}")
            #expect(seen14 == "50x16")
            let smallLines = small.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(smallLines.allSatisfy { $0.count <= 50 }, "a line is wider than the window:\n\(small)")
            #expect(smallLines.first?.contains("Four in a Row") == true, "no title bar:\n\(small)")
            #expect(smallLines.contains { $0.contains("Waiting for Bob") })
            try await tmux.send(bob, "3", "Enter")
            let afterMove = try await want(tmux, alice, "Bob's disc never reached the small window") {
                $0.contains("Your turn") && FourInARowScreen(tui: $0)?.discs == 1
            }
            #expect(FourInARowScreen(tui: afterMove)?.column(3).count == 1)

            // Alice's q asks first, since Bob is there (issue 17, point 8); another key goes on.
            try await tmux.send(alice, "q")
            try await want(tmux, alice, "q did not ask before ending the session for Bob") {
                $0.contains("q again ends it for all")
            }
            try await tmux.send(alice, "x")
            try await want(tmux, alice, "another key did not carry on") { $0.contains("The session goes on.") }
            let seen15 = await tmux.screen(bob)
            #expect(!seen15.contains("closed the session"))
            // Alice quits: Bob is told, both programs end, both terminals leave the alternate screen.
            try await tmux.send(alice, "q")
            try await want(tmux, alice, "q did not ask again") { $0.contains("q again ends it for all") }
            try await tmux.send(alice, "q")
            try await want(tmux, bob, "Bob was not told the session ended") {
                $0.contains("Alice closed the session.") && $0.contains("[exited 0]")
            }
            try await want(tmux, alice, "the host did not end") { $0.contains("Session ended.") && $0.contains("[exited 0]") }
            let seen16 = await tmux.format(alice, "#{alternate_on}")
            #expect(seen16 == "0")
            let seen17 = await tmux.format(bob, "#{alternate_on}")
            #expect(seen17 == "0")
        }

        @Test("against a bot, the host's player has the first move of the first game (issue 2, section 5)")
        func hostMovesFirstAgainstBot() async throws {
            let port = TestTools.freePort()
            let tmux = try TmuxServer(width: 90, height: 28, command: hostCommand(port: port, extra: ["--bots", "1"]))
            defer { tmux.kill() }
            try await want(tmux, alice, "the bot never sat down") { $0.contains("Players (2 of 2") }
            try await tmux.send(alice, "Enter")
            let screen = try await want(tmux, alice, "the game never started") { FourInARowScreen(tui: $0) != nil }
            try await Task.sleep(for: .milliseconds(500))
            let now = await tmux.screen(alice)
            #expect(FourInARowScreen(tui: now)?.discs == 0, "the bot moved first:\n\(now)")
            #expect(now.contains("(you)") && !screen.contains("Waiting for Ada"), "\(screen)")
            try await tmux.send(alice, "q")
            try await want(tmux, alice, "the host did not end") { $0.contains("[exited 0]") }
        }

        @Test("TwentyFour: letters typed into an expression are never commands; the host's q then asks before ending (issue 17, point 8)")
        func lettersInAnExpressionAreNotCommands() async throws {
            let port = TestTools.freePort()
            let command = TmuxServer.paneCommand([Executables.path("partyhost"), "--game", "twentyfour", "--port", "\(port)",
                                                  "--bind", "127.0.0.1", "--interface", "lo", "--name", "Alice"])
            let tmux = try TmuxServer(width: 90, height: 28, command: command)
            defer { tmux.kill() }
            try await want(tmux, alice, "the host's lobby never showed") { $0.contains("Players (1 of") }
            try await tmux.newWindow(TmuxServer.paneCommand([Executables.path("partyclient"), "--connect", "127.0.0.1:\(port)", "--name", "Bob"]))
            try await want(tmux, bob, "Bob never joined") { $0.contains("Players (2 of") }
            try await tmux.send(bob, "Enter")
            try await tmux.send(alice, "Enter")
            let started = await tmux.waitForScreen(alice, timeout: .seconds(5)) { $0.contains("Enter submits") }
            if !started.ok { try await tmux.send(alice, "s") }
            try await want(tmux, alice, "the round never started") { $0.contains("Enter submits") }
            try await tmux.send(alice, "8", "q", "g", "r")
            let typed = try await want(tmux, alice, "a letter in the expression was not refused") {
                $0.contains("Letters are not part of an expression")
            }
            #expect(!typed.contains("[exited"), "q in an expression ended the host:\n\(typed)")
            #expect(!typed.contains("You gave up"), "g in an expression gave up:\n\(typed)")
            let seen18 = await tmux.screen(bob)
            #expect(!seen18.contains("closed the session"))
            // Cleared, q is a command again, and asks first because Bob is there.
            try await tmux.send(alice, "DC")
            try await tmux.send(alice, "q")
            try await want(tmux, alice, "q did not ask") { $0.contains("q again ends it for all") }
            try await tmux.send(alice, "q")
            try await want(tmux, bob, "Bob was not told the session ended") { $0.contains("Alice closed the session.") && $0.contains("[exited 0]") }
            try await want(tmux, alice, "the host did not end") { $0.contains("Session ended.") && $0.contains("[exited 0]") }
        }

        @Test("NO_COLOR=1: the board is drawn with X and O and no colour escapes at all")
        func noColor() async throws {
            let port = TestTools.freePort()
            let tmux = try TmuxServer(width: 90, height: 28,
                                      command: hostCommand(port: port, extra: ["--bots", "1"], environment: ["NO_COLOR=1"]))
            defer { tmux.kill() }
            try await want(tmux, alice, "the bot never sat down") { $0.contains("Players (2 of 2") }
            try await tmux.send(alice, "Enter")
            let started = try await want(tmux, alice, "the game never started") { $0.contains("Your turn") && FourInARowScreen(tui: $0) != nil }
            let discs = FourInARowScreen(tui: started)?.discs ?? 0
            try await tmux.send(alice, "3", "Enter")
            let screen = try await want(tmux, alice, "the bot never answered") {
                $0.contains("Your turn") && FourInARowScreen(tui: $0)?.discs == discs + 2
            }
            let board = try #require(FourInARowScreen(tui: screen))
            #expect(Set(board.rows.joined()) == ["X", "O", "."], "\(screen)")
            let escaped = await tmux.screen(alice, escapes: true)
            #expect(!ANSIColors.hasColor(escaped), "colour escapes with NO_COLOR=1:\n\(escaped.debugDescription)")
            #expect(escaped.contains("\u{1B}["), "capture-pane -e shows no attributes at all; is the screen drawn?")
            try await tmux.send(alice, "q")
            try await want(tmux, alice, "the host did not end") { $0.contains("Session ended.") && $0.contains("[exited 0]") }
            let seen19 = await tmux.format(alice, "#{alternate_on}")
            #expect(seen19 == "0")
        }
    }
}

/// Looks for colour in SGR escape sequences (`ESC [ … m`).
enum ANSIColors {
    /// True when any SGR sequence sets a foreground or background colour (30–38, 40–48, 90–97, 100–107).
    static func hasColor(_ text: String) -> Bool {
        var rest = Substring(text)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(where: { $0.isLetter }) else { break }
            let parameters = rest[..<end]
            if rest[end] == "m" {
                for parameter in parameters.split(separator: ";") {
                    guard let value = Int(parameter) else { continue }
                    if (30...38).contains(value) || (40...48).contains(value) || (90...97).contains(value) || (100...107).contains(value) {
                        return true
                    }
                }
            }
            rest = rest[rest.index(after: end)...]
        }
        return false
    }
}
