/// A seat at the table, numbered from 0 in the order the host seated the players.
public struct SeatID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The seat's index, 0-based.
    public var index: Int

    /// Creates the seat with the given 0-based index.
    public init(_ index: Int) { self.index = index }

    public static func < (lhs: SeatID, rhs: SeatID) -> Bool { lhs.index < rhs.index }

    public var description: String { "seat \(index)" }

    public init(from decoder: any Decoder) throws {
        index = try decoder.singleValueContainer().decode(Int.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(index)
    }
}
