import FourInARow
import Foundation
import PartyKit
import PartyTestSupport
import Testing

@Suite("Four in a Row rules")
struct FourInARowRulesTests {
    let alice = SamplePositions.alice.id
    let bob = SamplePositions.bob.id

    @Test func descriptorNamesTheGame() {
        let descriptor = FourInARow.descriptor
        #expect(descriptor.id == "fourinarow")
        #expect(descriptor.title == "Four in a Row")
        #expect(descriptor.minPlayers == 2 && descriptor.maxPlayers == 2)
        #expect(!descriptor.joinInProgress)
        #expect(FourInARowGame.descriptor == descriptor)
    }

    @Test func aNewGameIsEmptyAndRedMovesFirst() {
        let game = SamplePositions.newGame()
        #expect(game.board == FourInARowBoard())
        #expect(game.currentSeat == alice)
        #expect(game.schedule == Schedule(turn: .seat(alice)))
        #expect(game.outcome == nil)
        #expect(game.candidateMoves(for: alice).map(\.column) == Array(1...7))
    }

    @Test(arguments: SamplePositions.wins)
    func winsNameTheirFourCells(sample: WinSample) throws {
        let before = try SamplePositions.game(after: sample.columns.dropLast().map { $0 })
        #expect(before.outcome == nil, "no four before the last move")
        let game = try SamplePositions.game(after: sample.columns)
        let winner = sample.winnerSide == 0 ? SamplePositions.alice : SamplePositions.bob
        let outcome = try #require(game.outcome)
        #expect(outcome.winners == [winner.id])
        #expect(outcome.reason == .won)
        #expect(outcome.summary == "\(winner.name) wins with four in a row")
        #expect(game.winningCells == sample.cells)
        #expect(game.board.fourInARow(for: sample.winnerSide) == sample.cells)
        #expect(game.schedule == .idle)
        #expect(game.currentSeat == nil)

        let view = game.view(for: .seat(alice), at: .zero)
        #expect(view.winning == sample.cells)
        #expect(view.winner == winner.id)
        #expect(view.outcome == outcome.summary)
        #expect(view.turn == nil)
        #expect(view.last == sample.columns.last)
        #expect(view.moves == sample.columns.count)
        for cell in sample.cells {
            #expect(view.side(column: cell.column, row: cell.row) == sample.winnerSide)
        }
    }

    @Test func theBoardFindsAFourFromAPicture() throws {
        let board = try #require(FourInARowBoard(picture: [
            ".......",
            ".......",
            "...X...",
            "..XO...",
            ".XOO...",
            "XOOO...",
        ]))
        #expect(board.fourInARow(for: 0) == SamplePositions.cells((1, 1), (2, 2), (3, 3), (4, 4)))
        #expect(board.fourInARow(for: 1) == nil)
        #expect(FourInARowBoard(picture: ["X......", ".......", ".......", ".......", ".......", "......."]) == nil,
                "a floating disc is not a position")
        #expect(FourInARowBoard(picture: [".......", ".......", ".......", ".......", "......."]) == nil)
        #expect(FourInARowBoard(first: 1, second: 1) == nil, "discs may not overlap")
    }

    @Test func aFullBoardWithoutFourIsADraw() throws {
        let game = try SamplePositions.game(after: SamplePositions.fullBoardDraw)
        #expect(game.board.isFull)
        let outcome = try #require(game.outcome)
        #expect(outcome == GameOutcome(winners: [], reason: .draw, summary: "Draw: the board is full",
                                       standings: game.players.map { Standing(seat: $0.id, place: 1) }))
        #expect(game.winningCells.isEmpty)
        #expect(game.schedule == .idle)
        let view = game.view(for: .spectator, at: .zero)
        #expect(view.winner == nil && view.winning.isEmpty && view.outcome == "Draw: the board is full")
        #expect(!view.board.joined().contains("."))
    }

    /// A state, a move and the rejection it must get.
    struct RejectionCase: Sendable, CustomTestStringConvertible {
        var name: String
        var columns: [Int]
        var leaver: SeatID?
        var move: Int
        var seat: SeatID
        var expected: FourInARowRejection
        var text: String
        var testDescription: String { name }
    }

    static let rejections: [RejectionCase] = [
        RejectionCase(name: "not your turn", columns: [], leaver: nil, move: 4, seat: SeatID(1),
                      expected: .notYourTurn, text: "It is not your turn."),
        RejectionCase(name: "not your turn, after a move", columns: [4], leaver: nil, move: 4, seat: SeatID(0),
                      expected: .notYourTurn, text: "It is not your turn."),
        RejectionCase(name: "not a player", columns: [], leaver: nil, move: 4, seat: SeatID(5),
                      expected: .notYourTurn, text: "It is not your turn."),
        RejectionCase(name: "column 0", columns: [], leaver: nil, move: 0, seat: SeatID(0),
                      expected: .columnOutOfRange(column: 0),
                      text: "There is no column 0: choose a column from 1 to 7."),
        RejectionCase(name: "column 8", columns: [], leaver: nil, move: 8, seat: SeatID(0),
                      expected: .columnOutOfRange(column: 8),
                      text: "There is no column 8: choose a column from 1 to 7."),
        RejectionCase(name: "column -3", columns: [], leaver: nil, move: -3, seat: SeatID(0),
                      expected: .columnOutOfRange(column: -3),
                      text: "There is no column -3: choose a column from 1 to 7."),
        RejectionCase(name: "column full", columns: SamplePositions.columnThreeFull, leaver: nil, move: 3,
                      seat: SeatID(0), expected: .columnFull(column: 3), text: "Column 3 is full."),
        RejectionCase(name: "game over after a win", columns: [1, 2, 1, 2, 1, 2, 1], leaver: nil, move: 2,
                      seat: SeatID(1), expected: .gameOver, text: "The game is over."),
        RejectionCase(name: "game over after a draw", columns: SamplePositions.fullBoardDraw, leaver: nil, move: 1,
                      seat: SeatID(0), expected: .gameOver, text: "The game is over."),
        RejectionCase(name: "game over after a player left", columns: [4], leaver: SeatID(0), move: 4,
                      seat: SeatID(1), expected: .gameOver, text: "The game is over."),
    ]

    @Test(arguments: rejections)
    func rejectedMovesLeaveTheStateUnchanged(rejection: RejectionCase) throws {
        var game = try SamplePositions.game(after: rejection.columns)
        if let leaver = rejection.leaver { game.leave(leaver, at: .zero) }
        let before = game
        #expect(throws: rejection.expected) {
            try game.apply(FourInARowMove(column: rejection.move), from: rejection.seat, at: .seconds(100))
        }
        #expect(game == before)
        #expect(rejection.expected.description == rejection.text)
    }

    @Test func rejectionCodesAreStable() {
        #expect(FourInARowRejection.notYourTurn.code == "notYourTurn")
        #expect(FourInARowRejection.columnOutOfRange(column: 9).code == "columnOutOfRange")
        #expect(FourInARowRejection.columnFull(column: 3).code == "columnFull")
        #expect(FourInARowRejection.gameOver.code == "gameOver")
    }

    @Test(arguments: [(0, 0), (1, 1), (2, 0), (3, 1), (10, 0), (11, 1)])
    func theFirstMoveAlternatesEachRematch(gameNumber: Int, firstSeat: Int) throws {
        var game = SamplePositions.newGame(gameNumber: gameNumber)
        let first = SeatID(firstSeat)
        let second = SeatID(1 - firstSeat)
        #expect(game.currentSeat == first)
        #expect(throws: FourInARowRejection.notYourTurn) {
            try game.apply(FourInARowMove(column: 4), from: second, at: .zero)
        }
        try game.apply(FourInARowMove(column: 4), from: first, at: .zero)
        #expect(game.currentSeat == second)
        // Colours stay with the seats: seat 0 is always red (0), seat 1 yellow (1).
        let view = game.view(for: .seat(first), at: .zero)
        #expect(view.side(column: 4, row: 1) == firstSeat)
        #expect(view.turn == second)
    }

    @Test func leavingHandsTheGameToTheOtherPlayer() throws {
        var game = try SamplePositions.game(after: [4, 4, 3])
        game.leave(alice, at: .seconds(5))
        #expect(game.outcome == GameOutcome(winners: [bob], reason: .playersLeft, summary: "Alice left the game",
                                            standings: [Standing(seat: bob, place: 1), Standing(seat: alice, place: 2)]))
        #expect(game.schedule == .idle)
        let view = game.view(for: .seat(bob), at: .seconds(5))
        #expect(view.winner == bob && view.outcome == "Alice left the game" && view.winning.isEmpty)
        // Later leaves change nothing.
        let over = game
        game.leave(bob, at: .seconds(6))
        #expect(game == over)
    }

    @Test func leavingAfterTheEndOrFromNowhereChangesNothing() throws {
        var won = try SamplePositions.game(after: [1, 2, 1, 2, 1, 2, 1])
        let before = won
        won.leave(alice, at: .zero)
        #expect(won == before)
        var running = SamplePositions.newGame()
        let fresh = running
        running.leave(SeatID(9), at: .zero)
        #expect(running == fresh)
    }

    @Test func timeChangesNothing() throws {
        var game = try SamplePositions.game(after: [4, 3])
        let before = game
        game.advance(to: .seconds(3600))
        #expect(game == before)
    }

    @Test func tooFewSeatsEndTheGameAtOnce() {
        let game = FourInARow(setup: GameSetup(seats: [SamplePositions.alice], seed: 1))
        #expect(game.outcome?.reason == .playersLeft)
        #expect(game.schedule == .idle)
    }

    @Test func viewsShowTheViewerAndRoundTripAsSmallJSON() throws {
        let game = try SamplePositions.game(after: [4, 4, 3])
        let view = game.view(for: .seat(bob), at: .zero)
        #expect(view.you == bob && view.turn == bob && view.last == 3 && view.moves == 3)
        #expect(view.board == [".......", ".......", ".......", ".......", "...1...", "..00..."])
        #expect(game.view(for: .spectator, at: .zero).you == nil)

        let data = try JSONEncoder().encode(view)
        let json = try #require(String(data: data, encoding: .utf8))
        #expect(json.count < 200, "view JSON is \(json.count) bytes: \(json)")
        #expect(json.contains("\"board\":[\".......\""))
        #expect(try JSONDecoder().decode(FourInARowView.self, from: data) == view)
    }

    @Test func movesTravelAsAColumnObject() throws {
        let move = try JSONDecoder().decode(FourInARowMove.self, from: Data(#"{"column":3}"#.utf8))
        #expect(move == FourInARowMove(column: 3))
        let json = String(decoding: try JSONEncoder().encode(FourInARowMove(column: 5)), as: UTF8.self)
        #expect(json == #"{"column":5}"#)
    }

    @Test func sameMovesGiveTheSameGame() throws {
        let one = try SamplePositions.game(after: SamplePositions.fullBoardDraw)
        let two = try SamplePositions.game(after: SamplePositions.fullBoardDraw)
        #expect(one == two)
    }

    @Test func passesTheConformanceSuite() {
        let failures = GameConformance.check(FourInARow.self)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func passesTheConformanceSuiteWithMoreSeedsAndLeaving() {
        let failures = GameConformance.check(FourInARow.self, seeds: 100..<160, leaveProbability: 0.05)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
