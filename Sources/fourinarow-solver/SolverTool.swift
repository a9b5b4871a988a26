import FourInARow
import Foundation
import PartyBuildInfo

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
               (the book commands take --root MOVES: the book of the positions after MOVES)
               fourinarow-solver book-count PLIES
                                                 count the distinct opening positions (mirror-reduced,
                                                 not over) of each ply up to PLIES
               fourinarow-solver book-show MOVES
                                                 the checked-in book's score of the position after
                                                 MOVES and of each column played from it
               fourinarow-solver book-load PLIES
                                                 time loading a book of every position up to PLIES
                                                 (all scored as draws) and the memory it takes
               fourinarow-solver book-sample PLIES COUNT SEED [wdl]
                                                 solve COUNT of them at PLIES, chosen with SEED, and
                                                 project the time for all (wdl: win/draw/loss only)
               fourinarow-solver book-generate PLIES RESULTS [COUNT]
                                                 solve every position at PLIES not yet in RESULTS
                                                 (at most COUNT), appending "INDEX SCORE MS" lines:
                                                 a killed run resumes where it stopped
               fourinarow-solver book-write PLIES RESULTS SWIFTFILE
                                                 write the opening book's Swift source from RESULTS
               fourinarow-solver book-lines PLIES RESULTS COUNT SEED
                                                 print COUNT results chosen with SEED as "MOVES SCORE"
                                                 lines (Pons' format, for his solver or bench)
               fourinarow-solver bench-bot FILE [STEP [SECONDS [NODES]]]
                                                 ask a perfect bot (thinking limit SECONDS, default 2)
                                                 for a move in every STEP-th position of FILE (default
                                                 5: 200 of Pons' 1,000) and check that it keeps the
                                                 value and whether it is exact (checks of at most
                                                 NODES positions, default 200 million)
               fourinarow-solver game first|second [SECONDS [OPPONENT_SECONDS]]
                                                 a whole game: the perfect bot as first (second)
                                                 player against a perfect bot with its own limit,
                                                 each move with where it came from and its time
               fourinarow-solver games first|second COUNT [SECONDS]
                                                 COUNT games against an opponent half perfect, half
                                                 random (seeded): results, the bot's longest think by
                                                 depth, and the moves that reached the limit
               fourinarow-solver strategy-generate first|second RESULTS
                                                 prove a value-keeping move for every position the
                                                 perfect bot meets as first (second) player in the
                                                 opening, appending solver results to RESULTS: a
                                                 killed run resumes where it stopped
               fourinarow-solver strategy-write FIRST SECOND SWIFTFILE
                                                 write the strategy book's Swift source from the two
                                                 results files ("-": that side not covered)
               fourinarow-solver --version       print the version and exit
        """

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // The book commands take "--root MOVES" anywhere: the book of the positions after MOVES.
        var book = arguments
        var root = ""
        if let flag = book.firstIndex(of: "--root"), flag + 1 < book.count {
            root = book[flag + 1]
            book.removeSubrange(flag...(flag + 1))
        }
        // A book's plies count discs from the empty board: at least the root's, at most a full board.
        func plies(_ text: String) throws -> Int {
            let rootMoves = try BookGenerate.position(root).moves
            guard let plies = Int(text), (rootMoves...FourInARowPosition.cells).contains(plies) else { throw BookError.badArgument(text) }
            return plies
        }
        do {
            switch book.first {
            case "--version" where arguments.count == 1:
                print(String(cString: party_build_version()))
            case "bench" where arguments.count > 1:
                for path in arguments.dropFirst() { try Bench.run(path: path) }
            case "opening" where (2...3).contains(arguments.count):
                let seconds = arguments.count == 3 ? Double(arguments[2]) : 2
                guard let seconds, seconds > 0 else {
                    print(usage)
                    exit(2)
                }
                try Opening.run(line: arguments[1], limit: .milliseconds(Int64(seconds * 1000)))
            case "book-generate" where (3...4).contains(book.count):
                let limit = book.count == 4 ? Int(book[3]) : nil
                if book.count == 4, limit == nil { throw BookError.badArgument(book[3]) }
                try BookGenerate.run(root: root, plies: try plies(book[1]), path: book[2], limit: limit)
            case "book-write" where book.count == 4:
                try BookGenerate.write(root: root, plies: try plies(book[1]), path: book[2], output: book[3])
            case "book-lines" where book.count == 5:
                guard let count = Int(book[3]), count > 0 else { throw BookError.badArgument(book[3]) }
                guard let seed = UInt64(book[4]) else { throw BookError.badArgument(book[4]) }
                try BookGenerate.lines(root: root, plies: try plies(book[1]), path: book[2], count: count, seed: seed)
            case "strategy-generate" where arguments.count == 3 && ["first", "second"].contains(arguments[1]):
                let generator = try StrategyGenerator(botMovesFirst: arguments[1] == "first", path: arguments[2], compute: true)
                let walked = try generator.run()
                say("done: " + generator.summary(walked))
            case "bench-bot" where (2...5).contains(arguments.count):
                let step = arguments.count > 2 ? Int(arguments[2]) : 5
                let seconds = arguments.count > 3 ? Double(arguments[3]) : 2
                let nodes = arguments.count > 4 ? Int(arguments[4]) : 200_000_000
                guard let step, step > 0, let seconds, seconds > 0, let nodes, nodes > 0 else {
                    print(usage)
                    exit(2)
                }
                try BotBench.run(path: arguments[1], step: step, limit: .milliseconds(Int64(seconds * 1000)), checkNodes: nodes)
            case "game" where (2...4).contains(arguments.count) && ["first", "second"].contains(arguments[1]):
                let seconds = arguments.count > 2 ? Double(arguments[2]) : 2
                let opponent = arguments.count > 3 ? Double(arguments[3]) : seconds
                guard let seconds, seconds > 0, let opponent, opponent > 0 else {
                    print(usage)
                    exit(2)
                }
                try BotGame.run(botMovesFirst: arguments[1] == "first", limit: .milliseconds(Int64(seconds * 1000)),
                                opponentLimit: .milliseconds(Int64(opponent * 1000)))
            case "games" where (3...4).contains(arguments.count) && ["first", "second"].contains(arguments[1]):
                let seconds = arguments.count > 3 ? Double(arguments[3]) : 2
                guard let count = Int(arguments[2]), count > 0, let seconds, seconds > 0 else {
                    print(usage)
                    exit(2)
                }
                try BotGames.run(botMovesFirst: arguments[1] == "first", games: count, limit: .milliseconds(Int64(seconds * 1000)))
            case "strategy-write" where arguments.count == 4:
                try StrategyWrite.run(first: arguments[1], second: arguments[2], output: arguments[3])
            case "book-show" where book.count == 2:
                try BookMeasure.show(moves: book[1])
            case "book-load" where book.count == 2:
                try BookMeasure.load(root: root, plies: try plies(book[1]))
            case "book-count" where book.count == 2:
                BookMeasure.count(root: try BookGenerate.position(root), plies: try plies(book[1]))
            case "book-sample" where (4...5).contains(book.count):
                guard let count = Int(book[2]), count > 0 else { throw BookError.badArgument(book[2]) }
                guard let seed = UInt64(book[3]) else { throw BookError.badArgument(book[3]) }
                BookMeasure.sample(root: try BookGenerate.position(root), plies: try plies(book[1]), count: count, seed: seed,
                                   signOnly: book.count == 5 && book[4] == "wdl")
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
