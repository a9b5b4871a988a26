/// The suit of a playing card.
public enum Suit: String, CaseIterable, Hashable, Codable, Sendable {
    /// Spades (♠).
    case spades = "S"
    /// Hearts (♥).
    case hearts = "H"
    /// Diamonds (♦).
    case diamonds = "D"
    /// Clubs (♣).
    case clubs = "C"

    /// The suit's symbol: ♠ ♥ ♦ ♣.
    public var symbol: Character {
        switch self {
        case .spades: "♠"
        case .hearts: "♥"
        case .diamonds: "♦"
        case .clubs: "♣"
        }
    }

    /// Whether the suit is printed in red (hearts and diamonds).
    public var isRed: Bool { self == .hearts || self == .diamonds }
}
