import PartyKit

extension RockPaperScissors {
    /// What `viewer` may see at `now`: everything, since nothing in RockPaperScissors is secret.
    ///
    /// Times travel as *remaining* milliseconds computed from `now`, never as instants: the
    /// client's clock is not the host's.
    public func view(for viewer: Viewer, at now: GameInstant) -> RockPaperScissorsView {
        RockPaperScissorsView(
            total: total,
            target: configuration.target,
            players: players.map(\.id),
            turn: currentSeat,
            you: viewer.seat,
            remainingMs: turnDeadline.map { max(0, $0.milliseconds(since: now)) },
            last: lastMove,
            winner: outcome?.winners.first,
            outcome: outcome?.summary
        )
    }

    /// Nothing is hidden in RockPaperScissors, so the state is its own re-randomised copy.
    ///
    /// A game with secrets (cards in hand, a choice not yet revealed) returns a copy in which
    /// everything `viewer` may not see is replaced using `random` (shuffle the others' hands,
    /// pick other secret choices) and everything they may see is kept. The conformance suite then
    /// checks that `view(for: viewer, at:)` is the same for both: the view leaks no secret.
    public func hidingInformation(from viewer: Viewer, using random: inout SeededRandom) -> RockPaperScissors {
        self
    }
}
