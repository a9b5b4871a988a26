import PartyKit
import PartyWire

/// One game of a party room as a bot plays it.
protocol RoomBotGame: Sendable {
    /// The game id.
    var gameID: String { get }
    /// Applies one event of the session at `now`.
    mutating func apply(_ event: ClientEvent, at now: GameInstant)
    /// The move that is due at `now`, if any (it is then no longer planned).
    mutating func due(at now: GameInstant) -> (any WireMessage)?
}
