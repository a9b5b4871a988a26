import FourInARow
import PartyKit
import Testing

/// `rowStrings` is built from the bitboards byte by byte (it is on every move's path); these pin
/// it to the cell-by-cell reading it replaced and to `init(picture:)`, over many random games.
@Suite("Four in a Row board rows")
struct FourInARowRowStringsTests {
    /// The rows as the board's cells say, top row first.
    static func reference(_ board: FourInARowBoard) -> [String] {
        (0..<FourInARowBoard.rows).reversed().map { row in
            String((0..<FourInARowBoard.columns).map { column -> Character in
                switch board.side(atColumn: column, row: row) {
                case 0: "0"
                case 1: "1"
                default: "."
                }
            })
        }
    }

    @Test func anEmptyBoardIsSixRowsOfDots() {
        #expect(FourInARowBoard().rowStrings == Array(repeating: ".......", count: 6))
    }

    @Test func aFewDiscsSitAtTheBottom() {
        var board = FourInARowBoard()
        board.drop(side: 0, inColumn: 3)
        board.drop(side: 1, inColumn: 3)
        board.drop(side: 0, inColumn: 0)
        board.drop(side: 1, inColumn: 6)
        #expect(board.rowStrings == [".......", ".......", ".......", ".......", "...1...", "0..0..1"])
    }

    @Test(arguments: 0..<20)
    func everyPositionOfRandomGamesReadsBack(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed))
        var board = FourInARowBoard()
        var side = 0
        while !board.isFull {
            let open = (0..<FourInARowBoard.columns).filter { board.canDrop(inColumn: $0) }
            board.drop(side: side, inColumn: open[Int(random.next() % UInt64(open.count))])
            side = 1 - side
            let rows = board.rowStrings
            #expect(rows == Self.reference(board))
            #expect(rows.allSatisfy { $0.utf8.count == FourInARowBoard.columns })
            #expect(FourInARowBoard(picture: rows) == board)
        }
    }
}
