import PartyKit

/// Why Snap! refuses a move.
public enum SnapRejection: GameRejection {
    /// The game is over.
    case gameOver
    /// The cards are still being dealt; only `confirmDeal` is possible.
    case stillDealing
    /// The deal is done; there is nothing to confirm.
    case notDealing
    /// This player has already confirmed the deal.
    case alreadyConfirmed
    /// The sender is not (or no longer) a player of this game.
    case notInGame
    /// Only the active player may turn a card.
    case notYourTurn
    /// A player with no cards is out and may not call snap.
    case youAreOut
    /// The call names a table the host has not reached yet.
    case unknownTable(seen: Int, current: Int)
    /// The call names a table so old the host no longer judges it.
    case staleCall(seen: Int, current: Int)

    /// A stable camelCase code for the wire.
    public var code: String {
        switch self {
        case .gameOver: "gameOver"
        case .stillDealing: "stillDealing"
        case .notDealing: "notDealing"
        case .alreadyConfirmed: "alreadyConfirmed"
        case .notInGame: "notInGame"
        case .notYourTurn: "notYourTurn"
        case .youAreOut: "youAreOut"
        case .unknownTable: "unknownTable"
        case .staleCall: "staleCall"
        }
    }
}

extension SnapRejection: CustomStringConvertible {
    /// The sentence a player reads.
    public var description: String {
        switch self {
        case .gameOver: "The game is over."
        case .stillDealing: "The cards are still being dealt; play starts when everyone is ready."
        case .notDealing: "The cards have already been dealt."
        case .alreadyConfirmed: "You are already ready; play starts when everyone is."
        case .notInGame: "You are not playing in this game."
        case .notYourTurn: "It is not your turn to turn a card."
        case .youAreOut: "You have no cards left, so you are out and cannot call snap."
        case .unknownTable(let seen, let current): "Your snap names table \(seen), but the table is only at \(current)."
        case .staleCall(let seen, let current): "Your snap names table \(seen), which is too old (the table is at \(current))."
        }
    }
}
