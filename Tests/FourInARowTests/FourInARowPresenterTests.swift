import FourInARow
import PartyKit
import Testing

@Suite("Four in a Row presenter")
struct FourInARowPresenterTests {
    let alice = SamplePositions.alice.id
    let bob = SamplePositions.bob.id
    let names = [SeatID(0): "Alice", SeatID(1): "Bob"]

    /// Sends `key` to the presenter (outside `#expect`, which cannot call mutating methods).
    func press(
        _ presenter: inout FourInARowPresenter, _ key: Key, view: FourInARowView, context: PresenterContext
    ) -> PresenterAction<FourInARowMove> {
        presenter.handle(key, view: view, context: context)
    }

    func context(_ seat: SeatID?, color: Bool = true) -> PresenterContext {
        PresenterContext(seat: seat, names: names, color: color)
    }

    @Test func arrowsAndDigitsMoveTheCursorWithinTheBoard() {
        var presenter = FourInARowPresenter()
        let view = SamplePositions.newGame().view(for: .seat(alice), at: .zero)
        let context = context(alice)
        #expect(presenter.cursor == 4)
        #expect(press(&presenter, .arrow(.left, shift: false), view: view, context: context) == .redraw)
        #expect(presenter.cursor == 3)
        #expect(press(&presenter, .character("1"), view: view, context: context) == .redraw)
        #expect(press(&presenter, .arrow(.left, shift: false), view: view, context: context) == PresenterAction.none)
        #expect(presenter.cursor == 1)
        #expect(press(&presenter, .end, view: view, context: context) == .redraw)
        #expect(press(&presenter, .arrow(.right, shift: true), view: view, context: context) == PresenterAction.none)
        #expect(presenter.cursor == 7)
        #expect(press(&presenter, .home, view: view, context: context) == .redraw)
        #expect(presenter.cursor == 1)
        #expect(press(&presenter, .character("6"), view: view, context: context) == .redraw)
        #expect(presenter.cursor == 6)
        #expect(press(&presenter, .character("9"), view: view, context: context)
                == .message("Columns are numbered 1 to 7."))
        #expect(press(&presenter, .character("x"), view: view, context: context) == PresenterAction.none)
        #expect(presenter.cursor == 6)
    }

    @Test(arguments: [Key.enter, .character(" "), .arrow(.down, shift: false)])
    func enterSpaceAndDownDropAtTheCursor(key: Key) {
        var presenter = FourInARowPresenter()
        let view = SamplePositions.newGame().view(for: .seat(alice), at: .zero)
        _ = presenter.handle(.character("2"), view: view, context: context(alice))
        #expect(press(&presenter, key, view: view, context: context(alice)) == .send(FourInARowMove(column: 2)))
    }

    @Test func dropsThatCannotBeMadeExplainWhy() throws {
        var presenter = FourInARowPresenter()
        let opening = SamplePositions.newGame().view(for: .seat(bob), at: .zero)
        #expect(press(&presenter, .enter, view: opening, context: context(bob)) == .message("Waiting for Alice…"))
        let watching = SamplePositions.newGame().view(for: .spectator, at: .zero)
        #expect(press(&presenter, .enter, view: watching, context: context(nil))
                == .message("You are watching this game; only the players can drop discs."))

        let full = try SamplePositions.game(after: SamplePositions.columnThreeFull).view(for: .seat(alice), at: .zero)
        _ = presenter.handle(.character("3"), view: full, context: context(alice))
        #expect(press(&presenter, .enter, view: full, context: context(alice)) == .message("Column 3 is full."))

        let over = try SamplePositions.game(after: [1, 2, 1, 2, 1, 2, 1]).view(for: .seat(bob), at: .zero)
        #expect(press(&presenter, .enter, view: over, context: context(bob)) == .message("The game is over."))
    }

    /// A typed line and what it must give.
    struct LineCase: Sendable, CustomTestStringConvertible {
        var line: String
        var result: Result<FourInARowMove, InputError>
        var testDescription: String { "\"\(line)\"" }
    }

    static let help = "Type a column number from 1 to 7, like 3 or drop 3."
    static let lines: [LineCase] = [
        LineCase(line: "3", result: .success(FourInARowMove(column: 3))),
        LineCase(line: "drop 3", result: .success(FourInARowMove(column: 3))),
        LineCase(line: "  DROP\t  7 ", result: .success(FourInARowMove(column: 7))),
        LineCase(line: "d 1", result: .success(FourInARowMove(column: 1))),
        LineCase(line: "", result: .failure(InputError(help))),
        LineCase(line: "drop", result: .failure(InputError(help))),
        LineCase(line: "hello", result: .failure(InputError(help))),
        LineCase(line: "3 4", result: .failure(InputError(help))),
        LineCase(line: "drop three", result: .failure(InputError(help))),
        LineCase(line: "\u{1B}[2J", result: .failure(InputError(help))),
        LineCase(line: "99999999999999999999999", result: .failure(InputError(help))),
        LineCase(line: "0", result: .failure(InputError("There is no column 0. \(help)"))),
        LineCase(line: "drop 8", result: .failure(InputError("There is no column 8. \(help)"))),
    ]

    @Test(arguments: lines)
    func parsesColumnsAndExplainsGarbage(sample: LineCase) {
        let presenter = FourInARowPresenter()
        let view = SamplePositions.newGame().view(for: .seat(alice), at: .zero)
        #expect(presenter.parse(line: sample.line, view: view, context: context(alice)) == sample.result)
    }

    @Test func parsingChecksTurnFullColumnsAndTheEnd() throws {
        let presenter = FourInARowPresenter()
        let opening = SamplePositions.newGame().view(for: .seat(bob), at: .zero)
        #expect(presenter.parse(line: "4", view: opening, context: context(bob)) == .failure(InputError("Waiting for Alice…")))
        let full = try SamplePositions.game(after: SamplePositions.columnThreeFull).view(for: .seat(alice), at: .zero)
        #expect(presenter.parse(line: "3", view: full, context: context(alice)) == .failure(InputError("Column 3 is full.")))
        #expect(presenter.parse(line: "4", view: full, context: context(alice)) == .success(FourInARowMove(column: 4)))
        let over = try SamplePositions.game(after: SamplePositions.fullBoardDraw).view(for: .seat(alice), at: .zero)
        #expect(presenter.parse(line: "4", view: over, context: context(alice)) == .failure(InputError("The game is over.")))
    }

    @Test func describeGivesTheBoardAndWhoseTurnOnOneLine() throws {
        let presenter = FourInARowPresenter()
        let game = try SamplePositions.game(after: [4, 4, 3])
        let mine = presenter.describe(game.view(for: .seat(bob), at: .zero), context: context(bob))
        #expect(mine == "......./......./......./......./...O.../..XX... | moves 3 | last 3 | Your turn (O), type a column 1-7")
        let theirs = presenter.describe(game.view(for: .seat(alice), at: .zero), context: context(alice))
        #expect(theirs.hasSuffix("| Waiting for Bob (O)…"))
        let watching = presenter.describe(game.view(for: .spectator, at: .zero), context: context(nil))
        #expect(watching.hasSuffix("| Bob (O) to move"))

        let won = try SamplePositions.game(after: [1, 2, 1, 2, 1, 2, 1])
        let result = presenter.describe(won.view(for: .seat(bob), at: .zero), context: context(bob))
        #expect(result.hasSuffix("| Alice wins with four in a row: (1,1) (1,2) (1,3) (1,4)"))
        #expect(!result.contains("\n"))
    }

    @Test func drawsTheBoardInColourWithTheCursorAndTurn() throws {
        var presenter = FourInARowPresenter()
        let game = try SamplePositions.game(after: [4, 4, 3])
        let view = game.view(for: .seat(bob), at: .zero)
        _ = presenter.handle(.character("2"), view: view, context: context(bob))
        var canvas = Canvas(width: 80, height: 20)
        presenter.draw(view, context: context(bob), on: &canvas)
        let text = canvas.text
        #expect(text.contains("Your turn"))
        #expect(text.contains("1  2  3  4  5  6  7"))
        #expect(text.contains("Alice") && text.contains("Bob (you)"))
        let discs = canvas.cells.filter { $0.character == "●" }
        #expect(discs.filter { $0.style.foreground == .red }.count >= 2 + 1, "two red discs and Alice's legend")
        #expect(discs.filter { $0.style.foreground == .yellow }.count >= 1 + 1)
        // The cursor sits above column 2, directly over that column's number.
        let cursorRow = try #require((0..<canvas.height).first { canvas.text(ofRow: $0).contains("▼") })
        let numbersRow = try #require((0..<canvas.height).first { canvas.text(ofRow: $0).contains("1  2  3") })
        let cursorX = try #require(Array(canvas.text(ofRow: cursorRow)).firstIndex(of: "▼"))
        #expect(Array(canvas.text(ofRow: numbersRow))[cursorX] == "2")
        #expect(canvas[cursorX, cursorRow].style.foreground == .yellow)
    }

    @Test func withoutColourDiscsAreXAndOAndTheWinningFourIsInverse() throws {
        let presenter = FourInARowPresenter()
        let game = try SamplePositions.game(after: SamplePositions.wins[5].columns)
        let view = game.view(for: .seat(alice), at: .zero)
        var canvas = Canvas(width: 40, height: 12)
        presenter.draw(view, context: context(alice, color: false), on: &canvas)
        #expect(canvas.cells.allSatisfy { $0.style.foreground == nil && $0.style.background == nil })
        #expect(!canvas.cells.contains { $0.character == "●" })
        let highlighted = canvas.cells.filter { $0.style.inverse }
        #expect(highlighted.count == 4)
        #expect(highlighted.allSatisfy { $0.character == "X" && $0.style.bold })
        // How it ended is the shell's status line: said once (issue 17).
        #expect(canvas.text.contains("Game over") && !canvas.text.contains("Alice wins with four in a row"))
        #expect(!canvas.text.contains("▼"), "no cursor once the game is over")
    }

    @Test(arguments: [(0, 0), (1, 1), (3, 2), (7, 3), (10, 5), (14, 8), (22, 10), (23, 11), (40, 12), (120, 40)])
    func drawsOnAnySizeWithoutCrashing(width: Int, height: Int) throws {
        let presenter = FourInARowPresenter()
        let views = [
            SamplePositions.newGame().view(for: .seat(alice), at: .zero),
            try SamplePositions.game(after: SamplePositions.wins[6].columns).view(for: .spectator, at: .zero),
            try SamplePositions.game(after: SamplePositions.fullBoardDraw).view(for: .seat(bob), at: .zero),
            FourInARowView(board: ["bad"], players: [], turn: SeatID(4), you: nil, last: 99, moves: -1,
                           winning: [FourInARowCell(column: 40, row: -2)]),
        ]
        for view in views {
            for color in [true, false] {
                var canvas = Canvas(width: width, height: height)
                presenter.draw(view, context: context(alice, color: color), on: &canvas)
                #expect(canvas.width == width && canvas.height == height)
            }
        }
    }

    @Test func smallCanvasesStillShowTheBoardAndTheCursor() {
        var presenter = FourInARowPresenter()
        let view = SamplePositions.newGame().view(for: .seat(alice), at: .zero)
        _ = presenter.handle(.character("5"), view: view, context: context(alice))
        var canvas = Canvas(width: 14, height: 8)
        presenter.draw(view, context: context(alice), on: &canvas)
        #expect(canvas.text(ofRow: 0).hasPrefix("Your turn"))
        #expect(canvas.text(ofRow: 7).hasPrefix("1 2 3 4 5 6 7"))
        #expect(canvas[8, 7].style.inverse, "the cursor's column number is highlighted")
    }

    @Test func helpTextsNameTheKeys() {
        let presenter = FourInARowPresenter()
        #expect(presenter.keyHelp.contains("1-7") && presenter.keyHelp.contains("Enter"))
        #expect(presenter.lineHelp.contains("drop 3"))
        #expect(presenter.refreshInterval(for: SamplePositions.newGame().view(for: .spectator, at: .zero)) == nil)
    }
}
