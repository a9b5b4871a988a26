import FourInARow
import Foundation

/// `fourinarow-solver`: times the solver on test sets of positions.
@main
struct SolverTool {
    static let usage = """
        usage: fourinarow-solver bench FILE...    solve each line "MOVES SCORE" of FILE (Pascal Pons'
                                                 test-set format), check the score and the chosen move,
                                                 and print the mean and max time per position
        """

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            switch arguments.first {
            case "bench" where arguments.count > 1:
                for path in arguments.dropFirst() { try Bench.run(path: path) }
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
