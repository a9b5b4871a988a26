import FourInARow
import Testing

/// Weak solving: the win/draw/loss value and a move that keeps it, against Pascal Pons' scores.
@Suite("Four in a Row weak solver")
struct FourInARowWeakSolverTests {
    @Test("the weak value is the sign of the exact score")
    func weakValueIsTheSignOfTheScore() throws {
        var solver = FourInARowSolver(table: FourInARowSolverTests.checkTable())
        for sample in PonsSamples.cases(PonsSamples.testL3R1).prefix(20) + PonsSamples.cases(PonsSamples.testL2R1).prefix(20) {
            let position = try #require(FourInARowPosition(sequence: sample.moves))
            #expect(solver.weakValue(position) == sample.score.signum(), "\(sample.moves)")
            // Told a lower bound, it only looks above it.
            let floor = min(sample.score.signum(), 0)
            #expect(solver.weakValue(position, atLeast: floor) == sample.score.signum(), "\(sample.moves)")
            #expect(solver.isAtLeast(position, 0) == (sample.score >= 0), "\(sample.moves)")
            #expect(solver.isAtLeast(position, 1) == (sample.score > 0), "\(sample.moves)")
        }
    }

    @Test("a keeping move keeps the value, as the exact solver scores it")
    func keepingMoveKeepsTheValue() throws {
        var solver = FourInARowSolver(table: FourInARowSolverTests.checkTable())
        var checker = FourInARowSolver(table: FourInARowSolverTests.checkTable())
        for sample in PonsSamples.cases(PonsSamples.testL2R1).prefix(25) {
            let position = try #require(FourInARowPosition(sequence: sample.moves))
            let value = sample.score.signum()
            let found = solver.keepingMove(position, value: value)
            let column = try #require(found, "\(sample.moves)")
            if position.isWinning(column: column) {
                #expect(value == 1)
                continue
            }
            var next = position
            next.play(column: column)
            let solved = checker.solve(next)
            let reply = try #require(solved)
            #expect((-reply).signum() == value, "\(sample.moves): column \(column + 1)")
        }
    }

    @Test("a weak search over its node limit gives up")
    func weakSearchGivesUp() {
        var solver = FourInARowSolver(table: FourInARowTable(size: (1 << 17) + 29), nodeLimit: 10_000)
        var position = FourInARowPosition()
        position.play(column: 3)
        #expect(solver.weakValue(position) == nil)
        #expect(solver.keepingMove(FourInARowPosition(), value: 1) == nil)
        #expect(solver.isAtLeast(position, 0) == nil)
    }

    @Test("candidates put a win first, leave out moves that lose at once, and try the centre first")
    func candidatesAreOrdered() throws {
        #expect(FourInARowSolver.candidateColumns(FourInARowPosition()) == [3, 2, 4, 1, 5, 0, 6])
        // Red to move can win in column 1.
        let win = try #require(FourInARowPosition(sequence: "121212"))
        #expect(FourInARowSolver.candidateColumns(win) == [0])
        // Yellow must block column 1 (red threatens it): the only candidate.
        let block = try #require(FourInARowPosition(sequence: "12121"))
        #expect(FourInARowSolver.candidateColumns(block) == [0])
    }
}
