extension Canvas {
    /// Writes `text` from column `x` on row `y` in at most `width` columns, never cut inside a word
    /// (see `String.fitted(toWidth:)`); nothing for a width of 0 or less.
    public mutating func put(_ text: String, x: Int, y: Int, width: Int, style: TextStyle = .plain) {
        put(text.fitted(toWidth: width), x: x, y: y, style: style)
    }

    /// Writes `text` centred in the columns `x..<x+width` of row `y`, fitted to them.
    public mutating func putCentered(_ text: String, x: Int, width: Int, y: Int, style: TextStyle = .plain) {
        let shown = text.fitted(toWidth: width)
        put(shown, x: x + max(0, (width - shown.displayWidth) / 2), y: y, style: style)
    }
}
