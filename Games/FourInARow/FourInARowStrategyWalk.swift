/// The walk that lays out the strategy book: from the empty board, the bot's own moves fixed and
/// every reply of the other side, each position met once (mirror images count once).
///
/// The order is a depth-first walk: at the bot's turn its entry's column, at the other side's turn
/// columns 1 to 7 (replies that end the game are left out). The book's text is one entry per bot
/// position in this order, so the loader and the generator must walk alike: both use this.
public enum FourInARowStrategyWalk {
    /// Walks the positions the bot meets as first player (`botMovesFirst`) or second, asking
    /// `decide` for the entry of each bot position (its column in the orientation given, nil where
    /// the live solver takes over). Returns false, and stops, as soon as `decide` returns nil or an
    /// entry's column is full.
    public static func walk(botMovesFirst: Bool, decide: (FourInARowPosition) -> FourInARowStrategyEntry?) -> Bool {
        var seenBot = Set<UInt64>()
        var seenOther = Set<UInt64>()
        func visit(_ position: FourInARowPosition) -> Bool {
            let key = FourInARowOpenings.canonicalKey(position)
            if (position.moves % 2 == 0) == botMovesFirst {
                guard seenBot.insert(key).inserted else { return true }
                guard let entry = decide(position) else { return false }
                guard let column = entry.column else { return true }
                guard (0..<7).contains(column), position.canPlay(column: column) else { return false }
                if position.isWinning(column: column) { return true }
                var next = position
                next.play(column: column)
                return visit(next)
            }
            guard seenOther.insert(key).inserted, position.moves < FourInARowPosition.cells else { return true }
            for column in 0..<7 where position.canPlay(column: column) && !position.isWinning(column: column) {
                var next = position
                next.play(column: column)
                guard visit(next) else { return false }
            }
            return true
        }
        return visit(FourInARowPosition())
    }
}
