import PartyKit

/// What a TwentyFour player sends: an answer to check, or giving up on this round.
///
/// On the wire: `{"kind":"submit","expression":"8/(3-8/3)"}` or `{"kind":"giveUp"}`.
public enum TwentyFourMove: Hashable, Sendable {
    /// An expression the host parses and checks; the host measures the time.
    case submit(expression: String)
    /// Stop guessing this round.
    case giveUp
}

extension TwentyFourMove: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, expression
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "submit": self = .submit(expression: try container.decode(String.self, forKey: .expression))
        case "giveUp": self = .giveUp
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown move kind \(kind)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .submit(let expression):
            try container.encode("submit", forKey: .kind)
            try container.encode(expression, forKey: .expression)
        case .giveUp:
            try container.encode("giveUp", forKey: .kind)
        }
    }
}
