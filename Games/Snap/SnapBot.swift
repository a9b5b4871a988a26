import PartyKit

/// A Snap! player: confirms the deal, turns its card after a short pause, and calls snap after a
/// human-like reaction time — occasionally when there is no match at all.
///
/// Its level sets the reaction time and the mistaken calls: `easy` reacts in 0.9–1.5 s and calls on
/// one table in ten without a match, `normal` in 0.5–0.9 s and one in thirty, `perfect` in 0.25–0.4 s
/// and never by mistake.
public struct SnapBot: GameBot {
    /// The game the bot plays.
    public typealias Rules = Snap

    /// The bot's seat.
    public let seat: SeatID
    /// Milliseconds from seeing a match to calling snap (a quick human needs about 400).
    public var reaction: ClosedRange<Int64> = 500...900
    /// Milliseconds from becoming active to turning the card.
    public var turnDelay: ClosedRange<Int64> = 300...900
    /// The chance of calling snap on a table with no match, per table.
    public var wrongCallChance = 0.03

    /// The bot's own randomness.
    var random: SeededRandom
    /// The pending confirmation of the deal.
    var confirm: Pending?
    /// The pending turn, keyed by the turn number it is for.
    var turn: Pending?
    /// The pending snap call, keyed by the table it names.
    var snap: Pending?
    /// The table the bot last looked at.
    var lastTable = -1
    /// Whether that table showed a match.
    var lastHadMatch = false

    /// A decision the bot keeps across views.
    struct Pending: Hashable, Sendable {
        /// The turn number or table it belongs to.
        var key: Int
        /// When to send it.
        var at: GameInstant
        /// Whether it has been handed to the driver (once its time passes, it was sent).
        var handedOut = false
        /// Whether it is over: sent, or dropped.
        var done = false
    }

    /// Creates a bot at `level` whose timings and wrong calls follow from `seed`.
    public init(seat: SeatID, seed: UInt64, level: BotLevel) {
        self.seat = seat
        random = SeededRandom(seed: seed ^ 0x5A5A_0F0F_3C3C_9696)
        switch level {
        case .easy:
            reaction = 900...1500
            wrongCallChance = 0.1
        case .normal:
            break
        case .perfect:
            reaction = 250...400
            wrongCallChance = 0
        }
    }

    /// The earliest of: confirming the deal, calling snap, turning the card.
    public mutating func plan(for view: SnapView, at now: GameInstant) -> BotPlan<SnapMove>? {
        guard view.outcome == nil, let me = view.mine, me.seat == seat.index, !me.gone else { return nil }
        var candidates: [(move: SnapMove, at: GameInstant, slot: WritableKeyPath<SnapBot, Pending?>)] = []
        switch view.phase {
        case .dealing:
            if !me.ready {
                if confirm == nil { confirm = Pending(key: 0, at: now.adding(milliseconds: draw(200...600))) }
                settle(\.confirm, now: now)
                if let pending = confirm, !pending.done { candidates.append((.confirmDeal, pending.at, \.confirm)) }
            }
        case .playing:
            if !me.out {
                settle(\.snap, now: now)
                considerSnap(view, now: now)
                if let pending = snap, !pending.done { candidates.append((.snap(seen: pending.key), pending.at, \.snap)) }
            }
            if view.active == seat.index {
                if turn?.key != view.turn {
                    var delay = draw(turnDelay)
                    if let left = view.turnMs, !view.paused { delay = max(0, min(delay, left - 250)) }
                    turn = Pending(key: view.turn, at: now.adding(milliseconds: delay))
                }
                settle(\.turn, now: now)
                if let pending = turn, !pending.done { candidates.append((.turn, pending.at, \.turn)) }
            }
        case .over:
            return nil
        }
        guard let first = candidates.min(by: { $0.at < $1.at }) else { return nil }
        self[keyPath: first.slot]?.handedOut = true
        return BotPlan(move: first.move, at: first.at)
    }

    /// Decides, once per table, whether and when to call snap.
    mutating func considerSnap(_ view: SnapView, now: GameInstant) {
        guard view.table != lastTable else { return }
        lastTable = view.table
        let previousHadMatch = lastHadMatch
        lastHadMatch = view.hasMatch
        if view.hasMatch {
            // The match continues from the previous table: the call already planned (or sent) covers it.
            if previousHadMatch, snap != nil { return }
            snap = Pending(key: view.table, at: now.adding(milliseconds: draw(reaction)))
        } else {
            // A call not yet sent is dropped; one already sent is over anyway.
            snap?.done = true
            if chance(wrongCallChance) {
                snap = Pending(key: view.table, at: now.adding(milliseconds: draw(reaction)))
            }
        }
    }

    /// Marks a pending decision as sent once its time has passed after it was handed out.
    mutating func settle(_ slot: WritableKeyPath<SnapBot, Pending?>, now: GameInstant) {
        if let pending = self[keyPath: slot], pending.handedOut, pending.at <= now {
            self[keyPath: slot]?.done = true
        }
    }

    /// A random number of milliseconds in `range`.
    mutating func draw(_ range: ClosedRange<Int64>) -> Int64 {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int64(random.next().multipliedFullWidth(by: span).high)
    }

    /// True with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool {
        Double(random.next() >> 11) / Double(1 << 53) < probability
    }
}
