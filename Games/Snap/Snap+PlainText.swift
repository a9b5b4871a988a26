import PartyKit

extension Snap {
    /// The phase and whose turn it is with the seconds left, every player's cards and top open
    /// card (the viewer first, then clockwise), whether two top cards match, and the latest event.
    ///
    /// For example, while playing:
    /// ```
    /// Snap! Turn 12 of 1000. Your turn: 8 seconds left.
    /// You: 13 cards (10 face down), top Q♥.
    /// Bob: 20 cards (20 face down), no open card.
    /// Carol: out of cards.
    /// Latest: Bob called snap and won 6 cards
    /// ```
    public static func plainText(of view: SnapView, context: PresenterContext) -> String {
        var lines: [String] = []
        let elapsed = max(0, context.elapsedMilliseconds)
        switch view.phase {
        case .dealing:
            let seated = view.players.filter { !$0.gone }
            let ready = seated.filter(\.ready).count
            let seconds = SnapPresenter.seconds((view.dealMs ?? 0) - elapsed)
            lines.append("Snap! Dealing: \(ready) of \(seated.count) ready, play starts in \(secondsText(seconds)).")
            if let mine = view.mine, !mine.gone {
                lines.append(mine.ready ? "You are ready; waiting for the others." : "Choose Ready when you are ready to play.")
            }
        case .playing:
            var line = "Snap! Turn \(view.turn + 1) of \(view.limit)."
            if let active = view.player(view.active) {
                let who = active.seat == view.me ? "Your turn" : "\(active.name)'s turn"
                if view.paused {
                    line += " \(who), paused while \(active.seat == view.me ? "you are" : "they are") away."
                } else {
                    let seconds = SnapPresenter.seconds(SnapPresenter().remaining(view, context))
                    line += " \(who): \(secondsText(seconds)) left."
                }
            }
            lines.append(line)
        case .over:
            lines.append("Snap! Game over: \((view.outcome ?? "finished").sentence)")
        }
        for player in view.players {
            let name = player.seat == view.me ? "You" : player.name
            if player.gone {
                lines.append("\(name): left the game.")
            } else if player.out {
                lines.append("\(name): out of cards.")
            } else {
                let top = player.top.map { "top \($0.label)" } ?? "no open card"
                let away = player.away ? " Away." : ""
                lines.append("\(name): \(cardCountText(player.cards)) (\(player.closed) face down), \(top).\(away)")
            }
        }
        if view.phase == .playing, view.hasMatch {
            lines.append("Two top cards match!")
        }
        if let event = view.event { lines.append("Latest: \(event.text)") }
        return lines.flatMap { PlainText.wrap($0) }.joined(separator: "\n")
    }

    /// While dealing, "Ready (I have seen the deal)" until `seat` confirmed; while playing,
    /// "Turn your card" on `seat`'s turn and "Snap!" (on the table shown) while `seat` holds cards.
    ///
    /// "Snap!" is offered whether or not two top cards match: a wrong call is a legal move that
    /// costs cards, and the text says when there is a match.
    public static func labelledMoves(in view: SnapView, for seat: SeatID) -> [LabelledMove<SnapMove>] {
        guard view.me == seat.index, let mine = view.player(seat.index), !mine.gone else { return [] }
        switch view.phase {
        case .dealing:
            return mine.ready ? [] : [LabelledMove("Ready (I have seen the deal)", .confirmDeal)]
        case .playing:
            var moves: [LabelledMove<SnapMove>] = []
            if view.active == seat.index { moves.append(LabelledMove("Turn your card", .turn)) }
            if mine.cards > 0 { moves.append(LabelledMove("Snap!", .snap(seen: view.table))) }
            return moves
        case .over:
            return []
        }
    }

    /// "1 second" or "N seconds".
    static func secondsText(_ seconds: Int64) -> String {
        seconds == 1 ? "1 second" : "\(seconds) seconds"
    }

    /// "1 card" or "N cards".
    static func cardCountText(_ count: Int) -> String {
        count == 1 ? "1 card" : "\(count) cards"
    }

}

extension String {
    /// The text as a sentence: a full stop added unless it already ends with one (or ! or ?).
    fileprivate var sentence: String {
        guard let last, !".!?".contains(last) else { return self }
        return self + "."
    }
}
