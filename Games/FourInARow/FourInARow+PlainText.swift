import PartyKit

extension FourInARow {
    /// The board as rows of `X` (first player), `O` (second) and `.`, top row first, with column
    /// numbers above and below, who plays which symbol, whose turn it is or the result.
    ///
    /// For example, Bob's view after four moves:
    /// ```
    /// Four in a Row, 4 moves played. Last disc in column 4.
    /// X: Alice. O: Bob (you).
    /// Your turn.
    ///
    ///   1 2 3 4 5 6 7
    ///   . . . . . . .
    ///   ...
    ///   . . X O . . .
    ///   1 2 3 4 5 6 7
    /// ```
    public static func plainText(of view: FourInARowView, context: PresenterContext) -> String {
        let viewer = context.seat ?? view.you
        var heading = "Four in a Row, \(view.moves) \(view.moves == 1 ? "move" : "moves") played."
        if let last = view.last { heading += " Last disc in column \(last)." }
        let legend = view.players.prefix(2).enumerated().map { side, seat in
            "\(FourInARowPresenter.symbol(side: side)): \(context.name(of: seat))\(seat == viewer ? " (you)" : "")."
        }.joined(separator: " ")
        var status: [String]
        if let outcome = view.outcome {
            status = ["Game over: \(outcome.sentence)"]
            if !view.winning.isEmpty {
                status.append("The four: \(view.winning.map(\.description).joined(separator: " ")).")
            }
        } else {
            status = [FourInARowPresenter().turnText(view, context: context, symbols: false).replacingEllipsis() + "."]
        }
        let numbers = "  " + (1...FourInARowBoard.columns).map(String.init).joined(separator: " ")
        let rows = (1...FourInARowBoard.rows).reversed().map { row in
            "  " + (1...FourInARowBoard.columns).map { column in
                view.side(column: column, row: row).map { String(FourInARowPresenter.symbol(side: $0)) } ?? "."
            }.joined(separator: " ")
        }
        var lines = PlainText.wrap(heading) + PlainText.wrap(legend) + status.flatMap { PlainText.wrap($0) } + ["", numbers] + rows + [numbers]
        let full = (1...FourInARowBoard.columns).filter { !view.canDrop(inColumn: $0) }
        if !full.isEmpty, !view.isOver {
            lines.append("Full: column\(full.count == 1 ? "" : "s") \(full.map(String.init).joined(separator: ", ")).")
        }
        return lines.joined(separator: "\n")
    }

    /// "Drop in column N" for every column that is not full, when `view` is `seat`'s own and it is
    /// their turn; nothing otherwise.
    public static func labelledMoves(in view: FourInARowView, for seat: SeatID) -> [LabelledMove<FourInARowMove>] {
        guard !view.isOver, view.you == seat, view.turn == seat, view.side(of: seat) != nil else { return [] }
        return (1...FourInARowBoard.columns).filter(view.canDrop(inColumn:)).map { column in
            LabelledMove("Drop in column \(column)", FourInARowMove(column: column))
        }
    }

}

extension String {
    /// The text with a trailing "…" removed, so a sentence can end with a full stop instead.
    fileprivate func replacingEllipsis() -> String {
        hasSuffix("…") ? String(dropLast()) : self
    }

    /// The text as a sentence: a full stop added unless it already ends with one (or ! or ?).
    fileprivate var sentence: String {
        guard let last, !".!?".contains(last) else { return self }
        return self + "."
    }
}
