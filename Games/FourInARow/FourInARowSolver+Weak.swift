/// Weak solving: whether a position is won, drawn or lost (not by how much), and a move that keeps
/// that value. Each answer takes null-window searches only, far cheaper than an exact score in the
/// opening (docs/PERFORMANCE.md, "The strategy book").
extension FourInARowSolver {
    /// Whether `position` (which must not be over) is won (1), drawn (0) or lost (-1) for the side
    /// to move, given that it is known to be at least `atLeast`; nil when the search needs more
    /// than `nodeLimit` positions or passes the deadline.
    public mutating func weakValue(_ position: FourInARowPosition, atLeast: Int = -1) -> Int? {
        aborted = false
        if position.canWinNext { return 1 }
        if atLeast >= 1 { return 1 }
        let limit = nodeLimit == .max ? Int.max : nodes &+ nodeLimit
        // At least 1 (a win)? Then, when that fails and nothing better is known, at least 0.
        let win = negamax(position, alpha: 0, beta: 1, limit: limit)
        if aborted { return nil }
        if win >= 1 { return 1 }
        if atLeast == 0 { return 0 }
        let draw = negamax(position, alpha: -1, beta: 0, limit: limit)
        if aborted { return nil }
        return draw >= 0 ? 0 : -1
    }

    /// A column (0-based) that keeps `position`'s weak `value` (1 won, 0 drawn, -1 lost): after it
    /// the other side's value is at most `-value`. Candidates are tried in `candidateColumns` order,
    /// one null-window search each. Nil when the search gives up (`aborted`) or, if the value was
    /// wrong, when no column keeps it. In a lost position it is the first candidate.
    public mutating func keepingMove(_ position: FourInARowPosition, value: Int) -> Int? {
        aborted = false
        let candidates = Self.candidateColumns(position)
        guard let first = candidates.first else { return nil }
        if position.isWinning(column: first) || value < 0 { return first }
        let limit = nodeLimit == .max ? Int.max : nodes &+ nodeLimit
        for column in candidates {
            var next = position
            next.play(column: column)
            if next.moves == FourInARowPosition.cells {
                if value <= 0 { return column }
                continue
            }
            // The other side's score is at most -value: a search in (-value, -value + 1) fails low.
            let reply = negamax(next, alpha: -value, beta: -value + 1, limit: limit)
            if aborted { return nil }
            if reply <= -value { return column }
        }
        return nil
    }

    /// The columns (0-based) worth trying in `position`, best-looking first: a winning column alone
    /// when there is one; otherwise the moves that do not lose at once, by the winning cells they
    /// create, centre first on ties; every playable column when all lose at once.
    public static func candidateColumns(_ position: FourInARowPosition) -> [Int] {
        let playable = columnOrder.filter { position.canPlay(column: $0) }
        if let win = playable.first(where: { position.isWinning(column: $0) }) { return [win] }
        let safe = position.nonLosingMoves
        guard safe != 0 else { return playable }
        let scored = playable.enumerated()
            .filter { safe & FourInARowPosition.columnMask($0.element) != 0 }
            .map { (rank: $0.offset, column: $0.element, order: position.moveScore(safe & FourInARowPosition.columnMask($0.element))) }
        return scored.sorted { $0.order != $1.order ? $0.order > $1.order : $0.rank < $1.rank }.map(\.column)
    }
}

extension FourInARowSolver {
    /// Whether `position` (which must not be over) is worth at least `value` (1 won, 0 drawn) for
    /// the side to move, by one null-window search; nil when the search gives up.
    public mutating func isAtLeast(_ position: FourInARowPosition, _ value: Int) -> Bool? {
        aborted = false
        if position.canWinNext { return true }
        let limit = nodeLimit == .max ? Int.max : nodes &+ nodeLimit
        let score = negamax(position, alpha: value - 1, beta: value, limit: limit)
        if aborted { return nil }
        return score >= value
    }
}
