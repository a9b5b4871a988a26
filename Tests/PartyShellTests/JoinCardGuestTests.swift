import Foundation
import PartyKit
import Testing
@testable import PartyShell

/// The host's `j` screen tells terminal guests how to fetch its `partyclient` (issue 30: "the lobby
/// and `/` say so, with the file's SHA-256"), when the host hands one out and the screen has room.
@Suite("The join card's line for terminal guests")
struct JoinCardGuestTests {
    static let url = "http://192.168.1.20:4711/"
    static let command = "curl -fsSL http://192.168.1.20:4711/partyclient -o partyclient && chmod +x partyclient && ./partyclient"
    static let sha = String(repeating: "ab12", count: 16)
    /// A version-2 code with its quiet zone in half blocks: 33 columns, 17 rows (what the host draws
    /// for an address of this length).
    static let qr = Array(repeating: String(repeating: "▀", count: 33), count: 17)

    func screen(_ card: JoinCard, width: Int, height: Int) -> String {
        var canvas = Canvas(width: width, height: height)
        card.drawFullScreen(on: &canvas)
        return canvas.text
    }

    @Test("At 80 × 24 (21 rows under the title) the code, the address, the whole command and the SHA-256 all show")
    func fitsAtEightyByTwentyFour() throws {
        let card = JoinCard(url: Self.url, qrLines: Self.qr, darkGlyphs: false, guestCommand: Self.command, guestSHA256: Self.sha)
        let text = screen(card, width: 80, height: 21)
        #expect(text.contains("Scan with a phone camera, or open \(Self.url)"))
        #expect(text.contains("SHA-256 \(Self.sha)"), "\(text)")
        // The command is cut at spaces only: put together again it is the command.
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let start = try #require(lines.firstIndex { $0.hasPrefix("Terminals without partyclient: ") })
        let end = try #require(lines.firstIndex { $0.hasPrefix("SHA-256") })
        let joined = lines[start..<end].joined(separator: " ")
        #expect(joined == "Terminals without partyclient: " + Self.command, "\(text)")
        #expect(lines[start..<end].allSatisfy { $0.count <= 80 })
    }

    @Test("Where it does not fit, the code and the address stay as they were; a host with nothing to hand out shows none")
    func givesWay() {
        let card = JoinCard(url: Self.url, qrLines: Self.qr, darkGlyphs: false, guestCommand: Self.command, guestSHA256: Self.sha)
        let short = screen(card, width: 80, height: 19)
        #expect(!short.contains("Terminals without partyclient") && short.contains("Scan with a phone camera"))
        let plain = JoinCard(url: Self.url, qrLines: Self.qr, darkGlyphs: false)
        #expect(screen(plain, width: 80, height: 21) == screen(JoinCard(url: Self.url, qrLines: Self.qr, darkGlyphs: false), width: 80, height: 21))
        #expect(!screen(plain, width: 120, height: 40).contains("partyclient"))
        #expect(plain.terminalGuestLines(width: 80).isEmpty)
    }
}
