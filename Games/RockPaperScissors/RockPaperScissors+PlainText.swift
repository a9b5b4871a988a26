import PartyKit

extension RockPaperScissors {
    /// The view as a few lines of plain text, for a client that has no presenter for Rock Paper Scissors.
    ///
    /// Built from the view alone: during a round it says who has chosen, and only the viewer's own shape.
    public static func plainText(of view: RockPaperScissorsView, context: PresenterContext) -> String {
        var lines = ["Round \(view.round) of \(view.rounds)"]
        for row in view.players {
            let you = row.seat == view.you ? " (you)" : ""
            var state = ""
            if view.phase == .choosing {
                state = row.waiting ? "waiting for the next round" : row.chosen ? "has chosen" : "choosing…"
            }
            let points = row.score == 1 ? "1 point" : "\(row.score) points"
            lines.append("  \(context.name(of: row.seat))\(you): \(points)\(state.isEmpty ? "" : ", " + state)")
        }
        if let reveal = view.revealSentence(context: context) {
            lines.append("Last: " + reveal)
        }
        lines.append(view.status(context: context, elapsedMilliseconds: 0))
        return lines.flatMap { PlainText.wrap($0) }.joined(separator: "\n")
    }

    /// Rock, Paper and Scissors while `seat` still has to choose in the open round; nothing otherwise.
    public static func labelledMoves(in view: RockPaperScissorsView, for seat: SeatID) -> [LabelledMove<RockPaperScissorsMove>] {
        guard view.mayChoose(seat) else { return [] }
        return Shape.allCases.map { LabelledMove($0.name, RockPaperScissorsMove(shape: $0)) }
    }
}
