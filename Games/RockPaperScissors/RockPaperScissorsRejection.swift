import PartyKit

/// Why RockPaperScissors refuses a move.
public enum RockPaperScissorsRejection: GameRejection {
    /// The game has ended; no more moves are taken.
    case gameOver
    /// The seat is not the one to move (or not playing).
    case notYourTurn
    /// The amount is not 1, 2 or 3.
    case amountOutOfRange(amount: Int)
    /// Adding the amount would go past the target.
    case passesTarget(amount: Int, total: Int, target: Int)

    /// The machine-readable code sent on the wire as the rejection's reason.
    public var code: String {
        switch self {
        case .gameOver: "gameOver"
        case .notYourTurn: "notYourTurn"
        case .amountOutOfRange: "amountOutOfRange"
        case .passesTarget: "passesTarget"
        }
    }
}

extension RockPaperScissorsRejection: CustomStringConvertible {
    /// The sentence a player reads, such as "Adding 3 to 19 goes past 21."
    public var description: String {
        switch self {
        case .gameOver:
            "The game is over."
        case .notYourTurn:
            "It is not your turn."
        case .amountOutOfRange(let amount):
            "You cannot add \(amount): add 1, 2 or 3."
        case .passesTarget(let amount, let total, let target):
            "Adding \(amount) to \(total) goes past \(target)."
        }
    }
}
