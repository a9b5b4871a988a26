import FourInARow
import Foundation

/// Times the solver on a test set: one "MOVES SCORE" position a line, as in Pascal Pons' sets.
enum Bench {
    static func run(path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let table = FourInARowTable()
        var solver = FourInARowSolver(table: table)
        var player = FourInARowSolver(table: FourInARowTable())
        var checker = FourInARowSolver(table: FourInARowTable())
        var solveTimes: [Double] = []
        var moveTimes: [Double] = []
        var wrongScores = 0
        var wrongMoves = 0
        let clock = ContinuousClock()
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 2, let position = FourInARowPosition(sequence: fields[0]), let expected = Int(fields[1]) else {
                throw BenchError.badLine(String(line))
            }
            var score: Int?
            let solveTime = clock.measure { score = solver.solve(position) }
            var move: (column: Int, score: Int)?
            let moveTime = clock.measure { move = player.bestMove(position) }
            solveTimes.append(solveTime.microseconds)
            moveTimes.append(moveTime.microseconds)
            if score != expected { wrongScores += 1 }
            // Check the move with a second solver: the score after it must be the position's.
            if let move {
                var next = position
                let kept: Bool
                if position.isWinning(column: move.column) {
                    kept = expected == (43 - position.moves) / 2
                } else {
                    next.play(column: move.column)
                    kept = next.moves == 42 ? expected == 0 : checker.solve(next).map { -$0 } == expected
                }
                if !kept { wrongMoves += 1 }
            } else {
                wrongMoves += 1
            }
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        func summary(_ times: [Double]) -> String {
            let mean = times.reduce(0, +) / Double(max(times.count, 1))
            return "mean \(format(mean)) µs, max \(format(times.max() ?? 0)) µs"
        }
        print("\(name): \(solveTimes.count) positions, \(wrongScores) wrong scores, \(wrongMoves) moves that lose value")
        print("  solve:     \(summary(solveTimes))")
        print("  best move: \(summary(moveTimes))")
        print("  nodes: \(solver.nodes) solving, \(player.nodes) choosing moves")
    }

    static func format(_ value: Double) -> String {
        String(format: "%.1f", value)
    }
}

/// What can go wrong reading a test set.
enum BenchError: Error, CustomStringConvertible {
    /// A line is not "MOVES SCORE" with a legal, unfinished sequence of moves.
    case badLine(String)

    var description: String {
        switch self {
        case .badLine(let line): "not a position and its score: \"\(line)\""
        }
    }
}

extension Duration {
    /// The duration in microseconds.
    var microseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
    }
}
