import FourInARow
import Foundation

/// `fourinarow-solver`: times the solver on test sets of positions.
@main
struct SolverTool {
    static let usage = """
        usage: fourinarow-solver bench FILE...    solve each line "MOVES SCORE" of FILE (Pascal Pons'
                                                 test-set format), check the score and the chosen move,
                                                 and print the mean and max time per position
               fourinarow-solver opening MOVES [SECONDS]
                                                 ask a perfect bot for a move at each position
                                                 along MOVES from the empty board, with a thinking
                                                 limit (default 2 s, the bot's), and print how long
                                                 it took and whether the solver finished
        """

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            switch arguments.first {
            case "bench" where arguments.count > 1:
                for path in arguments.dropFirst() { try Bench.run(path: path) }
            case "opening" where (2...3).contains(arguments.count):
                let seconds = arguments.count == 3 ? Double(arguments[2]) : 2
                guard let seconds, seconds > 0 else {
                    print(usage)
                    exit(2)
                }
                try Opening.run(line: arguments[1], limit: .milliseconds(Int64(seconds * 1000)))
            default:
                print(usage)
                exit(2)
            }
        } catch {
            print("fourinarow-solver: \(error)")
            exit(1)
        }
    }
}
