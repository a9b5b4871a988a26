import FourInARow
import Foundation

/// Writes `FourInARowStrategyBook+Data.swift` from the results of `strategy-generate`.
enum StrategyWrite {
    /// Rebuilds each side's tree from its results (`-`: the side is not covered) and writes the source.
    static func run(first: String, second: String, output: String) throws {
        var sides: [[(FourInARowPosition, String)]] = []
        var summary: [String] = []
        for (botMovesFirst, path) in [(true, first), (false, second)] {
            guard path != "-" else {
                sides.append([])
                summary.append("\(botMovesFirst ? "first" : "second") player: not covered")
                continue
            }
            let generator = try StrategyGenerator(botMovesFirst: botMovesFirst, path: path, compute: false)
            let walked = try generator.run()
            sides.append(walked)
            summary.append(generator.summary(walked))
        }
        let source = FourInARowStrategyBook.source(first: sides[0], second: sides[1], summary: summary)
        try source.write(toFile: output, atomically: true, encoding: .utf8)
        say("wrote \(output): \(sides[0].count) + \(sides[1].count) positions")
    }
}
