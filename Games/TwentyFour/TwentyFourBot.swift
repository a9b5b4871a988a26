import PartyKit

/// A TwentyFour player that solves the challenge after a human-like delay and sometimes gives up.
///
/// The delay grows for sets with few solutions and varies per bot (its seed sets a personal pace)
/// and per round. On hard sets it sometimes gives up instead. Its level sets its pace: `easy` is
/// slow and gives up on most hard sets, `normal` is an ordinary party guest, `perfect` answers
/// three times as fast and never gives up. It never answers outside a round it
/// plays in, and never plans an answer after the round's end as the view reports it.
public struct TwentyFourBot: GameBot {
    public typealias Rules = TwentyFour

    /// How quickly bots answer overall.
    public struct Pace: Hashable, Sendable {
        /// Multiplies every delay: 1 is an ordinary party guest, 0.5 twice as fast.
        public var scale: Double
        /// The chance (0...1) of giving up on a hard set (three or fewer solutions).
        public var giveUpChance: Double

        /// Creates a pace.
        public init(scale: Double = 1, giveUpChance: Double = 0.35) {
            self.scale = max(0.01, scale)
            self.giveUpChance = min(max(giveUpChance, 0), 1)
        }

        /// The pace of a bot at `level`.
        public init(level: BotLevel) {
            switch level {
            case .easy: self.init(scale: 1.8, giveUpChance: 0.75)
            case .normal: self.init()
            case .perfect: self.init(scale: 0.33, giveUpChance: 0)
            }
        }
    }

    /// A set with at most this many solutions counts as hard.
    public static let hardSolutionCount = 3

    /// The bot's seat.
    public let seat: SeatID
    private let seed: UInt64
    private let pace: Pace
    /// This bot's personal speed, 0.7 (quick) to 1.4 (slow), from its seed.
    public let speed: Double
    private var decision: Decision?

    private struct Decision: Hashable, Sendable {
        var round: Int
        var plan: BotPlan<TwentyFourMove>?
    }

    /// A bot with the pace of `level`.
    public init(seat: SeatID, seed: UInt64, level: BotLevel) {
        self.init(seat: seat, seed: seed, pace: Pace(level: level))
    }

    /// A bot with a chosen pace (for `--bots` with a speed, and for tests).
    public init(seat: SeatID, seed: UInt64, pace: Pace) {
        self.seat = seat
        self.seed = seed
        self.pace = pace
        var random = SeededRandom(seed: seed)
        speed = 0.7 + Double(random.next() % 701) / 1000
    }

    public mutating func plan(for view: TwentyFourView, at now: GameInstant) -> BotPlan<TwentyFourMove>? {
        guard view.canAnswer, view.numbers.count == 4 else {
            decision = nil
            return nil
        }
        if let decision, decision.round == view.round { return decision.plan }
        let plan = decide(view, at: now)
        decision = Decision(round: view.round, plan: plan)
        return plan
    }

    /// The delay in milliseconds this bot would take on a set with `solutionCount` solutions in `round`.
    public func thinkingMilliseconds(solutionCount: Int, round: Int) -> Int64 {
        var random = roundRandom(round)
        return thinking(solutionCount: solutionCount, random: &random)
    }

    private func decide(_ view: TwentyFourView, at now: GameInstant) -> BotPlan<TwentyFourMove>? {
        let analysis = TwentyFourSolver.analyze(view.numbers)
        guard let solution = analysis.solution else { return BotPlan(move: .giveUp, at: now.adding(seconds: 2)) }
        var random = roundRandom(view.round)
        let delay = thinking(solutionCount: analysis.solutionCount, random: &random)
        let latest = view.remainingMs - 500
        let roll = Double(random.next() % 1000) / 1000
        if analysis.solutionCount <= Self.hardSolutionCount, roll < pace.giveUpChance {
            let fraction = 0.4 + Double(random.next() % 500) / 1000
            let at = Int64(Double(min(delay, max(latest, 0))) * fraction)
            return BotPlan(move: .giveUp, at: now.adding(milliseconds: at))
        }
        guard delay < latest else { return nil }
        return BotPlan(move: .submit(expression: solution.description), at: now.adding(milliseconds: delay))
    }

    private func thinking(solutionCount: Int, random: inout SeededRandom) -> Int64 {
        let count = Double(max(solutionCount, 1))
        let jitter = 0.7 + Double(random.next() % 601) / 1000
        let seconds = (3 + 30 / count.squareRoot()) * speed * jitter * pace.scale
        return Int64(seconds * 1000)
    }

    private func roundRandom(_ round: Int) -> SeededRandom {
        SeededRandom(seed: seed ^ (UInt64(truncatingIfNeeded: round) &* 0x9E37_79B9_7F4A_7C15))
    }
}
