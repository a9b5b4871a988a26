import Foundation
import Testing

extension EndToEnd {
    /// The lobby's footer and status line, rematch offers and spectator notices on the full screen
    /// (issue 17, point 18), driven through tmux at 80 × 24.
    @Suite("The full-screen lobby in tmux", .serialized, .timeLimit(.minutes(2)),
           .enabled(if: TestTools.tmux, "tmux is missing: apt-get install tmux"))
    struct FullScreenLobbyTests {
        let alice = "s:0"
        let bob = "s:1"
        let carol = "s:2"

        func hostCommand(port: Int) -> String {
            TmuxServer.paneCommand([Executables.path("partyhost"), "--game", "fourinarow", "--port", "\(port)",
                                    "--bind", "127.0.0.1", "--interface", "lo", "--name", "Alice"])
        }

        func clientCommand(port: Int, name: String, extra: [String] = []) -> String {
            TmuxServer.paneCommand([Executables.path("partyclient"), "--connect", "127.0.0.1:\(port)", "--name", name] + extra)
        }

        @discardableResult
        func want(_ tmux: TmuxServer, _ target: String, _ what: String, timeout: Duration = .seconds(10),
                  _ condition: (String) -> Bool) async throws -> String {
            let (ok, screen) = await tmux.waitForScreen(target, timeout: timeout, condition)
            try #require(ok, "\(target): \(what); the screen was:\n\(screen)")
            return screen
        }

        /// The screen's last line (the key line).
        func footer(_ screen: String) -> String {
            screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).last { !$0.isEmpty } ?? ""
        }

        func occurrences(of text: String, in screen: String) -> Int {
            screen.components(separatedBy: text).count - 1
        }

        /// Alice hosts Four in a Row in window 0 at 80 × 24; Bob joins from window 1.
        func hostWithBob() async throws -> (TmuxServer, Int) {
            let port = TestTools.freePort()
            let tmux = try TmuxServer(width: 80, height: 24, command: hostCommand(port: port))
            do {
                try await want(tmux, alice, "the host's lobby never showed") { $0.contains("Players (1 of 2") }
                try await tmux.newWindow(clientCommand(port: port, name: "Bob"))
                try await want(tmux, bob, "Bob never joined") { $0.contains("Players (2 of 2") }
            } catch {
                tmux.kill()
                throw error
            }
            return (tmux, port)
        }

        /// Others are at the table, so the host's q asks first and a second q ends the session.
        func endHost(_ tmux: TmuxServer) async throws {
            try await tmux.send(alice, "q")
            try await want(tmux, alice, "q did not ask") { $0.contains("q again ends it for all") }
            try await tmux.send(alice, "q")
            try await want(tmux, alice, "the host did not end") { $0.contains("[exited 0]") }
        }

        @Test("the footer follows readiness, the lobby's sentence shows once, watchers are announced, no rematch alone")
        func lobbyFooterAndNotices() async throws {
            let (tmux, port) = try await hostWithBob()
            defer { tmux.kill() }

            // Bob is ready: his footer offers to take it back, and the lobby's sentence is on screen once.
            try await tmux.send(bob, "Enter")
            let ready = try await want(tmux, bob, "Bob's footer never followed his readiness") {
                footer($0).contains("Enter not ready")
            }
            #expect(occurrences(of: "Waiting for Alice to be ready.", in: ready) == 1, "\(ready)")
            let seen20 = await tmux.screen(alice)
            #expect(footer(seen20).contains("Enter ready"), "\(seen20)")
            try await tmux.send(bob, "Enter")
            try await want(tmux, bob, "Bob could not take his readiness back") {
                footer($0).contains("Enter ready") && !footer($0).contains("not ready")
            }

            // Carol watches: both players are told, and the lobby counts her.
            try await tmux.tmux("new-window", "-d", "-t", carol, clientCommand(port: port, name: "Carol", extra: ["--watch"]))
            for target in [alice, bob] {
                try await want(tmux, target, "nobody said someone watches") { $0.contains("Someone is watching") }
                try await want(tmux, target, "the lobby does not count the watcher") { $0.contains("1 watching") }
            }

            // A game that ends because Bob leaves: Alice is alone, so nothing offers a rematch.
            try await tmux.send(alice, "Enter")
            try await tmux.send(bob, "Enter")
            try await want(tmux, alice, "the game never started") { $0.contains("Your turn") }
            try await tmux.send(bob, "q")
            let alone = try await want(tmux, alice, "Alice never got back to the lobby") {
                $0.contains("Players (1 of 2") && $0.contains("Last game")
            }
            #expect(!footer(alone).contains("rematch"), "a rematch offered to nobody:\n\(alone)")
            try await tmux.send(alice, "r")
            try await Task.sleep(for: .milliseconds(300))
            let seen21 = await tmux.screen(alice)
            #expect(!seen21.contains("No game has ended yet"), "\(seen21)")
            try await endHost(tmux)
        }

        @Test("after a game the result shows once, and a rematch one player asks for is announced to the other")
        func rematchAnnounced() async throws {
            let (tmux, _) = try await hostWithBob()
            defer { tmux.kill() }
            try await tmux.send(alice, "Enter")
            try await tmux.send(bob, "Enter")
            try await want(tmux, alice, "Alice never got the first move") { $0.contains("Your turn") && FourInARowScreen(tui: $0) != nil }

            // Alice: 4, 4, 4, 4; Bob: 1, 1, 2. Alice wins in column 4.
            let moves = [(alice, 4), (bob, 1), (alice, 4), (bob, 1), (alice, 4), (bob, 2), (alice, 4)]
            for (index, (mover, column)) in moves.enumerated() {
                try await want(tmux, mover, "no turn for move \(index + 1)") {
                    $0.contains("Your turn") && FourInARowScreen(tui: $0)?.discs == index
                }
                try await tmux.send(mover, "\(column)", "Enter")
                try await want(tmux, mover, "the board never showed \(index + 1) discs") { FourInARowScreen(tui: $0)?.discs == index + 1 }
            }
            for target in [alice, bob] {
                let screen = try await want(tmux, target, "the result and the rematch key never showed") {
                    $0.contains("Alice wins with four in a row") && footer($0).contains("r rematch")
                }
                #expect(occurrences(of: "Alice wins with four in a row", in: screen) == 1, "the result shows twice:\n\(screen)")
            }
            try await tmux.send(alice, "r")
            let told = try await want(tmux, bob, "Bob was not told Alice asks for a rematch") { $0.contains("Alice asks for a rematch") }
            #expect(told.contains("r to play again") || footer(told).contains("r rematch"), "\(told)")
            try await want(tmux, alice, "Alice was not told she waits") { $0.contains("waiting for") || $0.contains("Waiting for") }
            try await tmux.send(bob, "r")
            try await want(tmux, bob, "the rematch did not start") { $0.contains("Your turn") && FourInARowScreen(tui: $0)?.discs == 0 }
            try await endHost(tmux)
        }
    }
}
