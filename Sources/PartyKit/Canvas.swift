/// A grid of styled characters that presenters draw on; `PartyTerminal` paints it on the screen.
///
/// A character takes as many cells as the terminal shows it wide (`DisplayWidth`): a wide character
/// (CJK, emoji) fills its cell and the next, which becomes a continuation cell; combining marks stay
/// with the character they belong to. Drawing outside the grid is clipped, never a crash, and a
/// wide character that would stick out of the grid is drawn as a blank.
public struct Canvas: Hashable, Sendable {
    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    /// The cells, row by row.
    public private(set) var cells: [Cell]

    /// A blank canvas of the given size (negative sizes count as 0).
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: Cell(), count: self.width * self.height)
    }

    /// The cell at column `x`, row `y` (a blank cell outside the grid).
    public subscript(x: Int, y: Int) -> Cell {
        get { contains(x: x, y: y) ? cells[y * width + x] : Cell() }
        set {
            guard contains(x: x, y: y) else { return }
            let index = y * width + x
            var cell = newValue
            if cell.isContinuation {
                // Only the right half of a wide character to the left; anything else is a blank.
                if x > 0, isWideHead(cells[index - 1]) {
                    cells[index] = Cell(continuationOf: cells[index - 1])
                } else {
                    clearOverlap(at: index, x: x)
                    cells[index] = Cell(style: cell.style)
                }
                return
            }
            if cell.character.isControlLike { cell.character = " " }
            let columns = cell.character.displayWidth
            if columns == 0 { cell.character = " " }
            clearOverlap(at: index, x: x)
            if columns == 2 {
                if x + 1 < width {
                    clearOverlap(at: index + 1, x: x + 1)
                    cells[index + 1] = Cell(continuationOf: cell)
                } else {
                    cell.character = " " // no room for its right half
                }
            }
            cells[index] = cell
        }
    }

    /// Whether `cell` holds a character two columns wide (its right half is the next cell).
    private func isWideHead(_ cell: Cell) -> Bool {
        !cell.isContinuation && cell.character.displayWidth == 2
    }

    /// Blanks the other half of a wide character that covers the cell at `index` (column `x`), so
    /// that overwriting either half never leaves half a character behind.
    private mutating func clearOverlap(at index: Int, x: Int) {
        if cells[index].isContinuation, x > 0 {
            cells[index - 1] = Cell(style: cells[index - 1].style)
        } else if isWideHead(cells[index]), x + 1 < width, cells[index + 1].isContinuation {
            cells[index + 1] = Cell(style: cells[index + 1].style)
        }
    }

    /// Whether the point is on the canvas.
    public func contains(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < height
    }

    /// Writes `text` from column `x` on row `y`, each character as wide as a terminal shows it
    /// (`DisplayWidth`), clipped at the edges; it stops at a line break.
    public mutating func put(_ text: String, x: Int, y: Int, style: TextStyle = .plain) {
        guard y >= 0, y < height else { return }
        var column = x
        for character in text {
            if character == "\n" || column >= width { break }
            let shown: Character = character.isControlLike ? " " : character
            let columns = shown.displayWidth
            if columns == 0 { continue } // a lone combining mark or zero-width character
            if column < 0, column + columns > 0 {
                self[0, y] = Cell(style: style) // the right half of a character cut at the left edge
            } else {
                self[column, y] = Cell(character: shown, style: style)
            }
            column += columns
        }
    }

    /// Writes `text` centred on row `y` (by display width).
    public mutating func putCentered(_ text: String, y: Int, style: TextStyle = .plain) {
        put(text, x: (width - text.displayWidth) / 2, y: y, style: style)
    }

    /// Fills a rectangle with `character`.
    public mutating func fill(x: Int, y: Int, width w: Int, height h: Int, character: Character = " ", style: TextStyle = .plain) {
        // Clamp to the canvas first, so huge sizes cost nothing and cannot overflow.
        let left = max(0, x), top = max(0, y)
        let right = x > width ? width : min(width, x + min(w, width))
        let bottom = y > height ? height : min(height, y + min(h, height))
        guard w > 0, h > 0, left < right, top < bottom else { return }
        let step = max(1, character.displayWidth)
        for row in top..<bottom {
            for column in stride(from: left, to: right, by: step) {
                // A wide character that would stick out of the rectangle leaves a blank instead.
                self[column, row] = Cell(character: column + step <= right ? character : " ", style: style)
            }
        }
    }

    /// Draws a box outline with line-drawing characters.
    public mutating func box(x: Int, y: Int, width w: Int, height h: Int, style: TextStyle = .plain) {
        guard w >= 2, h >= 2, w <= 4 * (width + 2), h <= 4 * (height + 2),
              abs(x) <= 4 * (width + 2), abs(y) <= 4 * (height + 2) else { return }
        for column in (x + 1)..<(x + w - 1) {
            self[column, y] = Cell(character: "─", style: style)
            self[column, y + h - 1] = Cell(character: "─", style: style)
        }
        for row in (y + 1)..<(y + h - 1) {
            self[x, row] = Cell(character: "│", style: style)
            self[x + w - 1, row] = Cell(character: "│", style: style)
        }
        self[x, y] = Cell(character: "┌", style: style)
        self[x + w - 1, y] = Cell(character: "┐", style: style)
        self[x, y + h - 1] = Cell(character: "└", style: style)
        self[x + w - 1, y + h - 1] = Cell(character: "┘", style: style)
    }

    /// The text of row `y` as a terminal shows it, without styles (handy in tests): a wide
    /// character appears once, its continuation cell adds nothing.
    public func text(ofRow y: Int) -> String {
        guard y >= 0, y < height else { return "" }
        return String(cells[(y * width)..<((y + 1) * width)].filter { !$0.isContinuation }.map(\.character))
    }

    /// All rows as text, trailing spaces removed, joined by newlines.
    public var text: String {
        (0..<height).map { row in
            var line = text(ofRow: row)
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}

/// One cell of a canvas.
public struct Cell: Hashable, Sendable {
    /// The character shown.
    public var character: Character
    /// How it is shown.
    public var style: TextStyle
    /// Whether this cell is the right half of the wide character in the cell to its left: it shows
    /// nothing of its own (its `character` is a space) and is painted with that character.
    public private(set) var isContinuation: Bool

    /// Creates a cell (a blank by default).
    public init(character: Character = " ", style: TextStyle = .plain) {
        self.character = character
        self.style = style
        isContinuation = false
    }

    /// The right half of the wide character in `head`.
    public init(continuationOf head: Cell) {
        character = " "
        style = head.style
        isContinuation = true
    }
}

/// Colours and attributes of a cell; terminals without colour (`NO_COLOR`) keep only bold and inverse.
public struct TextStyle: Hashable, Sendable {
    /// The text colour.
    public var foreground: TerminalColor?
    /// The background colour.
    public var background: TerminalColor?
    /// Bold.
    public var bold: Bool
    /// Dim.
    public var dim: Bool
    /// Swapped foreground and background.
    public var inverse: Bool

    /// Creates a style.
    public init(foreground: TerminalColor? = nil, background: TerminalColor? = nil, bold: Bool = false, dim: Bool = false, inverse: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.inverse = inverse
    }

    /// No colour, no attributes.
    public static let plain = TextStyle()

    /// A coloured style.
    public static func color(_ color: TerminalColor, bold: Bool = false) -> TextStyle {
        TextStyle(foreground: color, bold: bold)
    }
}

/// The eight standard terminal colours and their bright variants.
public enum TerminalColor: Int, Hashable, Sendable, CaseIterable {
    case black, red, green, yellow, blue, magenta, cyan, white
    case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite
}

extension Character {
    /// Whether the character is a control character (C0, DEL, C1) that must never reach a terminal.
    public var isControlLike: Bool {
        unicodeScalars.contains { scalar in
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        }
    }
}
