import PartyKit

extension RockPaperScissorsPresenter {
    /// Width of one shape card.
    static let cardWidth = 14
    /// Height of one shape card.
    static let cardHeight = 7
    /// Narrowest canvas for the card layout.
    static let fullWidth = 3 * cardWidth + 4

    /// Draws the round and countdown, three shape cards (the highlight, or the viewer's choice), a
    /// table of players with their scores and who has chosen (never what, until the reveal), and
    /// the status; falls back to a compact layout on small canvases.
    public func draw(_ view: RockPaperScissorsView, context: PresenterContext, on canvas: inout Canvas) {
        guard canvas.width > 0, canvas.height > 0 else { return }
        let rows = 1 + Self.cardHeight + 1 + view.players.count + 1
        if canvas.width >= Self.fullWidth && canvas.height >= rows {
            drawFull(view, context: context, on: &canvas, spare: canvas.height - rows)
        } else {
            drawCompact(view, context: context, on: &canvas)
        }
    }

    /// The roomy layout: cards side by side, then the table, then the status.
    private func drawFull(_ view: RockPaperScissorsView, context: PresenterContext, on canvas: inout Canvas, spare: Int) {
        let gaps = min(3, spare)
        var y = max(0, (spare - gaps) / 2)
        canvas.putCentered(title(view, context: context), y: y, style: TextStyle(bold: true))
        y += 1 + (gaps > 0 ? 1 : 0)

        let left = (canvas.width - (3 * Self.cardWidth + 4)) / 2
        for (index, shape) in Shape.allCases.enumerated() {
            drawCard(shape, view: view, context: context, x: left + index * (Self.cardWidth + 2), y: y, on: &canvas)
        }
        y += Self.cardHeight + (gaps > 1 ? 1 : 0)

        let tableWidth = min(canvas.width, 64)
        let x = (canvas.width - tableWidth) / 2
        let lastHeading = view.last.map { "Round \($0.round)" } ?? ""
        canvas.put(pad("Player", 22) + pad("Points", 8) + pad(view.phase == .choosing ? "Now" : "", 16) + lastHeading,
                   x: x, y: y, style: TextStyle(dim: true))
        y += 1
        for row in view.players {
            drawRow(row, view: view, context: context, x: x, y: y, on: &canvas)
            y += 1
        }
        y += gaps > 2 ? 1 : 0
        drawStatus(view, context: context, y: min(y, canvas.height - 1), on: &canvas)
    }

    /// The small layout: a title, the three shapes on one line, one line a player, the status at the bottom.
    private func drawCompact(_ view: RockPaperScissorsView, context: PresenterContext, on canvas: inout Canvas) {
        canvas.put(title(view, context: context), x: 0, y: 0, style: TextStyle(bold: true))
        var x = 0
        for shape in Shape.allCases {
            let label = "\(shape.number) \(shape.name)"
            canvas.put(label, x: x, y: 1, style: cardStyle(shape, view: view, context: context))
            x += label.count + 2
        }
        for (index, row) in view.players.enumerated() where 2 + index < canvas.height - 1 {
            let name = pad(((row.seat == view.you ? "▶ " : "") + context.name(of: row.seat)).fitted(toWidth: 11), 12)
            canvas.put(name + pad("\(row.score)", 4) + rowState(row, view: view, context: context), x: 0, y: 2 + index,
                       style: rowStyle(row, view: view))
        }
        if canvas.height > 2 { drawStatus(view, context: context, y: canvas.height - 1, on: &canvas) }
    }

    /// "Round 2 of 5 · 12 s", or once over "Game over after 1 round" (all of them were played) or
    /// "Game over after round 3 of 5" (it ended early).
    func title(_ view: RockPaperScissorsView, context: PresenterContext) -> String {
        if view.isOver {
            if view.round >= view.rounds { return "Game over after \(view.round) round\(view.round == 1 ? "" : "s")" }
            return "Game over after round \(view.round) of \(view.rounds)"
        }
        let seconds = view.secondsLeft(elapsedMilliseconds: context.elapsedMilliseconds).map { " · \($0) s" } ?? ""
        return view.phase == .reveal ? "Round \(view.round) of \(view.rounds) revealed\(seconds)" : "Round \(view.round) of \(view.rounds)\(seconds)"
    }

    /// One boxed card with the shape's name, a little picture and its key.
    private func drawCard(_ shape: Shape, view: RockPaperScissorsView, context: PresenterContext, x: Int, y: Int, on canvas: inout Canvas) {
        let style = cardStyle(shape, view: view, context: context)
        canvas.box(x: x, y: y, width: Self.cardWidth, height: Self.cardHeight, style: style)
        let inner = Self.cardWidth - 2
        canvas.put(center(shape.name, inner), x: x + 1, y: y + 1, style: style)
        for (line, text) in Self.picture(of: shape).enumerated() {
            canvas.put(center(text, inner), x: x + 1, y: y + 2 + line, style: style)
        }
        let mark = view.mine == shape ? "your choice" : "[\(shape.number)]"
        canvas.put(center(mark, inner), x: x + 1, y: y + Self.cardHeight - 2, style: style)
    }

    /// Bright for your choice, bold and inverse-free highlight for the cursor while you may choose, dim otherwise.
    private func cardStyle(_ shape: Shape, view: RockPaperScissorsView, context: PresenterContext) -> TextStyle {
        let seat = context.seat ?? view.you
        if view.mine == shape {
            return context.color ? .color(.green, bold: true) : TextStyle(bold: true, inverse: true)
        }
        guard view.mayChoose(seat) else { return TextStyle(dim: true) }
        if shape == cursor {
            return context.color ? .color(.cyan, bold: true) : TextStyle(bold: true, inverse: true)
        }
        return .plain
    }

    /// A three-line picture of the shape, in plain ASCII.
    static func picture(of shape: Shape) -> [String] {
        switch shape {
        case .rock: [" .--. ", "(    )", " '--' "]
        case .paper: [" ____ ", "|~~~~|", "|____|"]
        case .scissors: ["O   /", " >-< ", "O   \\"]
        }
    }

    /// One table row: name, points, whether they have chosen, and their part in the last revealed round.
    private func drawRow(_ row: RockPaperScissorsView.Row, view: RockPaperScissorsView, context: PresenterContext, x: Int, y: Int, on canvas: inout Canvas) {
        let marker = row.seat == view.you ? "▶ " : "  "
        let name = pad(marker + context.name(of: row.seat) + (row.seat == view.you ? " (you)" : ""), 22)
        canvas.put(name + pad("\(row.score)", 8), x: x, y: y, style: rowStyle(row, view: view))
        let state = rowState(row, view: view, context: context)
        let away = context.reconnecting[row.seat] != nil
        let stateStyle = away ? (context.color ? TextStyle.color(.yellow, bold: true) : TextStyle(bold: true))
            : row.chosen ? (context.color ? TextStyle.color(.green) : TextStyle(bold: true)) : TextStyle(dim: true)
        canvas.put(state, x: x + 30, y: y, style: stateStyle)
        guard let pick = view.last?.picks.first(where: { $0.seat == row.seat }) else { return }
        let text = "\(pick.shape?.name ?? "no choice") +\(pick.points)"
        let fresh = view.phase != .choosing
        let style = fresh ? (pick.points > 0 && context.color ? TextStyle.color(.yellow, bold: true) : TextStyle(bold: fresh)) : TextStyle(dim: true)
        canvas.put(text, x: x + 46, y: y, style: style)
    }

    /// "reconnecting… 23 s" while the host holds the seat, else "✓ chosen", "… choosing",
    /// "next round", or nothing outside a round.
    private func rowState(_ row: RockPaperScissorsView.Row, view: RockPaperScissorsView, context: PresenterContext) -> String {
        if !view.isOver, let away = context.reconnectingLabel(of: row.seat) { return away }
        guard view.phase == .choosing else {
            return view.winners.contains(row.seat) ? "winner" : ""
        }
        if row.waiting { return "next round" }
        return row.chosen ? "✓ chosen" : "… choosing"
    }

    /// Winners and the viewer in bold.
    private func rowStyle(_ row: RockPaperScissorsView.Row, view: RockPaperScissorsView) -> TextStyle {
        TextStyle(bold: row.seat == view.you || view.winners.contains(row.seat))
    }

    /// The status sentence, centred; highlighted when the viewer has to choose.
    private func drawStatus(_ view: RockPaperScissorsView, context: PresenterContext, y: Int, on canvas: inout Canvas) {
        // Once over, the shell's status line says how it ended; the title already says it is over.
        guard !view.isOver else { return }
        let status = view.status(context: context, elapsedMilliseconds: context.elapsedMilliseconds)
        let urgent = view.mayChoose(context.seat ?? view.you)
        let style: TextStyle = urgent ? (context.color ? .color(.cyan, bold: true) : TextStyle(bold: true)) : .plain
        if status.displayWidth <= canvas.width {
            canvas.putCentered(status, y: y, style: style)
        } else {
            canvas.put(status, x: 0, y: y, width: canvas.width, style: style)
        }
    }

    /// `text` cut or padded with spaces to `width` columns.
    private func pad(_ text: String, _ width: Int) -> String {
        let columns = text.displayWidth
        guard columns < width else {
            let cut = String(DisplayWidth.prefix(text, columns: max(0, width - 1)))
            return cut + String(repeating: " ", count: max(0, width - cut.displayWidth))
        }
        return text + String(repeating: " ", count: width - columns)
    }

    /// `text` centred in `width` columns.
    private func center(_ text: String, _ width: Int) -> String {
        let left = max(0, (width - text.displayWidth) / 2)
        return String(repeating: " ", count: left) + text
    }
}
