import PartyKit

extension SunTouchPresenter {
    /// Where the field's inner cells go on a canvas.
    struct FieldLayout: Hashable {
        /// The first column of the field's inside.
        var left: Int
        /// The first row of the field's inside.
        var top: Int
        /// Columns inside the box (twice the rows, to look square).
        var columns: Int
        /// Rows inside the box.
        var rows: Int
    }

    /// The field for a canvas: a status row, the boxed field, a message row; nil when too small.
    static func layout(width: Int, height: Int) -> FieldLayout? {
        let rows = min(height - 4, (width - 2) / 2)
        guard rows >= 3 else { return nil }
        let columns = rows * 2
        return FieldLayout(left: (width - columns - 2) / 2 + 1, top: 2, columns: columns, rows: rows)
    }

    /// Milliseconds the presenter may add to the view's times to animate locally.
    static func localElapsed(_ view: SunTouchView, _ context: PresenterContext) -> Int64 {
        guard view.phase == .playing, !view.paused else { return 0 }
        return min(max(0, context.elapsedMilliseconds), max(0, view.left))
    }

    /// Draws the status line, the field with strikes, suns and cursor, and the message line.
    public func draw(_ view: SunTouchView, context: PresenterContext, on canvas: inout Canvas) {
        let elapsed = Self.localElapsed(view, context)
        let status = String.joined(statusParts(view, context: context, elapsed: elapsed), separator: " │ ", fittingWidth: canvas.width)
        canvas.put(status, x: 0, y: 0, style: TextStyle(bold: true))
        let message = messageLine(view, context: context)
        guard let field = Self.layout(width: canvas.width, height: canvas.height) else {
            canvas.put(message, x: 0, y: 1, width: canvas.width)
            return
        }
        canvas.box(x: field.left - 1, y: field.top - 1, width: field.columns + 2, height: field.rows + 2, style: TextStyle(dim: true))
        let thickness = 0.5 / Double(field.rows)
        let half = Double(view.dur) / 2
        let showPreview = view.phase == .playing && view.me != nil
        for row in 0..<field.rows {
            for column in 0..<field.columns {
                let x = (Double(column) + 0.5) / Double(field.columns)
                let y = (Double(row) + 0.5) / Double(field.rows)
                var cell = Cell(character: "·", style: TextStyle(dim: true))
                for strike in view.strikes {
                    let age = strike.age + elapsed
                    let grown = strike.r * min(1, half > 0 ? Double(age) / half : 1)
                    if distance(x, y, strike.x, strike.y) <= grown { cell = Cell() }
                }
                if showPreview, abs(distance(x, y, cursorX, cursorY) - radius) <= thickness {
                    cell = Cell(character: ".", style: style(.cyan, context: context))
                }
                for strike in view.strikes where strike.age + elapsed < view.dur {
                    let age = strike.age + elapsed
                    let grown = strike.r * min(1, half > 0 ? Double(age) / half : 1)
                    if abs(distance(x, y, strike.x, strike.y) - grown) <= thickness {
                        let own = isOwn(strike.seat, in: view)
                        cell = Cell(character: own ? "o" : "x", style: style(own ? .green : .red, context: context))
                    }
                }
                canvas[field.left + column, field.top + row] = cell
            }
        }
        for sun in view.captured {
            let own = isOwn(sun.seat, in: view)
            let (column, row) = Self.cell(of: sun.x, sun.y, in: field)
            canvas[column, row] = Cell(character: own ? "@" : "#", style: style(own ? .green : .red, bold: true, context: context))
        }
        if view.phase == .playing, view.me != nil {
            let (column, row) = Self.cell(of: cursorX, cursorY, in: field)
            canvas[column, row] = Cell(character: "+", style: TextStyle(bold: true, inverse: true))
        }
        canvas.put(message, x: 0, y: field.top + field.rows + 1, width: canvas.width)
    }

    /// The canvas cell of the field point (`x`, `y`).
    static func cell(of x: Double, _ y: Double, in field: FieldLayout) -> (Int, Int) {
        let column = Int((x * Double(field.columns)).rounded(.down)).clamped(to: 0...(field.columns - 1))
        let row = Int((y * Double(field.rows)).rounded(.down)).clamped(to: 0...(field.rows - 1))
        return (field.left + column, field.top + row)
    }

    /// Whether `seat` counts as "own" colours: the viewer's seat, or the first player for spectators.
    func isOwn(_ seat: SeatID, in view: SunTouchView) -> Bool {
        seat == (view.you ?? view.players.first?.seat)
    }

    /// A coloured style, or only bold when colours are off.
    func style(_ color: TerminalColor, bold: Bool = false, context: PresenterContext) -> TextStyle {
        context.color ? .color(color, bold: bold) : TextStyle(bold: bold)
    }

    /// The distance between two field points.
    func distance(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        ((x1 - x2) * (x1 - x2) + (y1 - y2) * (y1 - y2)).squareRoot()
    }
}
