/// A move offered by name to a client that has no presenter for the game ("Drop in column 3").
public struct LabelledMove<Move: Hashable & Sendable>: Hashable, Sendable {
    /// A short label a person understands, at most about 40 characters.
    public var label: String
    /// The move sent when the label is chosen.
    public var move: Move

    /// Creates a labelled move.
    public init(_ label: String, _ move: Move) {
        self.label = label
        self.move = move
    }
}

extension LabelledMove: Codable where Move: Codable {}
