/// The `perfect` level's choice of column.
extension FourInARowBot {
    /// The column (0-based) the perfect level plays in `position`, or nil when its search gave up
    /// (then the bot falls back to an 8-ply search; never inside the strategy book's reach).
    func perfectColumn(_ position: FourInARowPosition) -> Int? {
        // The exact book first where it has the position: its move keeps the exact value (a
        // strategy move only the weak one), and the positions after it stay in the exact book.
        if let move = openingBook?.bestMove(position) { return move.column }
        let entry = strategyBook?.entry(for: position)
        if let column = entry?.column { return column }
        // At the opening book's last ply the score is known: the solver only looks for a move that keeps it.
        let known = openingBook?.score(of: position)
        let limit = solverNodeLimit
        let start = ContinuousClock.now
        let deadline = thinkingLimit.map { start + $0 }
        return FourInARowTablePool.shared.withTable { table in
            var solver = FourInARowSolver(table: table, nodeLimit: limit)
            if let entry {
                // The book proved the value and that this search is short (a few million positions
                // from an empty table), so no deadline: the value is never left to the fallback.
                if entry.value < 0 {
                    solver.deadline = deadline
                    if let slowest = solver.bestMove(position) { return slowest.column }
                    solver.deadline = nil
                }
                return solver.keepingMove(position, value: entry.value)
            }
            if let known {
                solver.deadline = deadline
                return solver.bestMove(position, knownScore: known)?.column
            }
            // The exact best move when it comes quickly (deep positions), else a weak proof.
            solver.deadline = thinkingLimit.map { start + $0 / 4 }
            if let exact = solver.bestMove(position) { return exact.column }
            solver.deadline = deadline
            guard let value = solver.weakValue(position) else { return nil }
            return solver.keepingMove(position, value: value)
        }
    }
}
