import PartyKit

extension RockPaperScissors {
    /// What `viewer` may see at `now`: scores, who has chosen, their own choice, the last reveal.
    ///
    /// Other players' choices in the open round never enter the view (not even as a count or an
    /// order that depends on them); they become public in `last` once the round is revealed.
    /// Times travel as *remaining* milliseconds computed from `now`.
    public func view(for viewer: Viewer, at now: GameInstant) -> RockPaperScissorsView {
        let open = outcome == nil && phase == .choosing
        let rows = players.map { player in
            RockPaperScissorsView.Row(
                seat: player.seat.id, score: player.score,
                chosen: open && choices[player.seat.id] != nil,
                waiting: open && !player.inRound
            )
        }
        let seat = viewer.seat.flatMap { id in players.contains { $0.seat.id == id } ? id : nil }
        return RockPaperScissorsView(
            round: round,
            rounds: configuration.rounds,
            phase: phase,
            remainingMs: deadline.map { max(0, $0.milliseconds(since: now)) },
            you: viewer.seat,
            mine: open ? seat.flatMap { choices[$0] } : nil,
            players: rows,
            last: lastRound,
            winners: outcome?.winners ?? [],
            outcome: outcome?.summary
        )
    }

    /// A copy in which every open-round choice `viewer` may not see is replaced by a random shape;
    /// who has chosen, the scores and past rounds (all public) stay as they are.
    public func hidingInformation(from viewer: Viewer, using random: inout SeededRandom) -> RockPaperScissors {
        var copy = self
        for seat in choices.keys.sorted() where seat != viewer.seat {
            copy.choices[seat] = Shape.allCases[Int(random.next() % UInt64(Shape.allCases.count))]
        }
        return copy
    }
}
