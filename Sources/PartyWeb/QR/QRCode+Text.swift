/// Which modules a text rendering draws as block glyphs; the others are spaces in the terminal's
/// background colour.
public enum QRTextStyle: Sendable, Hashable {
    /// Dark modules are glyphs: right on a terminal with dark text on a light background.
    case darkGlyphs
    /// Light modules (and the quiet zone) are glyphs: right on a terminal with light text on a dark
    /// background, the default of most terminals. A reader then still sees dark modules on light.
    case lightGlyphs
}

extension QRCode {
    /// The symbol with its 4-module quiet zone as lines of Unicode half blocks (▀ ▄ █ and space), two
    /// module rows per line, one module per column. Lines end in "\n".
    public func text(style: QRTextStyle) -> String {
        lines(style: style).map { $0 + "\n" }.joined()
    }

    /// The symbol drawn so that it reads right on any terminal: each line sets its own colours
    /// (black glyphs for dark modules on a white background, from the 256-colour cube, which colour
    /// themes leave alone, unlike the 16 basic colours) and resets them at its end.
    public func ansiText() -> String {
        lines(style: .darkGlyphs).map { "\u{1B}[38;5;16;48;5;231m" + $0 + "\u{1B}[0m\n" }.joined()
    }

    /// The text lines, without line ends.
    public func lines(style: QRTextStyle) -> [String] {
        let quiet = Self.quietZone
        let width = size + 2 * quiet
        var result: [String] = []
        for top in stride(from: -quiet, to: size + quiet, by: 2) {
            var line = ""
            line.unicodeScalars.reserveCapacity(width)
            for x in -quiet..<(size + quiet) {
                // Past the last module row (the line count is odd) is more quiet zone: light.
                let upper = self[x, top]
                let lower = top + 1 < size + quiet && self[x, top + 1]
                let (a, b) = style == .darkGlyphs ? (upper, lower) : (!upper, top + 1 < size + quiet ? !lower : false)
                line.unicodeScalars.append(a ? (b ? "█" : "▀") : (b ? "▄" : " "))
            }
            result.append(line)
        }
        return result
    }
}
