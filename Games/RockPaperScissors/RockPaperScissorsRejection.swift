import PartyKit

/// Why Rock Paper Scissors refuses a move. No reason ever names another player's choice.
public enum RockPaperScissorsRejection: GameRejection {
    /// The game has ended; no more moves are taken.
    case gameOver
    /// The seat is not playing in this round (it joined during the round, or is not seated).
    case notInRound
    /// The round has been revealed; the next one has not started yet.
    case roundRevealed
    /// The seat has already chosen this round; a choice is final.
    case alreadyChosen
    /// The round's time is up.
    case timeUp

    /// The machine-readable code sent on the wire as the rejection's reason.
    public var code: String {
        switch self {
        case .gameOver: "gameOver"
        case .notInRound: "notInRound"
        case .roundRevealed: "roundRevealed"
        case .alreadyChosen: "alreadyChosen"
        case .timeUp: "timeUp"
        }
    }
}

extension RockPaperScissorsRejection: CustomStringConvertible {
    /// The sentence a player reads, such as "You have already chosen this round."
    public var description: String {
        switch self {
        case .gameOver: "The game is over."
        case .notInRound: "You are not in this round; you play from the next one."
        case .roundRevealed: "This round is over; wait for the next one."
        case .alreadyChosen: "You have already chosen this round."
        case .timeUp: "Time is up for this round."
        }
    }
}
