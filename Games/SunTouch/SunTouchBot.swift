import PartyKit

/// A SunTouch computer player: tosses at once, then strikes unexplored ground at a human pace.
///
/// Every strike disc, once grown, holds no uncaptured sun (any sun inside was reached by that strike
/// or an earlier one), so the bot remembers every disc it has seen as explored and aims where the
/// most unexplored area is. It waits out its cooldown plus a human reaction time.
///
/// Its level sets aim and timing: `easy` strikes narrow (radius 0.05–0.08), weighs 16 loosely aimed
/// spots and pauses 1.2–2.5 s; `normal` strikes at 0.08–0.12, weighs 400 spots and pauses 0.5–1.4 s;
/// `perfect` strikes wide (0.15–0.19), aims precisely at 400 spots and pauses 0.15–0.4 s.
public struct SunTouchBot: GameBot {
    /// The game this bot plays.
    public typealias Rules = SunTouch

    /// Cells per side of the bot's map of explored ground.
    static let mapSize = 40
    /// The radii the bot picks from, per level: the cooldown grows with the radius and the area with
    /// its square, so wide strikes search faster and the better bots strike wider.
    static func radii(_ level: BotLevel) -> ClosedRange<Double> {
        switch level {
        case .easy: 0.05...0.08
        case .normal: 0.08...0.12
        case .perfect: 0.15...0.19
        }
    }
    /// A human's pause after the cooldown ends, in milliseconds, per level.
    static func thinking(_ level: BotLevel) -> ClosedRange<Int64> {
        switch level {
        case .easy: 1200...2500
        case .normal: 500...1400
        case .perfect: 150...400
        }
    }
    /// Spots per side of the grid the bot weighs, per level.
    static func gridSteps(_ level: BotLevel) -> Int { level == .easy ? 4 : 20 }
    /// How far, as a fraction of the field, the bot's aim wanders from a grid spot, per level.
    static func aimNoise(_ level: BotLevel) -> Double {
        switch level {
        case .easy: 0.12
        case .normal: 0.02
        case .perfect: 0.005
        }
    }

    /// The bot's seat.
    let seat: SeatID
    /// How well it aims and how quickly it strikes.
    let level: BotLevel
    /// The bot's own randomness.
    var random: SeededRandom
    /// Per map cell, row by row: whether a strike disc covered it.
    var explored: [Bool]
    /// The highest strike number folded into the map.
    var seenStrike = -1
    /// The highest strike number of the bot's own.
    var ownStrike = -1
    /// The next strike, once chosen.
    var target: SunTouchMove?
    /// When to send it, on the bot's local clock.
    var sendAt: GameInstant?

    /// Creates a bot for `seat` playing at `level`.
    public init(seat: SeatID, seed: UInt64, level: BotLevel) {
        self.seat = seat
        self.level = level
        random = SeededRandom(seed: seed)
        explored = Array(repeating: false, count: Self.mapSize * Self.mapSize)
    }

    /// The toss right away; during play, the next strike when cooldown and thinking time are over.
    public mutating func plan(for view: SunTouchView, at now: GameInstant) -> BotPlan<SunTouchMove>? {
        guard let me = view.player(seat) else { return nil }
        if view.paused {
            // Take a fresh look once the game resumes instead of striking the instant it does.
            sendAt = nil
            return nil
        }
        switch view.phase {
        case .over:
            return nil
        case .toss:
            guard !me.tossed else { return nil }
            return BotPlan(move: .toss(UInt32(truncatingIfNeeded: random.next())), at: now)
        case .playing:
            let mapChanged = absorb(view.strikes)
            if let newest = view.strikes.last(where: { $0.seat == seat }), newest.n > ownStrike {
                ownStrike = newest.n
                sendAt = nil
                target = nil
            }
            let ready = now.adding(milliseconds: me.cool)
            if let planned = sendAt {
                sendAt = max(planned, ready)
            } else {
                sendAt = ready.adding(milliseconds: Int64.random(in: Self.thinking(level), using: &random))
            }
            if target == nil || mapChanged { target = chooseStrike() }
            guard let target, let sendAt else { return nil }
            return BotPlan(move: target, at: sendAt)
        }
    }

    /// Marks the discs of strikes not seen before as explored; whether anything changed.
    mutating func absorb(_ strikes: [SunTouchView.Strike]) -> Bool {
        var changed = false
        for strike in strikes where strike.n > seenStrike {
            seenStrike = strike.n
            changed = true
            forEachCell(near: strike.x, strike.y, radius: strike.r) { explored[$0] = true }
        }
        return changed
    }

    /// The strike covering the most unexplored ground, with a radius from `radii`.
    mutating func chooseStrike() -> SunTouchMove {
        let radius = Double.random(in: Self.radii(level), using: &random)
        let steps = Self.gridSteps(level)
        let noise = Self.aimNoise(level)
        var best: (score: Double, x: Double, y: Double)?
        for row in 0..<steps {
            for column in 0..<steps {
                let x = ((Double(column) + 0.5) / Double(steps) + Double.random(in: -noise...noise, using: &random)).clamped(to: 0...1)
                let y = ((Double(row) + 0.5) / Double(steps) + Double.random(in: -noise...noise, using: &random)).clamped(to: 0...1)
                let score = Double(unexploredCells(near: x, y, radius: radius)) + Double.random(in: 0..<0.5, using: &random)
                if best.map({ score > $0.score }) ?? true { best = (score, x, y) }
            }
        }
        guard let best, best.score >= 1 else {
            // Everything is explored at the map's resolution: sweep a random spot for the slivers.
            return .strike(x: Double.random(in: 0...1, using: &random), y: Double.random(in: 0...1, using: &random), radius: radius)
        }
        return .strike(x: best.x, y: best.y, radius: radius)
    }

    /// How many unexplored map cells lie within `radius` of (`x`, `y`).
    func unexploredCells(near x: Double, _ y: Double, radius: Double) -> Int {
        var count = 0
        forEachCell(near: x, y, radius: radius) { if !explored[$0] { count += 1 } }
        return count
    }

    /// Calls `body` with the index of every map cell whose centre lies within `radius` of (`x`, `y`).
    func forEachCell(near x: Double, _ y: Double, radius: Double, _ body: (Int) -> Void) {
        let size = Double(Self.mapSize)
        let low = { (value: Double) in max(0, Int(((value - radius) * size).rounded(.down))) }
        let high = { (value: Double) in min(Self.mapSize - 1, Int(((value + radius) * size).rounded(.up))) }
        guard x.isFinite, y.isFinite, low(y) <= high(y), low(x) <= high(x) else { return }
        for row in low(y)...high(y) {
            for column in low(x)...high(x) {
                let dx = (Double(column) + 0.5) / size - x
                let dy = (Double(row) + 0.5) / size - y
                if dx * dx + dy * dy <= radius * radius { body(row * Self.mapSize + column) }
            }
        }
    }
}
