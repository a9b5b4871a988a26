/// Something that just happened at the table, for everyone to read and for presenters to flash.
public struct SnapEvent: Hashable, Codable, Sendable {
    /// What happened.
    public var kind: Kind
    /// The seat (index) it happened to: the caller, the slow player, the leaver.
    public var seat: Int
    /// How many cards moved: won by a snap, paid for a wrong call, shared out by a leaver.
    public var cards: Int
    /// A sentence for people: "Bob called snap and won 6 cards".
    public var text: String

    /// Creates an event.
    public init(kind: Kind, seat: Int, cards: Int, text: String) {
        self.kind = kind
        self.seat = seat
        self.cards = cards
        self.text = text
    }

    /// The kinds of event.
    public enum Kind: String, Hashable, Codable, Sendable {
        /// A correct snap call won the matching open piles.
        case snapWon
        /// A snap call with no match: the caller paid a card to each other player.
        case wrongSnap
        /// A snap call on a match that had already been won or covered: no cost.
        case tooLate
        /// The active player was too slow; their card was turned for them.
        case timedOut
        /// A player left; their cards were shared out.
        case left
    }

    /// Whether presenters should flash it (the snap calls, not the routine ones).
    public var isFlash: Bool { kind == .snapWon || kind == .wrongSnap || kind == .tooLate }
}
