/// How a finished game ended: who won, where every seat finished, and one line that says it to people.
public struct GameOutcome: Hashable, Codable, Sendable {
    /// The winners; empty for a draw or when nobody won.
    public var winners: [SeatID]
    /// Why the game ended.
    public var reason: EndReason
    /// A line for people: "Alice wins with four in a row", "Draw: the board is full".
    public var summary: String
    /// Every seat of the game, best first: the winners at place 1, and a place for everyone else
    /// (the conformance suite checks that it lists each seat once and agrees with `winners`).
    public var standings: [Standing]

    /// Creates an outcome.
    public init(winners: [SeatID], reason: EndReason, summary: String, standings: [Standing]) {
        self.winners = winners
        self.reason = reason
        self.summary = summary
        self.standings = standings
    }

    /// Why a game ended.
    public enum EndReason: String, Hashable, Codable, Sendable {
        /// Someone won by the rules of the game.
        case won
        /// Nobody won by the rules of the game.
        case draw
        /// Too few players remained after someone left.
        case playersLeft
        /// A turn or time limit ran out and the rules decided.
        case limitReached
    }
}
