import PartyKit

/// Why the host refuses a TwentyFour move.
public enum TwentyFourRejection: GameRejection {
    /// The player is not in a running round (between rounds, or waiting for the next one after joining late).
    case notInRound
    /// The round's time is up; the host is about to end it.
    case timeUp
    /// The player has already solved this round's challenge.
    case alreadySolved
    /// The player gave up on this round.
    case gaveUp
    /// The answer is not a correct expression for the challenge.
    case wrongAnswer(ExpressionError)
    /// The game is over: its last round has been played.
    case gameOver

    public var code: String {
        switch self {
        case .notInRound: "notInRound"
        case .timeUp: "timeUp"
        case .alreadySolved: "alreadySolved"
        case .gaveUp: "gaveUp"
        case .wrongAnswer(let error): error.code
        case .gameOver: "gameOver"
        }
    }
}

extension TwentyFourRejection: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notInRound: "You are not in this round: wait for the next one."
        case .timeUp: "Time is up for this round."
        case .alreadySolved: "You already solved this one."
        case .gaveUp: "You gave up on this round: wait for the next one."
        case .wrongAnswer(let error): error.description
        case .gameOver: "The game is over."
        }
    }
}
