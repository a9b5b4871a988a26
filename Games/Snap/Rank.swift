/// The rank of a playing card, ace (1) to king (13).
public enum Rank: Int, CaseIterable, Hashable, Codable, Sendable {
    /// Ace.
    case ace = 1
    /// Two.
    case two
    /// Three.
    case three
    /// Four.
    case four
    /// Five.
    case five
    /// Six.
    case six
    /// Seven.
    case seven
    /// Eight.
    case eight
    /// Nine.
    case nine
    /// Ten.
    case ten
    /// Jack.
    case jack
    /// Queen.
    case queen
    /// King.
    case king

    /// How people write the rank on a card: `A`, `2`…`10`, `J`, `Q`, `K`.
    public var symbol: String {
        switch self {
        case .ace: "A"
        case .ten: "10"
        case .jack: "J"
        case .queen: "Q"
        case .king: "K"
        default: String(rawValue)
        }
    }

    /// One character for the rank in card codes: `A`, `2`…`9`, `T`, `J`, `Q`, `K`.
    public var code: Character {
        switch self {
        case .ten: "T"
        default: Character(symbol)
        }
    }

    /// The rank written with `code`, if any.
    public init?(code: Character) {
        guard let rank = Rank.allCases.first(where: { $0.code == code }) else { return nil }
        self = rank
    }
}
