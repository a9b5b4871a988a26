import PartyKit

/// A Four in a Row move: drop a disc into a column, numbered 1 to 7 from the left as people count.
///
/// On the wire it is `{"column": 3}`. Any integer decodes; the rules reject columns off the board.
public struct FourInARowMove: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The column, 1 (left) to 7 (right).
    public var column: Int

    /// Creates the move that drops a disc into `column` (1-based).
    public init(column: Int) {
        self.column = column
    }

    /// The move as people type it in line mode: `drop 3`.
    public var description: String { "drop \(column)" }
}
