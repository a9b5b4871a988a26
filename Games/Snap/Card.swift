/// A playing card; on the wire it is a two-letter code such as `"AS"` or `"TH"`.
public struct Card: Hashable, Sendable {
    /// The rank.
    public var rank: Rank
    /// The suit.
    public var suit: Suit

    /// Creates a card.
    public init(_ rank: Rank, _ suit: Suit) {
        self.rank = rank
        self.suit = suit
    }

    /// The 52 cards of a deck, suit by suit, in a fixed order.
    public static let deck: [Card] = Suit.allCases.flatMap { suit in Rank.allCases.map { Card($0, suit) } }

    /// The two-letter code: rank code then suit letter (`"QH"`, `"TD"`).
    public var code: String { String(rank.code) + suit.rawValue }

    /// The card written by `code`, if the code is valid.
    public init?(code: String) {
        let characters = Array(code)
        guard characters.count == 2, let rank = Rank(code: characters[0]),
              let suit = Suit(rawValue: String(characters[1])) else { return nil }
        self.init(rank, suit)
    }

    /// How people write the card: `"Q♥"`, `"10♠"`.
    public var label: String { rank.symbol + String(suit.symbol) }
}

extension Card: CustomStringConvertible {
    /// The card as people write it (`Q♥`).
    public var description: String { label }
}

extension Card: Codable {
    /// Reads a card from its two-letter code.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let code = try container.decode(String.self)
        guard let card = Card(code: code) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(code) is not a card code")
        }
        self = card
    }

    /// Writes the card as its two-letter code.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }
}
