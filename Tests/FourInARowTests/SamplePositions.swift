import FourInARow
import PartyKit
import Testing

/// A game that ends with a four in a row: the columns played in turn (red first, as in game 0),
/// the side that completes the four with the last move and the four cells it names.
struct WinSample: Sendable, CustomTestStringConvertible {
    /// What the sample shows.
    var name: String
    /// The columns (1–7) played in turn, red first.
    var columns: [Int]
    /// The winner: 0 red (Alice), 1 yellow (Bob).
    var winnerSide: Int
    /// The four winning cells in order along the line, as (column, row) with row 1 at the bottom.
    var cells: [FourInARowCell]

    var testDescription: String { name }
}

/// A board picture, top row first (`X` red, `O` yellow), used to build views for the bot and presenter.
struct PictureSample: Sendable, CustomTestStringConvertible {
    /// What the sample shows.
    var name: String
    /// Six rows of seven characters, top first.
    var picture: [String]
    /// The column (1–7) that the side to move must play.
    var expectedColumn: Int

    var testDescription: String { name }
}

/// Every named position the Four in a Row tests use.
enum SamplePositions {
    /// Seat 0.
    static let alice = Seat(id: SeatID(0), name: "Alice")
    /// Seat 1.
    static let bob = Seat(id: SeatID(1), name: "Bob")

    /// Wins in every direction, at the edges and in the corners of the board.
    static let wins: [WinSample] = [
        WinSample(
            name: "horizontal, bottom row, from the bottom-left corner",
            columns: [1, 1, 2, 2, 3, 3, 4], winnerSide: 0,
            cells: cells((1, 1), (2, 1), (3, 1), (4, 1))),
        WinSample(
            name: "horizontal, bottom row, to the bottom-right corner",
            columns: [4, 4, 5, 5, 6, 6, 7], winnerSide: 0,
            cells: cells((4, 1), (5, 1), (6, 1), (7, 1))),
        WinSample(
            name: "horizontal, top row, to the top-right corner (yellow)",
            columns: [5, 2, 7, 3, 2, 1, 2, 5, 5, 3, 5, 2, 4, 7, 4, 4, 2, 1, 5, 7, 7, 2, 3, 4, 4, 7, 1, 4, 1, 6,
                      6, 1, 1, 5, 6, 7, 6, 6, 3, 6],
            winnerSide: 1,
            cells: cells((4, 6), (5, 6), (6, 6), (7, 6))),
        WinSample(
            name: "vertical, left edge, from the bottom-left corner",
            columns: [1, 2, 1, 2, 1, 2, 1], winnerSide: 0,
            cells: cells((1, 1), (1, 2), (1, 3), (1, 4))),
        WinSample(
            name: "vertical, right edge, to the top-right corner",
            columns: [1, 7, 2, 7, 7, 1, 7, 2, 7, 1, 7], winnerSide: 0,
            cells: cells((7, 3), (7, 4), (7, 5), (7, 6))),
        WinSample(
            name: "diagonal up, from the bottom-left corner",
            columns: [1, 2, 2, 3, 4, 3, 3, 4, 5, 4, 4], winnerSide: 0,
            cells: cells((1, 1), (2, 2), (3, 3), (4, 4))),
        WinSample(
            name: "diagonal up, to the top-right corner (yellow)",
            columns: [3, 2, 6, 1, 4, 5, 3, 7, 1, 1, 1, 1, 3, 1, 7, 6, 6, 6, 4, 4, 7, 5, 5, 3, 7, 5, 3, 2, 3, 2,
                      2, 7, 2, 7, 2, 6],
            winnerSide: 1,
            cells: cells((4, 3), (5, 4), (6, 5), (7, 6))),
        WinSample(
            name: "diagonal down, to the bottom-right corner",
            columns: [7, 6, 6, 5, 4, 5, 5, 4, 3, 4, 4], winnerSide: 0,
            cells: cells((4, 4), (5, 3), (6, 2), (7, 1))),
        WinSample(
            name: "diagonal down, from the top-left corner (yellow)",
            columns: [3, 2, 6, 1, 4, 5, 3, 7, 1, 1, 1, 1, 3, 1, 7, 6, 6, 6, 6, 4, 7, 4, 5, 3, 2, 5, 6, 5, 5, 7,
                      7, 7, 5, 2, 2, 2],
            winnerSide: 1,
            cells: cells((1, 6), (2, 5), (3, 4), (4, 3))),
    ]

    /// 42 moves that fill the board without anyone making four in a row.
    static let fullBoardDraw = [
        1, 4, 1, 7, 2, 4, 1, 6, 5, 2, 2, 2, 2, 3, 5, 4, 6, 3, 4, 4, 2, 1, 1, 6, 4, 1, 3, 7, 7, 3,
        3, 7, 7, 5, 7, 3, 5, 5, 6, 6, 5, 6,
    ]

    /// Column 3 filled to the top, alternating colours; red is to move.
    static let columnThreeFull = [3, 3, 3, 3, 3, 3]

    /// Positions where the side to move (`X`, whoever's seat) has one right answer.
    static let botMustPlay: [PictureSample] = [
        PictureSample(
            name: "win on the bottom row rather than block the yellow column",
            picture: [
                ".......",
                ".......",
                ".......",
                "......O",
                "......O",
                "XXX...O",
            ],
            expectedColumn: 4),
        PictureSample(
            name: "win diagonally",
            picture: [
                ".......",
                ".......",
                ".......",
                "..XX...",
                ".XOO...",
                "XOXO..O",
            ],
            expectedColumn: 4),
        PictureSample(
            name: "block the yellow column",
            picture: [
                ".......",
                ".......",
                ".......",
                "....O..",
                "X...O..",
                "X.X.O..",
            ],
            expectedColumn: 5),
        PictureSample(
            name: "block the yellow row at the right edge",
            picture: [
                ".......",
                ".......",
                ".......",
                ".......",
                "X...X..",
                "XOXOOO.",
            ],
            expectedColumn: 7),
    ]

    /// The cells as people count them, from (column, row) pairs.
    static func cells(_ pairs: (Int, Int)...) -> [FourInARowCell] {
        pairs.map { FourInARowCell(column: $0.0, row: $0.1) }
    }

    /// A new game between Alice (seat 0, red) and Bob (seat 1, yellow).
    static func newGame(gameNumber: Int = 0) -> FourInARow {
        FourInARow(setup: GameSetup(seats: [alice, bob], seed: 7, gameNumber: gameNumber))
    }

    /// A game after `columns` were played in turn by whoever was to move; throws on any rejection.
    static func game(after columns: [Int], gameNumber: Int = 0) throws -> FourInARow {
        var game = newGame(gameNumber: gameNumber)
        for (index, column) in columns.enumerated() {
            let seat = try #require(game.currentSeat, "the game ended before move \(index + 1)")
            try game.apply(FourInARowMove(column: column), from: seat, at: GameInstant(milliseconds: Int64(index) * 1000))
        }
        return game
    }

    /// A view of `picture` for `seat` in a running game where the side of `seat` is to move.
    ///
    /// `X` in the picture is the side of `seat`; with `seat` 1 the colours are swapped.
    static func view(of picture: [String], for seat: SeatID) throws -> FourInARowView {
        let swapped = picture.map { row in
            String(row.map { character -> Character in
                guard seat.index == 1 else { return character }
                return character == "X" ? "O" : character == "O" ? "X" : character
            })
        }
        let board = try #require(FourInARowBoard(picture: swapped))
        return FourInARowView(
            board: board.rowStrings, players: [alice.id, bob.id], turn: seat, you: seat, last: nil,
            moves: board.discCount)
    }
}
