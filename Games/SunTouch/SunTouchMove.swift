import PartyKit

/// A SunTouch move: a coin toss at the start, then strikes.
public enum SunTouchMove: Codable, Hashable, Sendable {
    /// This player's random number for the coin toss that seeds the sun layout.
    case toss(UInt32)
    /// A strike centred on (`x`, `y`) in the unit field (y grows downward) with `radius`.
    case strike(x: Double, y: Double, radius: Double)

    /// On the wire a toss reads `{"toss":{"value":N}}` rather than Swift's default `_0`.
    enum TossCodingKeys: String, CodingKey {
        case _0 = "value"
    }
}
