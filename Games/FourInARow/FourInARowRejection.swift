import PartyKit

/// Why Four in a Row refuses a move.
public enum FourInARowRejection: GameRejection {
    /// The seat is not the one to move (or not a player in this game).
    case notYourTurn
    /// The column is not one of 1 to 7.
    case columnOutOfRange(column: Int)
    /// The column already holds six discs.
    case columnFull(column: Int)
    /// The game has ended; no more moves are taken.
    case gameOver

    /// The machine-readable code sent on the wire.
    public var code: String {
        switch self {
        case .notYourTurn: "notYourTurn"
        case .columnOutOfRange: "columnOutOfRange"
        case .columnFull: "columnFull"
        case .gameOver: "gameOver"
        }
    }
}

extension FourInARowRejection: CustomStringConvertible {
    /// The sentence a player reads, such as "Column 3 is full."
    public var description: String {
        switch self {
        case .notYourTurn:
            "It is not your turn."
        case .columnOutOfRange(let column):
            "There is no column \(column): choose a column from 1 to \(FourInARowBoard.columns)."
        case .columnFull(let column):
            "Column \(column) is full."
        case .gameOver:
            "The game is over."
        }
    }
}
