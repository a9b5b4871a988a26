import PartyKit

/// A computer player for Four in a Row, at one of three levels.
///
/// - `normal` (the default) takes a win when it has one, blocks the opponent's immediate win, and
///   otherwise searches a few plies with alpha-beta pruning, choosing at random (from its seed)
///   among equally good columns. A casual player beats it now and then.
/// - `easy` looks two plies ahead, and one move in four drops into a random column instead.
/// - `perfect` plays a move that keeps the position's value (a win stays a win, a draw a draw): in
///   the opening book where it has the position (exact, at once), then from the strategy book (at
///   once, or with a short proven search where that book leaves it to the solver), then from
///   `FourInARowSolver`: the
///   exact best move (fastest win, slowest loss) when it is found in a quarter of `thinkingLimit`,
///   else a weakly solved value-keeping move. Outside both books, a position whose search takes
///   longer than `thinkingLimit` (see docs/PERFORMANCE.md) falls back to an 8-ply search.
///
/// It answers after a human-like pause of 400–900 ms from the moment it saw the position; the time it
/// spends thinking is inside that pause (when thinking takes longer, it answers as soon as it is done).
public struct FourInARowBot: GameBot {
    /// The game this bot plays.
    public typealias Rules = FourInARow

    /// How many plies the `normal` search looks ahead, its own move included.
    public static let searchDepth = 5
    /// How many plies the `easy` search looks ahead.
    public static let easyDepth = 2
    /// How many plies the `perfect` level searches when the solver gives up.
    public static let fallbackDepth = 8
    /// The chance, in percent, that the `easy` bot drops into a random column, wins and blocks missed.
    public static let easyBlunderPercent: UInt64 = 25
    /// The shortest pause before answering, in milliseconds.
    public static let minimumDelay: Int64 = 400
    /// The longest pause before answering, in milliseconds.
    public static let maximumDelay: Int64 = 900

    /// The seat the bot plays.
    public let seat: SeatID
    /// How well it plays.
    public let level: BotLevel
    /// The longest the `perfect` level's solver thinks about one move before it falls back to a
    /// `fallbackDepth`-ply search; nil for no limit.
    public var thinkingLimit: Duration? = .seconds(2)
    /// The most positions the `perfect` level's solver searches for one move before it falls back.
    public var solverNodeLimit = Int.max
    /// The book the `perfect` level plays from where it can: the process's checked-in book.
    public var openingBook = FourInARowOpeningBook.shared
    /// The strategy book the `perfect` level plays from where the opening book has no move: the
    /// process's checked-in book.
    public var strategyBook = FourInARowStrategyBook.shared
    private var random: SeededRandom
    private var planned: (board: [String], plan: BotPlan<FourInARowMove>)?

    /// Creates a bot for `seat` playing at `level`, whose choices and pauses are determined by `seed`.
    public init(seat: SeatID, seed: UInt64, level: BotLevel) {
        self.seat = seat
        self.level = level
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
        switch level {
        case .easy:
            let open = (0..<FourInARowBoard.columns).filter { FourInARowSearch.dropBit(mine | theirs, column: $0) != nil }
            let blunder = random.next() % 100 < Self.easyBlunderPercent
            if blunder, !open.isEmpty { return pick(open) }
            return searchColumn(mine: mine, theirs: theirs, depth: Self.easyDepth)
        case .normal:
            return searchColumn(mine: mine, theirs: theirs, depth: Self.searchDepth)
        case .perfect:
            let position = FourInARowPosition(mine: mine, theirs: theirs)
            if let column = perfectColumn(position) { return column }
            return searchColumn(mine: mine, theirs: theirs, depth: Self.fallbackDepth)
        }
    }

    /// The best column of a `depth`-ply search, after taking a win and blocking a threat.
    private mutating func searchColumn(mine: UInt64, theirs: UInt64, depth: Int) -> Int? {
        let wins = FourInARowSearch.winningColumns(mine: mine, theirs: theirs)
        if !wins.isEmpty { return pick(wins) }
        // Block the opponent's immediate win (with two threats the game is lost anyway: block one).
        let threats = FourInARowSearch.winningColumns(mine: theirs, theirs: mine)
        if !threats.isEmpty { return pick(threats) }
        let scored = FourInARowSearch.scoreColumns(mine: mine, theirs: theirs, depth: depth)
        guard let best = scored.map(\.score).max() else { return nil }
        return pick(scored.filter { $0.score == best }.map(\.column))
    }

    /// One of `columns`, chosen with the bot's seeded randomness.
    private mutating func pick(_ columns: [Int]) -> Int {
        columns[Int(random.next() % UInt64(columns.count))]
    }
}
