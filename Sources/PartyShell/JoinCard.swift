import PartyKit

/// What the host's own screen shows guests with a phone: the join URL and its QR code, drawn in
/// the lobby and the party room when the terminal has room, else on a screen of its own (`j`).
public struct JoinCard: Sendable, Hashable {
    /// The page's address (`http://192.168.1.5:7777/`).
    public var url: String
    /// The QR code in Unicode half blocks, its quiet zone included, one string a text line.
    public var qrLines: [String]
    /// Whether the glyphs are the dark modules (drawn black on white) or the light ones (drawn in
    /// the terminal's own colours, right on a dark background).
    public var darkGlyphs: Bool
    /// For terminal guests without `partyclient`: the command that fetches this host's own, when
    /// the host hands one out (`GET /partyclient`); shown under the code with `guestSHA256`.
    public var guestCommand: String?
    /// The SHA-256 of the `partyclient` that `guestCommand` fetches.
    public var guestSHA256: String?

    /// Creates a card.
    public init(url: String, qrLines: [String], darkGlyphs: Bool, guestCommand: String? = nil, guestSHA256: String? = nil) {
        self.url = url
        self.qrLines = qrLines
        self.darkGlyphs = darkGlyphs
        self.guestCommand = guestCommand
        self.guestSHA256 = guestSHA256
    }

    /// The key that shows the QR code on a screen of its own, and its words for the key line.
    static let key = Key.character("j")
    static let keyHelp = "j phone QR"

    /// The heading above the address.
    static let heading = "Phones join at:"

    /// The QR code's columns.
    var qrWidth: Int { qrLines.map(\.displayWidth).max() ?? 0 }

    /// The panel's size: the heading, the address, then the code.
    var panelSize: (width: Int, height: Int) {
        (max(qrWidth, url.displayWidth, Self.heading.displayWidth), qrLines.count + 2)
    }

    /// Columns kept between the panel and what stands left of it.
    static let gap = 2

    /// Whether a panel fits at the right of an area `width` × `height` that keeps `contentWidth`
    /// columns for what else it shows.
    func fitsBeside(width: Int, height: Int, contentWidth: Int) -> Bool {
        let panel = panelSize
        return contentWidth + Self.gap + panel.width <= width && panel.height <= height
    }

    /// Draws the panel with its top-left corner at (`x`, `y`).
    func drawPanel(on canvas: inout Canvas, x: Int, y: Int, color: Bool) {
        canvas.put(Self.heading, x: x, y: y, style: TextStyle(bold: true))
        canvas.put(url, x: x, y: y + 1, style: TextStyle(foreground: color ? .cyan : nil, bold: true))
        drawCode(on: &canvas, x: x, y: y + 2)
    }

    /// Draws the code alone with its top-left corner at (`x`, `y`).
    func drawCode(on canvas: inout Canvas, x: Int, y: Int) {
        let style = darkGlyphs ? TextStyle(foreground: .black, background: .brightWhite) : TextStyle.plain
        for (row, line) in qrLines.enumerated() {
            canvas.put(line, x: x, y: y + row, style: style)
        }
    }

    /// The fewest rows of an area that shows the one line below what else it shows.
    static let shortLineMinimumHeight = 12

    /// The one line shown where the panel does not fit.
    var shortLine: String { "Phones join at: \(url)   (j shows the QR code)" }

    /// The lines under the code on its own screen for terminal guests, wrapped at spaces to `width`
    /// columns: the command after a heading, then the SHA-256; empty when the host hands out no
    /// `partyclient`.
    func terminalGuestLines(width: Int) -> [String] {
        guard let guestCommand, let guestSHA256, width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        for word in ("Terminals without partyclient: " + guestCommand).split(separator: " ") {
            let next = line.isEmpty ? String(word) : line + " " + word
            if next.displayWidth <= width || line.isEmpty {
                line = next
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        lines.append("SHA-256 \(guestSHA256)")
        return lines.map { $0.fitted(toWidth: width) }
    }

    /// The QR code on a screen of its own, centred, the address under it, then the command for
    /// terminal guests when it fits (the blank line above the address gives way first); shown until
    /// a key. At 80×24 a `http://192.168.1.20:4711/` code leaves just the room for it.
    func drawFullScreen(on canvas: inout Canvas) {
        let guests = terminalGuestLines(width: canvas.width)
        let fitsGuests = !guests.isEmpty && qrLines.count + 1 + guests.count <= canvas.height
        let gap = fitsGuests && qrLines.count + 2 + guests.count > canvas.height ? 0 : 1
        let height = qrLines.count + gap + 1 + (fitsGuests ? guests.count : 0)
        let top = max(0, (canvas.height - height) / 2)
        drawCode(on: &canvas, x: max(0, (canvas.width - qrWidth) / 2), y: top)
        let under = min(canvas.height - 1, top + qrLines.count + gap)
        canvas.putCentered("Scan with a phone camera, or open \(url)", y: under, style: TextStyle(bold: true))
        guard fitsGuests else { return }
        for (row, line) in guests.enumerated() {
            canvas.putCentered(line, y: under + 1 + row)
        }
    }
}
