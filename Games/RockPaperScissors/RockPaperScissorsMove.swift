import PartyKit

/// A RockPaperScissors move: add 1, 2 or 3 to the total.
///
/// On the wire it is `{"amount":2}`. Any integer decodes; the rules reject amounts out of range.
public struct RockPaperScissorsMove: Hashable, Codable, Sendable, CustomStringConvertible {
    /// How much to add.
    public var amount: Int

    /// Creates the move that adds `amount`.
    public init(amount: Int) {
        self.amount = amount
    }

    /// The move as people type it in line mode: `add 2`.
    public var description: String { "add \(amount)" }
}
