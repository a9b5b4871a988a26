import PartyKit

/// Turns canvases into the ANSI text that paints them, rewriting only what changed since the last one.
///
/// A pure value: it remembers the canvas it last painted and returns, for the next one, cursor
/// moves plus the changed cells with as few SGR (style) changes as it can. A canvas of another size,
/// or a call to `invalidate()`, clears the screen and paints everything. Each result starts from an
/// unknown cursor position and ends with the style reset, so other output may come in between.
/// Control characters in cells are painted as `?`; without colour (`NO_COLOR`) foreground and
/// background are left out while bold, dim and inverse stay.
public struct CanvasRenderer: Hashable, Sendable {
    /// Whether colours are painted.
    public var color: Bool {
        didSet { if color != oldValue { invalidate() } }
    }
    /// The cells on the screen as painted (styles already stripped of colour when `color` is off).
    private var screen: Screen?

    /// What the terminal shows: the size and the cells, row by row, exactly as painted.
    private struct Screen: Hashable, Sendable {
        var width: Int
        var height: Int
        var cells: [Cell]
    }

    /// A renderer that has painted nothing yet, so its first result is a full repaint.
    public init(color: Bool = true) {
        self.color = color
    }

    /// Forgets what is on the screen, so that the next `render(_:)` clears it and paints everything
    /// (after the terminal was resized, or something else wrote to it).
    public mutating func invalidate() {
        screen = nil
    }

    /// The text that changes the screen from the last painted canvas to `canvas`.
    ///
    /// A wide character is written in its own cell and covers the continuation cell to its right,
    /// which is never written itself. Terminals blank the whole of a wide character when either
    /// half is overwritten; the canvas keeps no half characters, so every cell such a blanking
    /// touches differs from before and is painted again.
    ///
    /// Terminals disagree on emoji sequences (a ZWJ family, ❤️ with VS16, a skin tone): some show
    /// them one column wide, some as several glyphs. Such a character is written over two blanks
    /// (so a terminal that shows it narrower leaves a blank, not a stale cell), and the rest of its
    /// row is painted again (so one that shows it wider is overwritten back into place).
    public mutating func render(_ canvas: Canvas) -> String {
        var output = ""
        var previous: Screen
        if let screen, screen.width == canvas.width, screen.height == canvas.height {
            previous = screen
        } else {
            output += ANSI.resetStyle + ANSI.clearScreen
            previous = Screen(width: canvas.width, height: canvas.height,
                              cells: Array(repeating: Cell(), count: canvas.width * canvas.height))
        }
        var pen = TextStyle.plain
        var cursor: (x: Int, y: Int)? = nil
        for y in 0..<canvas.height {
            var repaintRow = false
            for x in 0..<canvas.width {
                let cell = paintable(canvas[x, y])
                let index = y * canvas.width + x
                guard repaintRow || cell != previous.cells[index] else { continue }
                previous.cells[index] = cell
                if cell.isContinuation { continue } // painted with the wide character to its left
                if cursor == nil || cursor! != (x, y) {
                    output += ANSI.moveCursor(x: x, y: y)
                }
                if cell.style != pen {
                    output += ANSI.styleChange(from: pen, to: cell.style)
                    pen = cell.style
                }
                if Self.hasDisputedWidth(cell.character) {
                    output += "  " + ANSI.moveCursor(x: x, y: y)
                    repaintRow = true
                }
                output.append(cell.character)
                // A wide or combining character may move the cursor by 0 or 2 columns, and the last
                // column leaves it pending a wrap: in either case place it explicitly next time.
                cursor = Self.isSurelyNarrow(cell.character) && x + 1 < canvas.width ? (x + 1, y) : nil
            }
        }
        if pen != .plain { output += ANSI.resetStyle }
        screen = previous
        return output
    }

    /// Whether every terminal shows `character` one column wide: one scalar that is ASCII, Latin-1,
    /// Latin Extended, or box drawing and block elements (U+2500...U+259F). Anything else may be
    /// wide, combining or ambiguous, so the cursor is placed explicitly after it.
    static func isSurelyNarrow(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard scalars.count == 1, let value = scalars.first?.value else { return false }
        return (0x20..<0x300).contains(value) || (0x2500...0x259F).contains(value)
    }

    /// Whether terminals are known to disagree on how wide `character` is: an emoji sequence of
    /// several scalars that `DisplayWidth` counts two columns (ZWJ sequences, VS16, skin tones,
    /// keycaps). Flags are left out: terminals agree on them.
    static func hasDisputedWidth(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard scalars.count > 1, character.displayWidth == 2 else { return false }
        return scalars.contains { $0.value == 0x200D || $0.value == 0xFE0F || $0.value == 0x20E3 || (0x1F3FB...0x1F3FF).contains($0.value) }
    }

    /// `cell` as it will be painted: controls replaced, colours dropped without `color`.
    func paintable(_ cell: Cell) -> Cell {
        var cell = cell
        if cell.character.isControlLike { cell.character = "?" }
        if !color {
            cell.style.foreground = nil
            cell.style.background = nil
        }
        return cell
    }
}
