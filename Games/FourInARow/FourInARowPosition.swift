/// A position for the solver: the discs of the side to move and every occupied cell, as bitboards.
///
/// The layout is `FourInARowBoard`'s (bit `7 * column + row`, a spare bit on top of every column).
/// Keeping the side to move's discs rather than one side's makes `current + mask` a unique key.
public struct FourInARowPosition: Hashable, Sendable {
    /// Cells on the board.
    public static let cells = 42
    /// The discs of the side to move.
    public private(set) var current: UInt64
    /// Every occupied cell.
    public private(set) var mask: UInt64
    /// Discs dropped so far.
    public private(set) var moves: Int

    /// The empty board.
    public init() {
        current = 0
        mask = 0
        moves = 0
    }

    /// The position of `board` with `side` (0 or 1) to move.
    public init(board: FourInARowBoard, toMove side: Int) {
        current = board.discs(of: side)
        mask = board.occupied
        moves = mask.nonzeroBitCount
    }

    /// The position where the side to move owns `mine` and the other side `theirs`.
    public init(mine: UInt64, theirs: UInt64) {
        current = mine
        mask = mine | theirs
        moves = mask.nonzeroBitCount
    }

    /// The position after the columns of `sequence` (digits 1–7, as in Pascal Pons' test sets); nil
    /// when a column is full, a character is not a column, or a move in it ends the game.
    public init?(sequence: some StringProtocol) {
        self.init()
        for character in sequence {
            guard let digit = character.wholeNumberValue, (1...7).contains(digit), canPlay(column: digit - 1),
                  !isWinning(column: digit - 1) else { return nil }
            play(column: digit - 1)
        }
    }

    /// A unique key of the position (below 2^49).
    public var key: UInt64 { current &+ mask }

    /// The key of the position mirrored left to right.
    public var mirroredKey: UInt64 {
        let key = self.key
        var mirrored: UInt64 = 0
        for column in 0..<7 {
            mirrored |= ((key >> UInt64(7 * column)) & 0x7F) << UInt64(7 * (6 - column))
        }
        return mirrored
    }

    /// Whether column `column` (0-based) has room.
    public func canPlay(column: Int) -> Bool {
        mask & Self.topBit(column) == 0
    }

    /// Whether dropping into column `column` (0-based) wins for the side to move.
    public func isWinning(column: Int) -> Bool {
        winningCells & possible & Self.columnMask(column) != 0
    }

    /// Drops a disc of the side to move into column `column` (0-based); the column must have room.
    public mutating func play(column: Int) {
        play(move: (mask &+ Self.bottomBit(column)) & Self.columnMask(column))
    }

    /// Drops a disc of the side to move on the cell `move` (one playable bit).
    mutating func play(move: UInt64) {
        current ^= mask
        mask |= move
        moves += 1
    }

    /// Whether the side to move wins with its next disc.
    public var canWinNext: Bool { winningCells & possible != 0 }

    /// The cells where the next disc of each column would land.
    var possible: UInt64 { (mask &+ Self.bottomMask) & Self.boardMask }

    /// The empty cells that would complete four for the side to move.
    var winningCells: UInt64 { Self.winningCells(of: current, mask: mask) }

    /// The empty cells that would complete four for the other side.
    var opponentWinningCells: UInt64 { Self.winningCells(of: current ^ mask, mask: mask) }

    /// The playable cells that do not lose at once: none when the other side has two immediate
    /// wins, only the block when it has one, and never the cell just below one of its wins.
    var nonLosingMoves: UInt64 {
        var moves = possible
        let threats = opponentWinningCells
        let forced = moves & threats
        if forced != 0 {
            if forced & (forced &- 1) != 0 { return 0 }
            moves = forced
        }
        return moves & ~(threats >> 1)
    }

    /// How many winning cells the side to move would have after `move`: the move-ordering score.
    func moveScore(_ move: UInt64) -> Int {
        Self.winningCells(of: current | move, mask: mask).nonzeroBitCount
    }

    /// The empty cells that would complete four in a row for `discs`, given the occupied `mask`.
    static func winningCells(of discs: UInt64, mask: UInt64) -> UInt64 {
        // Vertical: three below.
        var cells = (discs << 1) & (discs << 2) & (discs << 3)
        for step: UInt64 in [7, 6, 8] {
            var pair = (discs << step) & (discs << (2 * step))
            cells |= pair & (discs << (3 * step))
            cells |= pair & (discs >> step)
            pair = (discs >> step) & (discs >> (2 * step))
            cells |= pair & (discs << step)
            cells |= pair & (discs >> (3 * step))
        }
        return cells & (boardMask ^ mask)
    }

    /// The bottom cell of every column.
    static let bottomMask: UInt64 = (0..<7).reduce(0) { $0 | bottomBit($1) }
    /// All 42 board cells.
    static let boardMask: UInt64 = bottomMask &* 0x3F

    /// The bottom cell of column `column`.
    static func bottomBit(_ column: Int) -> UInt64 { 1 << UInt64(7 * column) }
    /// The top cell of column `column`.
    static func topBit(_ column: Int) -> UInt64 { 1 << UInt64(7 * column + 5) }
    /// The six cells of column `column`.
    static func columnMask(_ column: Int) -> UInt64 { 0x3F << UInt64(7 * column) }
}
