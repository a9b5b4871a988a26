import PartyKit

/// What one viewer sees of a Four in a Row game; everyone sees the same board (nothing is hidden).
///
/// As JSON it stays small and readable, for example
/// `{"board":[".......",".......",".......","...1...","..00...","..01..."],"players":[0,1],
/// "turn":1,"you":1,"last":4,"moves":5,"winning":[]}`.
public struct FourInARowView: Hashable, Codable, Sendable {
    /// The board, top row first: six strings of seven characters, `.` for an empty cell, `0` for a disc
    /// of the first player (`players[0]`, red) and `1` for the second (`players[1]`, yellow). In a
    /// normal game the seats are 0 and 1, so the digit is the seat index.
    public var board: [String]
    /// The two players' seats: the first (red) and the second (yellow).
    public var players: [SeatID]
    /// Whose turn it is; nil once the game is over.
    public var turn: SeatID?
    /// The viewer's own seat; nil for a spectator.
    public var you: SeatID?
    /// The column (1–7) of the last disc dropped; nil before the first move.
    public var last: Int?
    /// How many discs have been dropped.
    public var moves: Int
    /// The four winning cells, in order along the line; empty unless someone has four in a row.
    public var winning: [FourInARowCell]
    /// The winner, once someone has won (by four in a row or because the other left).
    public var winner: SeatID?
    /// The result for people ("Alice wins with four in a row"); nil while the game runs.
    public var outcome: String?

    /// Creates a view.
    public init(
        board: [String], players: [SeatID], turn: SeatID?, you: SeatID?, last: Int?, moves: Int,
        winning: [FourInARowCell] = [], winner: SeatID? = nil, outcome: String? = nil
    ) {
        self.board = board
        self.players = players
        self.turn = turn
        self.you = you
        self.last = last
        self.moves = moves
        self.winning = winning
        self.winner = winner
        self.outcome = outcome
    }

    /// Whether the game has ended.
    public var isOver: Bool { outcome != nil }

    /// The side (0 first/red, 1 second/yellow) whose disc is in `column` 1–7, `row` 1–6 (row 1 at the
    /// bottom); nil for an empty cell, a cell off the board or a malformed board.
    public func side(column: Int, row: Int) -> Int? {
        guard (1...FourInARowBoard.columns).contains(column), (1...FourInARowBoard.rows).contains(row) else {
            return nil
        }
        let index = FourInARowBoard.rows - row
        guard index < board.count else { return nil }
        let characters = Array(board[index])
        guard column - 1 < characters.count else { return nil }
        switch characters[column - 1] {
        case "0": return 0
        case "1": return 1
        default: return nil
        }
    }

    /// The side (0 or 1) of `seat` in this game; nil when the seat is not playing.
    public func side(of seat: SeatID?) -> Int? {
        guard let seat else { return nil }
        return players.firstIndex(of: seat)
    }

    /// The seat playing `side` (0 or 1), if the view names it.
    public func seat(ofSide side: Int) -> SeatID? {
        players.indices.contains(side) ? players[side] : nil
    }

    /// Whether a disc can still go into `column` (1–7) according to the board shown.
    public func canDrop(inColumn column: Int) -> Bool {
        guard (1...FourInARowBoard.columns).contains(column) else { return false }
        return side(column: column, row: FourInARowBoard.rows) == nil
    }

    /// The board as bitboards; nil when the view's board is malformed.
    public var bitboard: FourInARowBoard? {
        FourInARowBoard(picture: board)
    }
}
