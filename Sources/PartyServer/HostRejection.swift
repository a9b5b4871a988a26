import PartyWire

/// Why the host refuses a move before the game's rules see it.
public enum HostRejection: Error, Hashable, Sendable {
    /// No game is running (lobby, or between games).
    case noGameRunning
    /// The game is over; ask for a rematch.
    case gameOver
    /// The schedule does not let this seat move now.
    case notYourTurn
    /// The move names a seat that is not the sender's.
    case notYourSeat(claimed: Int, actual: Int)
    /// The move's JSON does not fit this game.
    case invalidMove(detail: String)
    /// Typed text is not a move of this game; the detail comes from the game's rules.
    case notAMove(detail: String)
    /// In a party room: the sender watches the running game (it seats fewer, or they came later).
    case watching

    /// The machine-readable reason sent in `moveRejected`.
    public var code: String {
        switch self {
        case .noGameRunning: "noGameRunning"
        case .gameOver: "gameOver"
        case .notYourTurn: "notYourTurn"
        case .notYourSeat: "notYourSeat"
        case .invalidMove: "invalidMove"
        case .notAMove: "notAMove"
        case .watching: "watching"
        }
    }
}

extension HostRejection {
    /// A move whose JSON does not fit the game, with what the decoder found.
    static func invalidMove(_ error: WireError) -> HostRejection {
        if case .invalidFields(_, let detail) = error { return .invalidMove(detail: detail) }
        return .invalidMove(detail: error.description)
    }
}

extension HostRejection: CustomStringConvertible {
    public var description: String {
        switch self {
        case .noGameRunning: "No game is running yet."
        case .gameOver: "The game is over; ask for a rematch to play again."
        case .notYourTurn: "It is not your turn."
        case .notYourSeat(let claimed, let actual): "You play seat \(actual), not seat \(claimed)."
        case .invalidMove(let detail): "That is not a move of this game: \(detail)."
        case .notAMove(let detail): detail
        case .watching: "You are watching this game; you play from the next one."
        }
    }
}
