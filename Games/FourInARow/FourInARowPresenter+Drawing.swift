import PartyKit

extension FourInARowPresenter {
    /// Width of the boxed board: seven cells of three characters and two borders.
    static let boardWidth = 2 + 3 * FourInARowBoard.columns
    /// Rows the full layout needs: cursor, boxed board, column numbers, status.
    static let fullHeight = 1 + (FourInARowBoard.rows + 2) + 1 + 1

    /// Draws the board with its column cursor, column numbers, whose turn or the result, and who
    /// plays which colour; falls back to a compact board on canvases too small for the full one.
    public func draw(_ view: FourInARowView, context: PresenterContext, on canvas: inout Canvas) {
        if canvas.width >= Self.boardWidth && canvas.height >= Self.fullHeight {
            drawFull(view, context: context, on: &canvas)
        } else {
            drawCompact(view, context: context, on: &canvas)
        }
    }

    /// The roomy layout: a boxed board, three characters a cell, centred on the canvas.
    private func drawFull(_ view: FourInARowView, context: PresenterContext, on canvas: inout Canvas) {
        let hasLegend = canvas.height > Self.fullHeight
        let legendGap = canvas.height > Self.fullHeight + 1 ? 1 : 0
        let height = Self.fullHeight + (hasLegend ? 1 + legendGap : 0)
        let left = (canvas.width - Self.boardWidth) / 2
        var y = (canvas.height - height) / 2
        let cellX = { (column: Int) in left + 1 + 3 * (column - 1) + 1 }

        if let side = cursorSide(view, context: context) {
            let myTurn = view.turn == (context.seat ?? view.you)
            var style = discStyle(side: side, context: context)
            style.dim = !myTurn
            canvas.put("▼", x: cellX(cursor), y: y, style: style)
        }
        y += 1

        canvas.box(x: left, y: y, width: Self.boardWidth, height: FourInARowBoard.rows + 2)
        for rowIndex in 0..<FourInARowBoard.rows {
            let row = FourInARowBoard.rows - rowIndex
            for column in 1...FourInARowBoard.columns {
                let (character, style) = cellLook(view, column: column, row: row, context: context)
                canvas.put(String(character), x: cellX(column), y: y + 1 + rowIndex, style: style)
            }
        }
        y += FourInARowBoard.rows + 2

        for column in 1...FourInARowBoard.columns {
            let style = column == view.last ? TextStyle(bold: true) : TextStyle(dim: true)
            canvas.put("\(column)", x: cellX(column), y: y, style: style)
        }
        y += 1

        canvas.putCentered(statusText(view, context: context), y: y, style: TextStyle(bold: true))
        if hasLegend {
            drawLegend(view, context: context, y: y + 1 + legendGap, on: &canvas)
        }
    }

    /// The small layout: status on top, one character a cell, the cursor's column number inverted.
    private func drawCompact(_ view: FourInARowView, context: PresenterContext, on canvas: inout Canvas) {
        canvas.put(statusText(view, context: context), x: 0, y: 0, style: TextStyle(bold: true))
        let spacing = canvas.width >= 2 * FourInARowBoard.columns ? 2 : 1
        for rowIndex in 0..<FourInARowBoard.rows {
            let row = FourInARowBoard.rows - rowIndex
            for column in 1...FourInARowBoard.columns {
                let (character, style) = cellLook(view, column: column, row: row, context: context)
                canvas.put(String(character), x: (column - 1) * spacing, y: 1 + rowIndex, style: style)
            }
        }
        let showsCursor = cursorSide(view, context: context) != nil
        for column in 1...FourInARowBoard.columns {
            let style = showsCursor && column == cursor ? TextStyle(bold: true, inverse: true) : TextStyle(dim: true)
            canvas.put("\(column)", x: (column - 1) * spacing, y: 1 + FourInARowBoard.rows, style: style)
        }
    }

    /// "● Alice (you)   ● Bob", each disc in its player's colour.
    private func drawLegend(_ view: FourInARowView, context: PresenterContext, y: Int, on canvas: inout Canvas) {
        let viewer = context.seat ?? view.you
        let entries = view.players.prefix(2).enumerated().map { side, seat in
            (side, "\(context.name(of: seat))\(seat == viewer ? " (you)" : "")")
        }
        let total = entries.reduce(0) { $0 + 2 + $1.1.displayWidth } + 3 * max(0, entries.count - 1)
        var x = (canvas.width - total) / 2
        for (side, label) in entries {
            canvas.put(String(discCharacter(side: side, context: context)), x: x, y: y,
                       style: discStyle(side: side, context: context))
            canvas.put(label, x: x + 2, y: y)
            x += 2 + label.displayWidth + 3
        }
    }

    /// The viewer's side when the cursor should show (a player, game running); nil otherwise.
    private func cursorSide(_ view: FourInARowView, context: PresenterContext) -> Int? {
        guard !view.isOver else { return nil }
        return view.side(of: context.seat ?? view.you)
    }

    /// How one cell looks: a disc in its colour (or `X`/`O`), a dim dot when empty, inverse and
    /// bold when it is one of the winning four.
    private func cellLook(_ view: FourInARowView, column: Int, row: Int, context: PresenterContext) -> (Character, TextStyle) {
        guard let side = view.side(column: column, row: row) else {
            return (context.color ? "·" : ".", TextStyle(dim: true))
        }
        var style = discStyle(side: side, context: context)
        if view.winning.contains(FourInARowCell(column: column, row: row)) {
            style.inverse = true
            style.bold = true
        }
        return (discCharacter(side: side, context: context), style)
    }

    /// The disc's character: a round disc in colour, `X`/`O` without.
    private func discCharacter(side: Int, context: PresenterContext) -> Character {
        context.color ? "●" : Self.symbol(side: side)
    }

    /// Red for the first player, yellow for the second; plain bold without colour.
    private func discStyle(side: Int, context: PresenterContext) -> TextStyle {
        guard context.color else { return TextStyle(bold: true) }
        return .color(side == 0 ? .red : .yellow, bold: true)
    }

    /// "Game over" (the shell's status line says how it ended), otherwise whose turn it is.
    private func statusText(_ view: FourInARowView, context: PresenterContext) -> String {
        if view.isOver { return "Game over" }
        return turnText(view, context: context, symbols: false)
    }
}
