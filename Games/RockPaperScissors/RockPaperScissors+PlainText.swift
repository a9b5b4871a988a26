import PartyKit

extension RockPaperScissors {
    /// The view as a few lines of plain text, for a client that has no presenter for RockPaperScissors.
    public static func plainText(of view: RockPaperScissorsView, context: PresenterContext) -> String {
        var lines = ["Total: \(view.total) of \(view.target)"]
        let names = view.players.map { seat in
            seat == view.you ? "\(context.name(of: seat)) (you)" : context.name(of: seat)
        }
        lines.append("Players: " + names.joined(separator: ", "))
        if let last = view.last {
            lines.append("Last: " + last.sentence(context: context))
        }
        lines.append(view.status(context: context, elapsedMilliseconds: 0))
        return lines.map { String($0.prefix(72)) }.joined(separator: "\n")
    }

    /// The amounts `seat` may add now, each labelled with the total it leads to.
    public static func labelledMoves(in view: RockPaperScissorsView, for seat: SeatID) -> [LabelledMove<RockPaperScissorsMove>] {
        view.legalAmounts(for: seat).map { amount in
            LabelledMove("Add \(amount) (total \(view.total + amount))", RockPaperScissorsMove(amount: amount))
        }
    }
}
