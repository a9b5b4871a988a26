import FourInARow
import Foundation

/// How far into a game the perfect bot's 2 s of thinking reach: solves each position along a line
/// of moves from the empty board, with the bot's time limit, and prints the time each took.
enum Opening {
    static func run(line: String, limit: Duration) throws {
        guard FourInARowPosition(sequence: line) != nil else { throw BenchError.badLine(line) }
        let clock = ContinuousClock()
        var position = FourInARowPosition()
        var moves = Array(line)
        // The bot's pool: the table keeps what earlier moves learnt, as in a real game.
        let table = FourInARowTable()
        while true {
            var solver = FourInARowSolver(table: table)
            solver.deadline = clock.now + limit
            var found: (column: Int, score: Int)?
            let time = clock.measure { found = solver.bestMove(position) }
            let result = found.map { "column \($0.column + 1), score \($0.score)" } ?? "gave up"
            print("ply \(position.moves): \(result) in \(Bench.format(time.microseconds / 1000)) ms, \(solver.nodes) positions")
            guard let next = moves.first, let column = next.wholeNumberValue else { break }
            moves.removeFirst()
            position.play(column: column - 1)
        }
    }
}
