import PartyKit

/// A computer player for Four in a Row that plays a real game.
///
/// It takes a win when it has one, blocks the opponent's immediate win, and otherwise searches a
/// few plies with alpha-beta pruning, choosing at random (from its seed) among equally good columns.
/// It answers after a short, human-like pause of 400–900 ms.
public struct FourInARowBot: GameBot {
    /// The game this bot plays.
    public typealias Rules = FourInARow

    /// How many plies the search looks ahead, its own move included.
    public static let searchDepth = 5
    /// The shortest pause before answering, in milliseconds.
    public static let minimumDelay: Int64 = 400
    /// The longest pause before answering, in milliseconds.
    public static let maximumDelay: Int64 = 900

    /// The seat the bot plays.
    public let seat: SeatID
    private var random: SeededRandom
    private var planned: (board: [String], plan: BotPlan<FourInARowMove>)?

    /// Creates a bot for `seat` whose choices and pauses are determined by `seed`.
    public init(seat: SeatID, seed: UInt64) {
        self.seat = seat
        random = SeededRandom(seed: seed)
        planned = nil
    }

    /// The column to drop into and when; nil when it is not the bot's turn or the game is over.
    ///
    /// A view of the same position again while the plan is still pending (sent because something
    /// else changed) keeps that plan, so the bot neither changes its mind nor restarts its pause. Once
    /// the plan was due, the same position means a new situation (a rematch), and the bot plans anew.
    public mutating func plan(for view: FourInARowView, at now: GameInstant) -> BotPlan<FourInARowMove>? {
        guard !view.isOver, view.turn == seat, let side = view.side(of: seat), let board = view.bitboard else {
            return nil
        }
        if let planned, planned.board == view.board, planned.plan.at > now { return planned.plan }
        guard let column = chooseColumn(mine: board.discs(of: side), theirs: board.discs(of: 1 - side)) else {
            return nil
        }
        let span = UInt64(Self.maximumDelay - Self.minimumDelay + 1)
        let delay = Self.minimumDelay + Int64(random.next() % span)
        let plan = BotPlan(move: FourInARowMove(column: column + 1), at: now.adding(milliseconds: delay))
        planned = (view.board, plan)
        return plan
    }

    /// The column (0-based) to play, or nil when the board is full.
    private mutating func chooseColumn(mine: UInt64, theirs: UInt64) -> Int? {
        let wins = FourInARowSearch.winningColumns(mine: mine, theirs: theirs)
        if !wins.isEmpty { return pick(wins) }
        // Block the opponent's immediate win (with two threats the game is lost anyway: block one).
        let threats = FourInARowSearch.winningColumns(mine: theirs, theirs: mine)
        if !threats.isEmpty { return pick(threats) }
        let scored = FourInARowSearch.scoreColumns(mine: mine, theirs: theirs, depth: Self.searchDepth)
        guard let best = scored.map(\.score).max() else { return nil }
        return pick(scored.filter { $0.score == best }.map(\.column))
    }

    /// One of `columns`, chosen with the bot's seeded randomness.
    private mutating func pick(_ columns: [Int]) -> Int {
        columns[Int(random.next() % UInt64(columns.count))]
    }
}
