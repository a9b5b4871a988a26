import Foundation
import PartyTestSupport
import Testing

extension EndToEnd {
    /// The host's own full-screen lobby and party room show the join URL and its QR code (issue
    /// 19): beside the lobby at 80 × 24, beside the room on a wide terminal, and behind `j` where
    /// the room has no room for it. Joined players never see it. The captured code is decoded.
    @Suite("The host's join QR code in tmux", .serialized, .timeLimit(.minutes(2)),
           .enabled(if: TestTools.tmux, "tmux is missing: apt-get install tmux"))
    struct HostJoinQRTests {
        let host = "s:0"
        let guest = "s:1"

        @discardableResult
        func want(_ tmux: TmuxServer, _ target: String, _ what: String, timeout: Duration = .seconds(15),
                  _ condition: (String) -> Bool) async throws -> String {
            let (ok, screen) = await tmux.waitForScreen(target, timeout: timeout, condition)
            try #require(ok, "\(target): \(what); the screen was:\n\(screen)")
            return screen
        }

        func hostCommand(port: Int, _ arguments: [String]) -> String {
            TmuxServer.paneCommand([Executables.path("partyhost")] + arguments
                                   + ["--port", "\(port)", "--bind", "127.0.0.1", "--no-advertise", "--name", "Alice"])
        }

        /// The URL a browser opens: the host binds loopback, the only network it has here.
        func url(_ port: Int) -> String { "http://127.0.0.1:\(port)/" }

        @Test("The host's Four in a Row lobby at 80 × 24 shows the URL and a QR code that decodes to it; a joined player's lobby does not")
        func lobby() async throws {
            let port = TestTools.freePort()
            let tmux = try TmuxServer(width: 80, height: 24, command: hostCommand(port: port, ["--game", "fourinarow"]))
            defer { tmux.kill() }
            let screen = try await want(tmux, host, "the lobby never showed the join panel") {
                $0.contains("Players (1 of 2") && $0.contains("Phones join at:") && $0.contains(url(port))
            }
            try expectCode(in: screen, decodesTo: url(port))
            // The lobby's own rows stay readable beside it.
            #expect(screen.contains("Alice") && screen.contains("not ready"), "\(screen)")
            try await tmux.newWindow(TmuxServer.paneCommand([Executables.path("partyclient"), "--connect", "127.0.0.1:\(port)", "--name", "Bob"]))
            let bob = try await want(tmux, guest, "Bob never got the lobby") { $0.contains("you: Bob") && $0.contains("Players (2 of 2") }
            #expect(!bob.contains("Phones join at:") && !bob.contains("▀▀▀"), "a joined player shows no join panel:\n\(bob)")
        }

        @Test("The host's party room at 80 × 24 shows the URL with `j`; `j` fills the screen with the QR code until a key")
        func narrowRoom() async throws {
            let port = TestTools.freePort()
            let tmux = try TmuxServer(width: 80, height: 24, command: hostCommand(port: port, ["--games", "rps,fourinarow", "--vote-seconds", "60"]))
            defer { tmux.kill() }
            let room = try await want(tmux, host, "the room never showed the join line") {
                $0.contains("Game 1: vote for the next game") && $0.contains("Phones join at: \(url(port))   (j shows the QR code)")
            }
            #expect(room.contains("j phone QR"), "the key line names j:\n\(room)")
            #expect(!room.contains("▀▀▀"), "no QR code beside the room at 80 columns:\n\(room)")
            try await tmux.send(host, "j")
            let code = try await want(tmux, host, "j never showed the QR code") {
                $0.contains("Scan with a phone camera, or open \(url(port))") && $0.contains("any key: back to the room")
            }
            try expectCode(in: code, decodesTo: url(port))
            try await tmux.send(host, "x")
            try await want(tmux, host, "a key did not bring the room back") {
                $0.contains("Game 1: vote for the next game") && !$0.contains("Scan with a phone camera")
            }
        }

        @Test("The host's party room at 120 × 40 shows the QR code beside the menu, and it decodes to the URL")
        func wideRoom() async throws {
            let port = TestTools.freePort()
            let tmux = try TmuxServer(width: 120, height: 40, command: hostCommand(port: port, ["--games", "rps,fourinarow", "--vote-seconds", "60"]))
            defer { tmux.kill() }
            let room = try await want(tmux, host, "the room never showed the join panel") {
                $0.contains("Game 1: vote for the next game") && $0.contains("Phones join at:") && $0.contains(url(port))
                    && $0.contains("▀")
            }
            #expect(room.contains("Rock Paper Scissors") && room.contains("Four in a Row"), "\(room)")
            #expect(!room.contains("j phone QR"), "the code is on screen: no key for it:\n\(room)")
            try expectCode(in: room, decodesTo: url(port))
        }

        /// Reads the half-block QR code on `screen` (either style: dark modules as glyphs, or light
        /// ones) and checks zbarimg decodes it to `url`.
        func expectCode(in screen: String, decodesTo url: String) throws {
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
            let blocks: Set<Character> = ["▀", "▄", "█"]
            let rows = lines.indices.filter { lines[$0].contains { blocks.contains($0) } }
            let top = try #require(rows.first, "no QR code on the screen:\n\(screen)")
            let bottom = rows.last!
            #expect(bottom - top + 1 == rows.count, "the code's rows are not together:\n\(screen)")
            let columns = rows.flatMap { row in lines[row].indices.filter { blocks.contains(lines[row][$0]) } }
            let left = columns.min()!, right = columns.max()!
            let width = right - left + 1
            func glyph(_ x: Int, _ y: Int) -> Bool {
                guard x >= 0, x < width, y >= 0, y < 2 * rows.count else { return false }
                let line = lines[top + y / 2]
                guard left + x < line.count else { return false }
                let character = line[left + x]
                return y % 2 == 0 ? character == "▀" || character == "█" : character == "▄" || character == "█"
            }
            guard ZBar.available else {
                #expect(width >= 21, "\(screen)")
                return
            }
            let asDark = try ZBar.decode(pbm: ZBar.pbm(size: width) { x, y in glyph(x, y) })
            // Light glyphs: the glyphs' box is the quiet zone's outline, and the dark modules are the gaps.
            let asLight = try ZBar.decode(pbm: ZBar.pbm(size: width, margin: 0) { x, y in y < width && !glyph(x, y) })
            #expect(asDark == url || asLight == url, "decoded \(asDark.debugDescription) / \(asLight.debugDescription), not \(url):\n\(screen)")
        }
    }
}
