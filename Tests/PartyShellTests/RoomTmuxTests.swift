import Foundation
import Testing

extension EndToEnd {
    /// The party room's screen, driven through tmux like two people at two terminals (issue 18).
    @Suite("The party room in tmux", .serialized, .timeLimit(.minutes(3)),
           .enabled(if: TestTools.tmux, "tmux is missing: apt-get install tmux"))
    struct RoomTmuxTests {
        let alice = "s:0"
        let bob = "s:1"

        /// Waits for `condition` on `target`'s screen; records a failure naming `what` and throws if it never holds.
        @discardableResult
        func want(_ tmux: TmuxServer, _ target: String, _ what: String, timeout: Duration = .seconds(15),
                  _ condition: (String) -> Bool) async throws -> String {
            let (ok, screen) = await tmux.waitForScreen(target, timeout: timeout, condition)
            try #require(ok, "\(target): \(what); the screen was:\n\(screen)")
            return screen
        }

        /// The seconds the room's countdown shows ("picked in 27 s"), if it shows one.
        func countdown(_ screen: String) -> Int? {
            guard let range = screen.range(of: #"picked in \d+ s"#, options: .regularExpression) else { return nil }
            return Int(screen[range].split(separator: " ")[2])
        }

        @Test("Alice hosts a room with a bot, Bob joins: votes with the keys, the countdown moves, a game is played, the scoreboard updates, the next game gets its own screen, q ends the party")
        func party() async throws {
            let port = TestTools.freePort()
            let host = TmuxServer.paneCommand([Executables.path("partyhost"), "--games", "rps,fourinarow", "--rounds", "1",
                                               "--reveal-seconds", "1", "--round-seconds", "60", "--bots", "1", "--vote-seconds", "60",
                                               "--port", "\(port)", "--bind", "127.0.0.1", "--no-advertise", "--name", "Alice"])
            let tmux = try TmuxServer(width: 80, height: 24, command: host)
            defer { tmux.kill() }
            let menu = try await want(tmux, alice, "the room never showed its menu") {
                $0.contains("Game 1: vote for the next game") && $0.contains("1  Rock Paper Scissors") && $0.contains("2  Four in a Row")
            }
            // What the room waits for is said once: under the headline, not again on the status line.
            #expect(menu.components(separatedBy: "have voted").count == 2, "\(menu)")
            try await tmux.newWindow(TmuxServer.paneCommand([Executables.path("partyclient"), "--connect", "127.0.0.1:\(port)", "--name", "Bob"]))
            try await want(tmux, bob, "Bob never saw the room") { $0.contains("Party room · Alice's party — you: Bob") && $0.contains("1-2 vote") }
            try await want(tmux, alice, "Alice never saw Bob's vote awaited") { $0.contains("Waiting for: Alice, Bob") || $0.contains("Waiting for: Bob, Alice") }

            // Alice votes with a digit: the countdown starts and moves.
            try await tmux.send(alice, "1")
            let first = try await want(tmux, alice, "Alice's vote and the countdown never showed") {
                $0.contains("You voted for Rock Paper Scissors.") && countdown($0) != nil
            }
            let started = try #require(countdown(first))
            try await want(tmux, alice, "the countdown did not move from \(started) s") { countdown($0).map { $0 < started } == true }
            try await want(tmux, bob, "Bob never saw Alice's vote") { $0.contains("1: Alice") && countdown($0) != nil }

            // Bob votes with the arrow keys and Enter: everyone has voted, the game is picked at once.
            try await tmux.send(bob, "Down")
            try await tmux.send(bob, "Up")
            try await tmux.send(bob, "Enter")
            let bobsGame = try await want(tmux, bob, "the game was never picked and started") { $0.contains("1 Rock, 2 Paper, 3 Scissors") }
            // The vote's confirmation gives way to the game.
            #expect(!bobsGame.contains("You voted for"), "\(bobsGame)")
            try await want(tmux, alice, "Alice never got the game's screen") { $0.contains("1 Rock, 2 Paper, 3 Scissors") }

            // One round: Alice plays Rock, Bob Paper; the final board stays with the result.
            try await tmux.send(alice, "1")
            try await tmux.send(bob, "2")
            for target in [alice, bob] {
                try await want(tmux, target, "the result was not held on the final board") { $0.contains("any key: back to the room") }
            }
            // A key goes back to the room: the last game's result and the scoreboard, a game each.
            try await tmux.send(alice, "x")
            let room = try await want(tmux, alice, "the room never showed the result and the scoreboard") {
                $0.contains("Game 2: vote for the next game") && $0.contains("Last game (1, Rock Paper Scissors)")
            }
            let aliceRow = try #require(room.split(separator: "\n").first { $0.contains("▶") && $0.contains("Alice") && $0.contains(".") },
                                        "no scoreboard row for Alice:\n\(room)")
            #expect(aliceRow.split(separator: " ").suffix(2).first == "1", "Alice played one game: \(aliceRow)")
            #expect(room.contains("Place") && room.contains("Points") && room.contains("Wins"), "\(room)")
            #expect(room.contains("Bob") && room.contains("(bot)"), "\(room)")

            // Help, then q asks before ending the party for all; Bob is told and sees the standings.
            try await tmux.send(alice, "?")
            try await want(tmux, alice, "help never showed") { $0.contains("Party room keys") && $0.contains("s           start now") }
            let help = try await want(tmux, alice, "help never showed the menu's number keys") { $0.contains("1-2         vote for that game") }
            #expect(!help.contains("1-9"), "\(help)")
            try await tmux.send(alice, "Escape")
            try await want(tmux, alice, "a key did not close the help") { $0.contains("Game 2: vote for the next game") }

            // Game 2 is another game: both screens switch to its own presenter (whoever plays it or watches it).
            // Bob's key goes back to the room, and an Enter right after it (meant for the game, say)
            // casts no vote: vote keys wait 0.6 s after a game (RoomScreen.voteQuiet).
            try await tmux.send(bob, "x")
            try await tmux.send(bob, "Enter")
            let back = try await want(tmux, bob, "Bob never got back to the room") { $0.contains("Game 2: vote for the next game") }
            #expect(!back.contains("You voted"), "\(back)")
            // Keys can only arrive later than this on a loaded machine, never earlier.
            try await Task.sleep(for: .milliseconds(700))
            try await tmux.send(alice, "2")
            try await tmux.send(bob, "2")
            for target in [alice, bob] {
                try await want(tmux, target, "game 2's board never showed") {
                    $0.contains("Four in a Row · Alice's party") && FourInARowScreen(tui: $0) != nil
                }
            }
            try await tmux.send(alice, "q")
            try await want(tmux, alice, "q did not ask first") { $0.contains("Others are here: q again ends the party for all.") }
            try await tmux.send(alice, "q")
            let end = try await want(tmux, alice, "the host never printed the final standings") {
                $0.contains("Final standings of Alice's party:") && $0.contains("[exited 0]")
            }
            #expect(end.contains("Place Points  Games  Wins  Name"), "\(end)")
            #expect(end.contains("You ended the party."), "the host ended the party, not left it:\n\(end)")
            #expect(!end.contains("You left the party."), "\(end)")
            try await want(tmux, bob, "Bob never got the final standings") { $0.contains("Final standings:") && $0.contains("[exited") }
        }

        @Test("a killed client started again gets its seat back in the room's game (Welcome back); a watcher sees the game as a spectator")
        func reconnectAndWatch() async throws {
            let port = TestTools.freePort()
            let host = TmuxServer.paneCommand([Executables.path("partyhost"), "--games", "fourinarow", "--port", "\(port)",
                                               "--bind", "127.0.0.1", "--no-advertise", "--name", "Alice"])
            let tmux = try TmuxServer(width: 80, height: 24, command: host)
            defer { tmux.kill() }
            try await want(tmux, alice, "the room never showed its menu") { $0.contains("1  Four in a Row") }
            let bobCommand = TmuxServer.paneCommand([Executables.path("partyclient"), "--connect", "127.0.0.1:\(port)", "--name", "Bob"])
            try await tmux.newWindow(bobCommand)
            try await tmux.newWindow(TmuxServer.paneCommand([Executables.path("partyclient"), "--connect", "127.0.0.1:\(port)", "--name", "Zed",
                                                       "--watch"]), index: 2)
            try await want(tmux, bob, "Bob never saw the room") { $0.contains("you: Bob") && $0.contains("1 vote") }
            try await want(tmux, "s:2", "the spectator never saw the room") { $0.contains("watching · ? help · q leave") }
            try await tmux.send(alice, "1")
            try await tmux.send(bob, "1")
            try await want(tmux, alice, "Alice never got the first move") { $0.contains("Your turn") && FourInARowScreen(tui: $0) != nil }
            try await want(tmux, "s:2", "the spectator never saw the game") {
                $0.contains("Four in a Row · Alice's party — watching") && FourInARowScreen(tui: $0) != nil
            }
            try await tmux.send(alice, "4", "Enter")
            try await want(tmux, bob, "Bob never got his turn") { $0.contains("Your turn") && FourInARowScreen(tui: $0)?.discs == 1 }

            let programs = await tmux.programs(bob)
            try #require(!programs.isEmpty, "no partyclient in Bob's pane")
            for pid in programs { kill(pid, SIGKILL) }
            // Over the game's screen, the others see Bob's held seat counting down.
            let held = try await want(tmux, alice, "Alice never saw Bob reconnecting") {
                $0.range(of: #"Bob is reconnecting… \d+ s"#, options: .regularExpression) != nil && FourInARowScreen(tui: $0) != nil
            }
            #expect(held.contains("Four in a Row · Alice's party"), "\(held)")
            try await tmux.newWindow(bobCommand, index: 3)
            try await want(tmux, "s:3", "Bob never got his seat back") {
                $0.contains("Welcome back, Bob") && $0.contains("Your turn") && FourInARowScreen(tui: $0)?.discs == 1
            }
            try await tmux.send("s:3", "3", "Enter")
            try await want(tmux, alice, "Bob's move after coming back never arrived") { FourInARowScreen(tui: $0)?.discs == 2 }
        }
    }
}
