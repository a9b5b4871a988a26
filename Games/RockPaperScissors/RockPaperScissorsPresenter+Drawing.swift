import PartyKit

extension RockPaperScissorsPresenter {
    /// Draws the total, a progress bar towards the target, the players and whose turn it is.
    ///
    /// The shell draws a title and a status line itself and hands over the rest as `canvas`
    /// (typically 80 × 20). Everything here is placed relative to the canvas size and clipped by
    /// it, so small terminals get less, never a crash.
    public func draw(_ view: RockPaperScissorsView, context: PresenterContext, on canvas: inout Canvas) {
        guard canvas.width > 0, canvas.height > 0 else { return }
        let accent: TextStyle = context.color ? .color(.cyan, bold: true) : TextStyle(bold: true)
        var y = max(0, (canvas.height - 8) / 2)

        canvas.putCentered("\(view.total) of \(view.target)", y: y, style: accent)
        y += 2

        // A bar that fills as the total nears the target.
        let barWidth = max(0, min(40, canvas.width - 4))
        if barWidth > 0 {
            let filled = view.target > 0 ? barWidth * min(view.total, view.target) / view.target : 0
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: barWidth - filled)
            canvas.putCentered(bar, y: y, style: context.color ? .color(.green) : .plain)
            y += 2
        }

        let names = view.players.map { seat -> String in
            let name = context.name(of: seat)
            return seat == view.turn ? "▶ \(name)" : name
        }
        canvas.putCentered(names.joined(separator: "   "), y: y)
        y += 1
        if let last = view.last {
            canvas.putCentered(last.sentence(context: context), y: y, style: TextStyle(dim: true))
        }
        y += 2

        let status = view.status(context: context, elapsedMilliseconds: context.elapsedMilliseconds)
        let mine = !view.isOver && view.turn != nil && view.turn == (context.seat ?? view.you)
        canvas.putCentered(status, y: y, style: mine ? accent : .plain)
        if mine, y + 1 < canvas.height {
            canvas.putCentered("Press 1, 2 or 3", y: y + 1, style: TextStyle(dim: true))
        }
    }
}
