import FourInARow
import Testing

/// Positions with exact scores from Pascal Pons' test sets, one sample of 100 per set.
enum PonsSamples {
    /// A position and its exact score (from the side to move's point of view).
    struct Case: Sendable, CustomTestStringConvertible {
        /// The columns played, 1–7, from the empty board.
        let moves: String
        /// The exact score.
        let score: Int

        var testDescription: String { "\(moves) (\(score))" }
    }

    /// The sets the perfect level must master, by name.
    static let sets: [(name: String, lines: [String])] = [
        ("Test_L3_R1", testL3R1), ("Test_L2_R1", testL2R1), ("Test_L2_R2", testL2R2), ("Test_L1_R1", testL1R1),
    ]

    /// Every case of a set.
    static func cases(_ lines: [String]) -> [Case] {
        lines.map { line in
            let fields = line.split(separator: " ")
            return Case(moves: String(fields[0]), score: Int(fields[1])!)
        }
    }
}
