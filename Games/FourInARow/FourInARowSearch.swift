import PartyKit

/// A small negamax search with alpha-beta pruning over bitboards, used by `FourInARowBot`.
///
/// Scores are from the point of view of the side to move: a win found `n` plies earlier scores
/// higher than a later one, and quiet positions are scored by counting open lines of four.
struct FourInARowSearch {
    /// The score of a win at the search horizon; faster wins add the remaining depth.
    static let winScore = 1_000_000
    /// Above any reachable score.
    static let infinity = 10_000_000
    /// Columns (0-based) in the order they are tried: the centre first prunes best.
    static let columnOrder = [3, 2, 4, 1, 5, 0, 6]
    /// What a line of four holding 0…3 discs of one side and none of the other is worth.
    static let lineWeights = [0, 1, 5, 40]
    /// Every line of four cells on the board (69 of them), as bit masks.
    static let lines: [UInt64] = {
        var lines: [UInt64] = []
        for column in 0..<FourInARowBoard.columns {
            for row in 0..<FourInARowBoard.rows {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    let endColumn = column + 3 * dc
                    let endRow = row + 3 * dr
                    guard endColumn < FourInARowBoard.columns, (0..<FourInARowBoard.rows).contains(endRow) else {
                        continue
                    }
                    lines.append((0..<4).reduce(0) {
                        $0 | FourInARowBoard.bit(column: column + $1 * dc, row: row + $1 * dr)
                    })
                }
            }
        }
        return lines
    }()
    /// The centre column's cells, worth a little extra.
    static let centre = FourInARowBoard.columnMask(3)

    /// The bit a disc dropped into `column` (0-based) would take, or nil when the column is full.
    static func dropBit(_ occupied: UInt64, column: Int) -> UInt64? {
        let columnMask = FourInARowBoard.columnMask(column)
        let bit = (occupied + FourInARowBoard.bit(column: column, row: 0)) & columnMask
        return bit == 0 ? nil : bit
    }

    /// The columns (0-based) where dropping a disc of `mine` makes four in a row at once.
    static func winningColumns(mine: UInt64, theirs: UInt64) -> [Int] {
        (0..<FourInARowBoard.columns).filter { column in
            guard let bit = dropBit(mine | theirs, column: column) else { return false }
            return FourInARowBoard.hasFour(mine | bit)
        }
    }

    /// The static score of a position for the side owning `mine`.
    static func evaluate(mine: UInt64, theirs: UInt64) -> Int {
        var score = 3 * ((mine & centre).nonzeroBitCount - (theirs & centre).nonzeroBitCount)
        for line in lines {
            let own = (mine & line).nonzeroBitCount
            let other = (theirs & line).nonzeroBitCount
            if other == 0 {
                score += lineWeights[min(own, 3)]
            } else if own == 0 {
                score -= lineWeights[min(other, 3)]
            }
        }
        return score
    }

    /// The negamax value of the position with `mine` to move, searched `depth` plies deep.
    static func negamax(mine: UInt64, theirs: UInt64, depth: Int, alpha: Int, beta: Int) -> Int {
        let occupied = mine | theirs
        if occupied == FourInARowBoard.boardMask { return 0 }
        if depth == 0 { return evaluate(mine: mine, theirs: theirs) }
        var alpha = alpha
        var best = -infinity
        for column in columnOrder {
            guard let bit = dropBit(occupied, column: column) else { continue }
            let next = mine | bit
            let score = FourInARowBoard.hasFour(next)
                ? winScore + depth
                : -negamax(mine: theirs, theirs: next, depth: depth - 1, alpha: -beta, beta: -alpha)
            best = max(best, score)
            alpha = max(alpha, score)
            if alpha >= beta { break }
        }
        return best
    }

    /// The exact score of every playable column (0-based) for `mine`, searched `depth` plies deep.
    static func scoreColumns(mine: UInt64, theirs: UInt64, depth: Int) -> [(column: Int, score: Int)] {
        let occupied = mine | theirs
        return (0..<FourInARowBoard.columns).compactMap { column in
            guard let bit = dropBit(occupied, column: column) else { return nil }
            let next = mine | bit
            if FourInARowBoard.hasFour(next) { return (column, winScore + depth) }
            let score = -negamax(mine: theirs, theirs: next, depth: depth - 1, alpha: -infinity, beta: infinity)
            return (column, score)
        }
    }
}
