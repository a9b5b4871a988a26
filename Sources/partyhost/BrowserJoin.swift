import PartyShell
import PartyWeb

/// What the host tells guests with a browser: the page's address, a QR code of it, and the TXT key
/// that says the session serves the page.
enum BrowserJoin {
    /// The TXT key and value every session advertises: the page's path on the session's own port.
    static let txtKey = "web"
    static let txtValue = "/"

    /// The page's address for the `--connect` hint (`192.168.1.5` or `[fd00::5]`), nil if a browser could not open it.
    static func url(host: String, port: Int) -> String? {
        JoinURL.http(host: host, port: port)
    }

    /// The lines for the host's terminal: the address, then the QR code in half blocks (with its
    /// own black-on-white colours when `color`, else light glyphs for a dark terminal).
    static func announcement(url: String, color: Bool) -> String {
        var text = "Browsers and phones join at: \(url)   (scan the code)"
        if let code = try? QRCode(encoding: url) {
            text += "\n" + (color ? code.ansiText() : code.text(style: .lightGlyphs))
            if text.hasSuffix("\n") { text.removeLast() }
        }
        return text
    }

    /// The address and QR code for the host's own full-screen lobby and room (black on white when
    /// `color`, else light glyphs for a dark terminal); nil if the address does not fit a QR code.
    /// `guests` is the command for terminal guests and its SHA-256 (`TerminalGuestDownload.offer`).
    static func card(url: String, color: Bool, guests: (command: String, sha256: String)? = nil) -> JoinCard? {
        guard let code = try? QRCode(encoding: url) else { return nil }
        return JoinCard(url: url, qrLines: code.lines(style: color ? .darkGlyphs : .lightGlyphs), darkGlyphs: color,
                        guestCommand: guests?.command, guestSHA256: guests?.sha256)
    }
}
