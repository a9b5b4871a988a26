import PartyKit

/// Why SunTouch refuses a move.
public enum SunTouchRejection: GameRejection {
    /// The sender has no seat in this game.
    case notAPlayer
    /// The game is over.
    case gameOver
    /// The game is paused while a dropped player is waited for.
    case paused
    /// A toss arrived when no coin toss is running.
    case notTossing
    /// This player already tossed in this round of the coin toss.
    case alreadyTossed
    /// A strike arrived before the coin toss was done.
    case notPlaying
    /// The strike's centre is outside the unit field.
    case outOfField(x: Double, y: Double)
    /// The strike's radius is outside the allowed range.
    case radiusOutOfRange(radius: Double)
    /// The player is still cooling down from their last strike, for this many milliseconds.
    case coolingDown(remainingMilliseconds: Int64)
}

extension SunTouchRejection {
    /// A stable camelCase code for the wire.
    public var code: String {
        switch self {
        case .notAPlayer: "notAPlayer"
        case .gameOver: "gameOver"
        case .paused: "paused"
        case .notTossing: "notTossing"
        case .alreadyTossed: "alreadyTossed"
        case .notPlaying: "notPlaying"
        case .outOfField: "outOfField"
        case .radiusOutOfRange: "radiusOutOfRange"
        case .coolingDown: "coolingDown"
        }
    }
}

extension SunTouchRejection: CustomStringConvertible {
    /// The sentence a player reads.
    public var description: String {
        switch self {
        case .notAPlayer:
            "Only the two seated players can play."
        case .gameOver:
            "The game is over."
        case .paused:
            "The game is paused until the other player is back."
        case .notTossing:
            "The coin toss is already done."
        case .alreadyTossed:
            "You already tossed; waiting for the other player."
        case .notPlaying:
            "The coin toss is not done yet: toss first."
        case .outOfField(let x, let y):
            "The point (\(SunTouchFormat.decimal(x)), \(SunTouchFormat.decimal(y))) is outside the field: x and y go from 0 to 1."
        case .radiusOutOfRange(let radius):
            "A strike's radius must be from \(SunTouchFormat.decimal(SunTouch.radiusRange.lowerBound)) to \(SunTouchFormat.decimal(SunTouch.radiusRange.upperBound)), not \(SunTouchFormat.decimal(radius))."
        case .coolingDown(let remaining):
            "Still cooling down from your last strike: \(SunTouchFormat.seconds(remaining)) to go."
        }
    }
}
