/// A seated player as the rules see it: where they sit and the (already cleaned) name others see.
public struct Seat: Hashable, Codable, Sendable {
    /// Where the player sits.
    public var id: SeatID
    /// The player's display name, free of control characters.
    public var name: String

    /// Creates a seat.
    public init(id: SeatID, name: String) {
        self.id = id
        self.name = name
    }
}
