import Foundation
import Testing

extension EndToEnd {
    /// Names with wide characters (CJK), combining marks and emoji on the real screen, in tmux:
    /// each character takes the columns the terminal gives it, and nothing overlaps.
    @Suite("Wide characters on the screen", .serialized, .timeLimit(.minutes(2)),
           .enabled(if: TestTools.tmux, "tmux is missing: apt-get install tmux"))
    struct WideTextScreenTests {
        /// 24 CJK characters (48 columns), the longest name the host keeps.
        static let longName = "東京大阪名古屋札幌福岡横浜神戸京都仙台広島那覇金"
        /// Combining marks (decomposed é and ö), CJK and an emoji.
        static let mixedName = "Ame\u{301}lie Zo\u{308}e 名前 🎲"

        @Test("The lobby at 80×24: a 24-character CJK name and a name with combining marks stay whole, apart from (host) and the ready column")
        func lobbyNames() async throws {
            #expect(Self.longName.count == 24)
            let port = TestTools.freePort()
            let host = TmuxServer.paneCommand([Executables.path("partyhost"), "--game", "fourinarow", "--port", "\(port)",
                                               "--bind", "127.0.0.1", "--no-advertise", "--name", Self.longName])
            let tmux = try TmuxServer(width: 80, height: 24, command: host)
            defer { tmux.kill() }
            let (listening, lobby) = await tmux.waitForScreen("s:0", timeout: .seconds(15)) { $0.contains("Players (1 of 2") }
            try #require(listening, "the host's lobby never showed:\n\(lobby)")
            try await tmux.newWindow(TmuxServer.paneCommand([Executables.path("partyclient"), "--connect", "127.0.0.1:\(port)",
                                                       "--name", Self.mixedName]))
            for target in ["s:0", "s:1"] {
                let (ok, screen) = await tmux.waitForScreen(target, timeout: .seconds(15)) { $0.contains("Players (2 of 2") }
                try #require(ok, "\(target): both players never showed:\n\(screen)")
                let rows = screen.split(separator: "\n").map(String.init)
                #expect(rows.first?.hasSuffix("…") == true, "\(target): the title bar is not cut with …:\n\(screen)")
                let hostRow = rows.first { $0.contains(Self.longName) && !$0.contains("you:") && !$0.contains("Four in a Row") }
                let guestRow = rows.first { $0.contains(Self.mixedName) && !$0.contains("you:") }
                #expect(hostRow?.contains(Self.longName + " (host)") == true, "\(target): the host's row is broken:\n\(screen)")
                #expect(hostRow?.hasSuffix(" not ready") == true, "\(target): the host's state collides with the name:\n\(screen)")
                #expect(guestRow?.hasSuffix(" not ready") == true, "\(target): the guest's row is broken:\n\(screen)")
                // The ready column starts at the same place on both rows.
                if let hostRow, let guestRow {
                    #expect(Self.columns(before: "not ready", in: hostRow) == Self.columns(before: "not ready", in: guestRow),
                            "\(target): the state columns differ:\n\(screen)")
                }
            }
        }

        /// The terminal columns before `marker` in `row` as tmux captured it (a wide character as
        /// itself, two columns; combining marks and variation selectors none).
        static func columns(before marker: String, in row: String) -> Int? {
            guard let range = row.range(of: marker) else { return nil }
            return row[..<range.lowerBound].unicodeScalars.reduce(0) { total, scalar in
                switch scalar.value {
                case 0x300...0x36F, 0xFE00...0xFE0F, 0x200D: total
                case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60, 0x1F300...0x1FAFF: total + 2
                default: total + 1
                }
            }
        }
    }
}
