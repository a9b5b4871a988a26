import PartyKit

/// A computer player for Rock Paper Scissors: it sees only its own view, like a person's client.
///
/// Its level decides how it picks:
/// - `easy` plays like a beginner: it shows its previous shape again three times in five, otherwise
///   a random one (a pattern others can read).
/// - `normal` (the default), half the time, plays the shape that beats the one shown most in the last
///   revealed round (people often repeat themselves); otherwise it picks at random.
/// - `perfect` reads patterns: it counts, over the game, what each other player showed after each of
///   their own shapes and after each of its own, predicts their next shape from the clearer of the two
///   patterns and beats it; random while it has seen too little.
///
/// It answers after a human-like pause of 0.6–2.6 s, always well inside the round's time.
public struct RockPaperScissorsBot: GameBot {
    /// The game this bot plays.
    public typealias Rules = RockPaperScissors

    /// The shortest pause before choosing, in milliseconds.
    public static let minimumDelay: Int64 = 600
    /// The longest pause before choosing, in milliseconds.
    public static let maximumDelay: Int64 = 2600
    /// How often, in fifths, the `easy` bot repeats its previous shape.
    public static let easyRepeatFifths: UInt64 = 3

    /// The seat the bot plays.
    public let seat: SeatID
    /// How it picks its shape.
    public let level: BotLevel
    private var random: SeededRandom
    private var planned: (round: Int, plan: BotPlan<RockPaperScissorsMove>)?
    /// The shape it showed in the last revealed round.
    private var previous: Shape?
    /// The highest round whose reveal was counted.
    private var counted = 0
    /// What the others showed after each of their own shapes: `[their previous][their next]`.
    private var afterTheirs = Array(repeating: Array(repeating: 0, count: 3), count: 3)
    /// What the others showed after each of the bot's shapes: `[its previous][their next]`.
    private var afterMine = Array(repeating: Array(repeating: 0, count: 3), count: 3)
    /// Each other player's shape in the last revealed round.
    private var theirLast: [SeatID: Shape] = [:]

    /// Creates a bot for `seat` playing at `level`, whose choices and pauses are determined by `seed`.
    public init(seat: SeatID, seed: UInt64, level: BotLevel) {
        self.seat = seat
        self.level = level
        random = SeededRandom(seed: seed)
        planned = nil
    }

    /// The shape to show and when; nil when the bot has nothing to choose.
    ///
    /// The driver calls this after every view and keeps only the latest plan, so another view of
    /// the same round returns the same plan (the bot neither changes its mind nor restarts its pause).
    public mutating func plan(for view: RockPaperScissorsView, at now: GameInstant) -> BotPlan<RockPaperScissorsMove>? {
        if let last = view.last { learn(from: last) }
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

    /// Counts a reveal not seen before into the patterns.
    private mutating func learn(from reveal: RockPaperScissorsView.Reveal) {
        guard reveal.round > counted else { return }
        counted = reveal.round
        let mine = reveal.picks.first { $0.seat == seat }?.shape
        for pick in reveal.picks where pick.seat != seat {
            guard let next = pick.shape else { continue }
            if let before = theirLast[pick.seat] { afterTheirs[before.index][next.index] += 1 }
            if let previous { afterMine[previous.index][next.index] += 1 }
            theirLast[pick.seat] = next
        }
        previous = mine
    }

    /// The shape for the next round.
    private mutating func choose(after last: RockPaperScissorsView.Reveal?) -> Shape {
        switch level {
        case .easy:
            if let previous, random.next() % 5 < Self.easyRepeatFifths { return previous }
        case .normal:
            let counts = Shape.allCases.map { shape in
                (shape, last?.picks.filter { $0.seat != seat && $0.shape == shape }.count ?? 0)
            }
            if random.next() % 2 == 0, let (common, count) = counts.max(by: { $0.1 < $1.1 }), count > 0 {
                return common.counter
            }
        case .perfect:
            if let predicted = prediction() { return predicted.counter }
        }
        return Shape.allCases[Int(random.next() % UInt64(Shape.allCases.count))]
    }

    /// The others' likeliest next shape by the clearer of the two patterns; nil with too little seen.
    private func prediction() -> Shape? {
        var votes = [0, 0, 0]
        var strongest = 0
        var rows: [[Int]] = theirLast.values.map { afterTheirs[$0.index] }
        if let previous { rows.append(afterMine[previous.index]) }
        for row in rows {
            let total = row.reduce(0, +)
            guard let top = row.max(), total > 0 else { continue }
            // How far the likeliest shape stands out from the others.
            let margin = 2 * top - total
            if margin > strongest {
                strongest = margin
                votes = row
            }
        }
        guard strongest > 0, let top = votes.max(), let index = votes.firstIndex(of: top) else { return nil }
        return Shape.allCases[index]
    }
}

extension Shape {
    /// The shape's place in `allCases`.
    fileprivate var index: Int { Shape.allCases.firstIndex(of: self)! }

    /// The shape that beats this one.
    fileprivate var counter: Shape { Shape.allCases.first { $0.beats == self }! }
}
