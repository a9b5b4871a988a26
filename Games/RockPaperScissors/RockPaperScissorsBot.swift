import PartyKit

/// A computer player for Rock Paper Scissors: it sees only its own view, like a person's client.
///
/// Half the time it plays the shape that beats the one shown most in the last revealed round
/// (people often repeat themselves); otherwise it picks at random. It answers after a human-like
/// pause of 0.6–2.6 s, always well inside the round's time.
public struct RockPaperScissorsBot: GameBot {
    /// The game this bot plays.
    public typealias Rules = RockPaperScissors

    /// The shortest pause before choosing, in milliseconds.
    public static let minimumDelay: Int64 = 600
    /// The longest pause before choosing, in milliseconds.
    public static let maximumDelay: Int64 = 2600

    /// The seat the bot plays.
    public let seat: SeatID
    private var random: SeededRandom
    private var planned: (round: Int, plan: BotPlan<RockPaperScissorsMove>)?

    /// Creates a bot for `seat` whose choices and pauses are determined by `seed`.
    public init(seat: SeatID, seed: UInt64) {
        self.seat = seat
        random = SeededRandom(seed: seed)
        planned = nil
    }

    /// The shape to show and when; nil when the bot has nothing to choose.
    ///
    /// The driver calls this after every view and keeps only the latest plan, so another view of
    /// the same round returns the same plan (the bot neither changes its mind nor restarts its pause).
    public mutating func plan(for view: RockPaperScissorsView, at now: GameInstant) -> BotPlan<RockPaperScissorsMove>? {
        guard view.mayChoose(seat) else { return nil }
        if let planned, planned.round == view.round { return planned.plan }
        let shape = choose(after: view.last)
        let remaining = view.remainingMs ?? Self.maximumDelay
        let pause = Self.minimumDelay + Int64(random.next() % UInt64(Self.maximumDelay - Self.minimumDelay + 1))
        let delay = max(50, min(pause, remaining / 2))
        let plan = BotPlan(move: RockPaperScissorsMove(shape: shape), at: now.adding(milliseconds: delay))
        planned = (view.round, plan)
        return plan
    }

    /// The shape beating the others' most common shape in `last` (half the time), or a random one.
    private mutating func choose(after last: RockPaperScissorsView.Reveal?) -> Shape {
        let counts = Shape.allCases.map { shape in
            (shape, last?.picks.filter { $0.seat != seat && $0.shape == shape }.count ?? 0)
        }
        let guess = random.next() % 2 == 0
        if guess, let (common, count) = counts.max(by: { $0.1 < $1.1 }), count > 0,
           let counter = Shape.allCases.first(where: { $0.beats == common }) {
            return counter
        }
        return Shape.allCases[Int(random.next() % UInt64(Shape.allCases.count))]
    }
}
