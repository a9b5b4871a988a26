/// The view a client without the game's presenter gets instead of the game's own view: the seat's
/// view as plain text and its legal moves as a labelled menu. `Move` is the game's move type on the
/// host and `JSONValue` on a client that does not know the game (it sends a chosen move back as is).
public struct PlainTextView<Move: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    /// The view drawn as plain text, lines separated by `\n`.
    public var text: String
    /// The moves this seat may make now, in menu order; empty when it has nothing to do.
    public var moves: [Choice]
    /// For games whose moves are typed: what to type (sent as `typedMove`); nil otherwise.
    public var typing: String?

    /// One menu entry.
    public struct Choice: Codable, Hashable, Sendable {
        /// A short label.
        public var label: String
        /// The move to send in a `move` message when this entry is chosen.
        public var move: Move

        /// Creates a menu entry.
        public init(label: String, move: Move) {
            self.label = label
            self.move = move
        }
    }

    /// Creates a plain-text view.
    public init(text: String, moves: [Choice], typing: String?) {
        self.text = text
        self.moves = moves
        self.typing = typing
    }
}
