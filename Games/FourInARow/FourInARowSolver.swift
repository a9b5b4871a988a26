/// An exact Connect Four solver: negamax with alpha-beta pruning over bitboards, a transposition
/// table, threat-based move ordering and a null-window search that narrows the score.
///
/// It follows the approach of Pascal Pons' "Solving Connect Four" articles. A score is from the
/// side to move's point of view: positive when it wins, by one more than the discs it has left
/// when it drops its winning one (so faster wins score higher), 0 for a draw, negative when it loses.
public struct FourInARowSolver {
    /// The lowest score a position can have.
    public static let minScore = -(FourInARowPosition.cells / 2) + 3
    /// The highest score a position can have.
    public static let maxScore = (FourInARowPosition.cells + 1) / 2 - 3
    /// Columns in the order they are tried when their scores tie: centre first.
    static let columnOrder = [3, 2, 4, 1, 5, 0, 6]

    /// The table of bounds learnt so far.
    public let table: FourInARowTable
    /// Positions searched since the solver was made.
    public private(set) var nodes = 0
    /// The most positions one call may search before it gives up (returning nil).
    public var nodeLimit: Int
    /// When a call gives up (returning nil), whatever it has searched; nil for no time limit.
    public var deadline: ContinuousClock.Instant?
    /// Whether the last search gave up (node limit or deadline).
    var aborted = false

    /// A solver using `table` and searching at most `nodeLimit` positions per call.
    public init(table: FourInARowTable, nodeLimit: Int = .max) {
        self.table = table
        self.nodeLimit = nodeLimit
    }

    /// The exact score of `position` (which must not be over), or nil when it needs more than
    /// `nodeLimit` positions.
    public mutating func solve(_ position: FourInARowPosition) -> Int? {
        aborted = false
        let start = nodes
        return solve(position, startingAt: start)
    }

    /// The exact score of playing each column (0-based) of `position`, nil for a full column; nil as
    /// a whole when the search needs more than `nodeLimit` positions.
    public mutating func analyze(_ position: FourInARowPosition) -> [Int?]? {
        aborted = false
        let start = nodes
        var scores = [Int?](repeating: nil, count: 7)
        for column in 0..<7 where position.canPlay(column: column) {
            if position.isWinning(column: column) {
                scores[column] = (FourInARowPosition.cells + 1 - position.moves) / 2
            } else {
                var next = position
                next.play(column: column)
                guard let score = solve(next, startingAt: start) else { return nil }
                scores[column] = -score
            }
        }
        return scores
    }

    /// The columns (0-based) that keep `position`'s exact value: a win as fast as possible, a draw,
    /// or the slowest loss. Nil when the search needs more than `nodeLimit` positions.
    public mutating func bestColumns(_ position: FourInARowPosition) -> [Int]? {
        guard let scores = analyze(position), let best = scores.compactMap({ $0 }).max() else { return nil }
        return (0..<7).filter { scores[$0] == best }
    }

    /// A column (0-based) that keeps `position`'s exact value, with that value; nil when the board
    /// is full or the search needs more than `nodeLimit` positions.
    ///
    /// Cheaper than `bestColumns`: it solves the position once (unless given its `knownScore`, from
    /// the opening book), then checks the moves (best-looking first) with one null-window search
    /// each until one reaches the score.
    public mutating func bestMove(_ position: FourInARowPosition, knownScore: Int? = nil) -> (column: Int, score: Int)? {
        aborted = false
        let start = nodes
        let cells = FourInARowPosition.cells
        let playable = Self.columnOrder.filter { position.canPlay(column: $0) }
        if let win = playable.first(where: { position.isWinning(column: $0) }) {
            return (win, (cells + 1 - position.moves) / 2)
        }
        guard let score = knownScore ?? solve(position, startingAt: start) else { return nil }
        let safe = position.nonLosingMoves
        // Every move loses at once: any column is as good as another.
        guard safe != 0 else { return playable.first.map { ($0, score) } }
        let candidates = playable
            .filter { safe & FourInARowPosition.columnMask($0) != 0 }
            .map { column -> (column: Int, order: Int) in
                (column, position.moveScore(safe & FourInARowPosition.columnMask(column)))
            }
            .sorted { $0.order > $1.order }
        let limit = nodeLimit == .max ? Int.max : start &+ nodeLimit
        for candidate in candidates {
            var next = position
            next.play(column: candidate.column)
            if next.moves == cells { return (candidate.column, 0) }
            // The reply's score is at least -score; the move keeps the value when it is at most that.
            let reply = negamax(next, alpha: -score, beta: -score + 1, limit: limit)
            if aborted { return nil }
            if reply <= -score { return (candidate.column, score) }
        }
        return nil
    }

    /// Whether `position` (which must not be over) is won (1), drawn (0) or lost (-1) for the side
    /// to move, found with at most two null-window searches; nil when it needs more than `nodeLimit`
    /// positions. Cheaper than `solve`, which also finds how fast.
    public mutating func outcome(_ position: FourInARowPosition) -> Int? {
        aborted = false
        if position.canWinNext { return 1 }
        let limit = nodeLimit == .max ? Int.max : nodes &+ nodeLimit
        let first = negamax(position, alpha: 0, beta: 1, limit: limit)
        if aborted { return nil }
        if first > 0 { return 1 }
        let second = negamax(position, alpha: -1, beta: 0, limit: limit)
        if aborted { return nil }
        return second < 0 ? -1 : 0
    }

    private mutating func solve(_ position: FourInARowPosition, startingAt start: Int) -> Int? {
        let cells = FourInARowPosition.cells
        if position.canWinNext { return (cells + 1 - position.moves) / 2 }
        var low = -(cells - position.moves) / 2
        var high = (cells + 1 - position.moves) / 2
        // Null-window searches halve [low, high] until it holds one score, trying near 0 first
        // (most positions are close to a draw) .
        while low < high {
            var middle = low + (high - low) / 2
            if middle <= 0, low / 2 < middle {
                middle = low / 2
            } else if middle >= 0, high / 2 > middle {
                middle = high / 2
            }
            let limit = nodeLimit == .max ? Int.max : start &+ nodeLimit
            let score = negamax(position, alpha: middle, beta: middle + 1, limit: limit)
            if aborted { return nil }
            if score <= middle { high = score } else { low = score }
        }
        return low
    }

    /// The score of `position` if it lies in (alpha, beta); otherwise a bound on the same side.
    /// The side to move must not have an immediate win.
    mutating func negamax(_ position: FourInARowPosition, alpha: Int, beta: Int, limit: Int) -> Int {
        var alpha = alpha
        var beta = beta
        nodes &+= 1
        if nodes >= limit || (nodes & 0x3FFF == 0 && deadline.map { ContinuousClock.now >= $0 } == true) {
            aborted = true
            return 0
        }
        let cells = FourInARowPosition.cells
        let moves = position.nonLosingMoves
        if moves == 0 { return -(cells - position.moves) / 2 }
        if position.moves >= cells - 2 { return 0 }

        let lowest = -(cells - 2 - position.moves) / 2
        if alpha < lowest {
            alpha = lowest
            if alpha >= beta { return alpha }
        }
        var highest = (cells - 1 - position.moves) / 2
        let key = position.key
        let stored = Int(table.get(key))
        if stored != 0 {
            if stored > Self.maxScore - Self.minScore + 1 {
                let bound = stored + 2 * Self.minScore - Self.maxScore - 2
                if alpha < bound {
                    alpha = bound
                    if alpha >= beta { return alpha }
                }
            } else {
                highest = stored + Self.minScore - 1
            }
        }
        if beta > highest {
            beta = highest
            if alpha >= beta { return beta }
        }

        // Order the moves by the winning cells each creates (centre first on ties): a small
        // insertion sort on the stack, tried from the end.
        return withUnsafeTemporaryAllocation(of: (move: UInt64, score: Int).self, capacity: 7) { sorted in
            var count = 0
            // Centre first (3, 2, 4, 1, 5, 0, 6), added last-to-first: ties go to the last added.
            for rank in stride(from: 6, through: 0, by: -1) {
                let column = 3 + (1 - 2 * (rank % 2)) * (rank + 1) / 2
                let move = moves & FourInARowPosition.columnMask(column)
                guard move != 0 else { continue }
                let score = position.moveScore(move)
                var slot = count
                while slot > 0, sorted[slot - 1].score > score {
                    sorted[slot] = sorted[slot - 1]
                    slot -= 1
                }
                sorted[slot] = (move, score)
                count += 1
            }
            while count > 0 {
                count -= 1
                var next = position
                next.play(move: sorted[count].move)
                let score = -negamax(next, alpha: -beta, beta: -alpha, limit: limit)
                if aborted { return 0 }
                if score >= beta {
                    table.put(key, UInt8(score + Self.maxScore - 2 * Self.minScore + 2))
                    return score
                }
                if score > alpha { alpha = score }
            }
            table.put(key, UInt8(alpha - Self.minScore + 1))
            return alpha
        }
    }
}
