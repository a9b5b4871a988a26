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

    /// Creates a card.
    public init(url: String, qrLines: [String], darkGlyphs: Bool) {
        self.url = url
        self.qrLines = qrLines
        self.darkGlyphs = darkGlyphs
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

    /// The QR code on a screen of its own, centred, the address under it (shown until a key).
    func drawFullScreen(on canvas: inout Canvas) {
        let height = qrLines.count + 2
        let top = max(0, (canvas.height - height) / 2)
        drawCode(on: &canvas, x: max(0, (canvas.width - qrWidth) / 2), y: top)
        let under = min(canvas.height - 1, top + qrLines.count + 1)
        canvas.putCentered("Scan with a phone camera, or open \(url)", y: under, style: TextStyle(bold: true))
    }
}
