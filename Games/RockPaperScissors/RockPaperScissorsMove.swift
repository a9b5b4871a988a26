import PartyKit

/// A Rock Paper Scissors move: the shape a player shows this round.
///
/// On the wire it is `{"shape":"rock"}`. A choice is final for the round.
public struct RockPaperScissorsMove: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The shape chosen.
    public var shape: Shape

    /// Creates the move that shows `shape`.
    public init(shape: Shape) {
        self.shape = shape
    }

    /// The move as people type it in line mode: `rock`.
    public var description: String { shape.rawValue }
}
