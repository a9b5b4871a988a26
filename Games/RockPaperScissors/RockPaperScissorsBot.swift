import PartyKit

/// A computer player for RockPaperScissors: it sees only its own view, like a person's client.
///
/// It tries to leave a multiple of 4 to go (the winning strategy with two players) and otherwise
/// adds a random legal amount, after a human-like pause of 500–1200 ms.
public struct RockPaperScissorsBot: GameBot {
    /// The game this bot plays.
    public typealias Rules = RockPaperScissors

    /// The shortest pause before answering, in milliseconds.
    public static let minimumDelay: Int64 = 500
    /// The longest pause before answering, in milliseconds.
    public static let maximumDelay: Int64 = 1200

    /// The seat the bot plays.
    public let seat: SeatID
    private var random: SeededRandom
    private var planned: (total: Int, plan: BotPlan<RockPaperScissorsMove>)?

    /// Creates a bot for `seat` whose choices and pauses are determined by `seed`.
    public init(seat: SeatID, seed: UInt64) {
        self.seat = seat
        random = SeededRandom(seed: seed)
        planned = nil
    }

    /// The amount to add and when; nil when it is not the bot's turn.
    ///
    /// The driver calls this after every view and keeps only the latest plan, so a view of the same
    /// position while the plan is still pending returns that plan again (no restarted pause).
    public mutating func plan(for view: RockPaperScissorsView, at now: GameInstant) -> BotPlan<RockPaperScissorsMove>? {
        let amounts = view.legalAmounts(for: seat)
        guard !amounts.isEmpty else { return nil }
        if let planned, planned.total == view.total, planned.plan.at > now { return planned.plan }
        let winning = amounts.first { (view.target - view.total - $0) % 4 == 0 }
        let amount = winning ?? amounts[Int(random.next() % UInt64(amounts.count))]
        let delay = Self.minimumDelay + Int64(random.next() % UInt64(Self.maximumDelay - Self.minimumDelay + 1))
        let plan = BotPlan(move: RockPaperScissorsMove(amount: amount), at: now.adding(milliseconds: delay))
        planned = (view.total, plan)
        return plan
    }
}
