import FourInARow
import PartyKit
import PartyTestSupport
import Testing

/// The exact solver and the perfect bot on samples of Pascal Pons' test sets.
@Suite("Four in a Row solver")
struct FourInARowSolverTests {
    /// A table for the checks, apart from the pool the bots use (smaller than a bot's: any odd size above 2^17 is exact).
    static func checkTable() -> FourInARowTable { FourInARowTable(size: (1 << 21) + 17) }

    @Test(arguments: PonsSamples.sets.map(\.name))
    func perfectBotKeepsTheValueOfEveryPosition(set: String) async throws {
        let lines = try #require(PonsSamples.sets.first { $0.name == set }).lines
        #expect(lines.count == 100)
        // Minutes of work in a debug build: on a thread of its own, not the test pool's (HeavyWork).
        let problems = await HeavyWork.run { Self.problems(in: lines) }
        #expect(problems.isEmpty, "\(problems.count) problems: \(problems.prefix(5))")
    }

    /// What is wrong with the solver's score or the perfect bot's move for each sample of `lines`.
    static func problems(in lines: [String]) -> [String] {
        var problems: [String] = []
        var solver = FourInARowSolver(table: checkTable())
        for sample in PonsSamples.cases(lines) {
            guard let position = FourInARowPosition(sequence: sample.moves) else {
                problems.append("\(sample.moves) is not a position")
                continue
            }
            if solver.solve(position) != sample.score { problems.append("the solver's score of \(sample.moves)") }

            // The perfect bot, from a real game's view, plays a column that keeps the exact score.
            guard let game = try? SamplePositions.game(after: sample.moves.map { Int(String($0))! }) else {
                problems.append("\(sample.moves) does not replay")
                continue
            }
            let seat = SeatID(position.moves % 2)
            var bot = FourInARowBot(seat: seat, seed: 7, level: .perfect)
            bot.thinkingLimit = nil  // a debug build on a loaded machine may take seconds; never fall back
            guard let plan = bot.plan(for: game.view(for: .seat(seat), at: .zero), at: .zero) else {
                problems.append("\(sample.moves): no move")
                continue
            }
            let column = plan.move.column - 1
            let kept: Int?
            if position.isWinning(column: column) {
                kept = (43 - position.moves) / 2
            } else {
                var next = position
                next.play(column: column)
                kept = solver.solve(next).map { -$0 }
            }
            // A strategy-book move keeps the value (win, draw or loss), not always the exact score.
            let weak = bot.strategyBook?.entry(for: position)?.column != nil && FourInARowOpeningBook.shared?.bestMove(position) == nil
            if weak ? kept?.signum() != sample.score.signum() : kept != sample.score {
                problems.append("\(sample.moves): column \(column + 1) scores \(kept.map(String.init) ?? "?"), not \(sample.score)")
            }
        }
        return problems
    }

    @Test func scoresCountTheDiscsLeftToTheWin() throws {
        // Red (to move) wins at once in column 1: 21 discs each, 3 of red's dropped, its 4th wins.
        let position = try #require(FourInARowPosition(sequence: "121212"))
        var solver = FourInARowSolver(table: Self.checkTable())
        #expect(solver.solve(position) == 18)
        let found = solver.bestMove(position)
        let best = try #require(found)
        #expect(best.column == 0 && best.score == 18)
    }

    @Test func everyColumnsScoreAgreesWithTheBestMove() throws {
        var solver = FourInARowSolver(table: Self.checkTable())
        for sample in PonsSamples.cases(PonsSamples.testL3R1).prefix(25) {
            let position = try #require(FourInARowPosition(sequence: sample.moves))
            let analyzed = solver.analyze(position)
            let scores = try #require(analyzed)
            #expect(scores.compactMap { $0 }.max() == sample.score, "\(sample.moves): \(scores)")
            let found = solver.bestMove(position)
            let best = try #require(found)
            #expect(solver.bestColumns(position)?.contains(best.column) == true, "\(sample.moves)")
        }
    }

    @Test func sequencesThatAreNotPositionsAreRefused() {
        #expect(FourInARowPosition(sequence: "1212121") == nil, "red has already won")
        #expect(FourInARowPosition(sequence: "1111111") == nil, "column 1 is full after six")
        #expect(FourInARowPosition(sequence: "48") == nil)
        #expect(FourInARowPosition(sequence: "4a") == nil)
        #expect(FourInARowPosition(sequence: "")?.moves == 0)
    }

    @Test func aSolveOverItsNodeLimitGivesUp() throws {
        // The empty board takes far more than ten thousand positions.
        var solver = FourInARowSolver(table: FourInARowTable(size: (1 << 17) + 29), nodeLimit: 10_000)
        #expect(solver.solve(FourInARowPosition()) == nil)
        #expect(solver.bestMove(FourInARowPosition()) == nil)
        #expect(solver.nodes >= 10_000)
    }

    @Test func thePoolLendsOneTableToOneSolveAtATime() {
        let pool = FourInARowTablePool()
        let outer = pool.withTable { outer in
            pool.withTable { inner in ObjectIdentifier(outer) != ObjectIdentifier(inner) }
        }
        #expect(outer)
        #expect(pool.tablesMade == 2)
        // Later solves reuse the tables instead of making more.
        for _ in 0..<5 { pool.withTable { _ in } }
        #expect(pool.tablesMade == 2)
    }

    @Test func outcomeIsTheSignOfTheScore() throws {
        var solver = FourInARowSolver(table: Self.checkTable())
        for sample in PonsSamples.cases(PonsSamples.testL3R1).prefix(40) + PonsSamples.cases(PonsSamples.testL2R1).prefix(20) {
            let position = try #require(FourInARowPosition(sequence: sample.moves))
            #expect(solver.outcome(position) == sample.score.signum(), "\(sample.moves)")
        }
    }

    @Test func bestMoveWithAKnownScoreKeepsIt() throws {
        var solver = FourInARowSolver(table: Self.checkTable())
        for sample in PonsSamples.cases(PonsSamples.testL2R1).prefix(20) {
            let position = try #require(FourInARowPosition(sequence: sample.moves))
            let found = solver.bestMove(position, knownScore: sample.score)
            let best = try #require(found)
            #expect(best.score == sample.score && solver.bestColumns(position)?.contains(best.column) == true, "\(sample.moves)")
        }
    }
}
