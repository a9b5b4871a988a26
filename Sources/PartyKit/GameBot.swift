/// A computer player: chooses moves from the same view a person's client gets, nothing more.
///
/// Bots are stateful values (a TwentyFour bot remembers when it meant to answer), free of any
/// network or terminal code; the client runs them and sends what they plan when it is due.
public protocol GameBot: Sendable {
    /// The game this bot plays.
    associatedtype Rules: GameRules

    /// Creates a bot for `seat` that plays at `level`, its choices determined by `seed`.
    init(seat: SeatID, seed: UInt64, level: BotLevel)

    /// Given the latest view at local time `now`, the move to send and when; nil to wait for the next view.
    ///
    /// The driver calls this after every view and keeps only the latest plan, so a bot that wants
    /// to keep a decision across updates must remember it itself.
    mutating func plan(for view: Rules.View, at now: GameInstant) -> BotPlan<Rules.Move>?
}

extension GameBot {
    /// Creates a bot for `seat` at the default level, its choices determined by `seed`.
    public init(seat: SeatID, seed: UInt64) {
        self.init(seat: seat, seed: seed, level: .standard)
    }
}

/// A move a bot wants to send, and the local instant at which to send it.
public struct BotPlan<Move: Sendable & Hashable>: Hashable, Sendable {
    /// The move.
    public var move: Move
    /// When to send it, on the bot's local clock.
    public var at: GameInstant

    /// Creates a plan.
    public init(move: Move, at: GameInstant) {
        self.move = move
        self.at = at
    }
}
