extension QRMatrix {
    /// The penalty score of the symbol with `mask` applied (ISO/IEC 18004:2015, 7.8.3): lower is
    /// easier to read. Rule 1: runs of five or more same-coloured modules in a row or column (3 + the
    /// length beyond 5); rule 2: 2×2 blocks of one colour (3 each); rule 3: 1:1:3:1:1 finder-like
    /// patterns with four light modules on one side, the quiet zone counting as light (40 each);
    /// rule 4: 10 for each full 5 % the dark share is away from 50 %.
    func penalty(mask: Int, errorCorrection: QRErrorCorrection) -> Int {
        var masked = self
        masked.apply(mask: mask, errorCorrection: errorCorrection)
        return masked.penaltyScore()
    }

    func penaltyScore() -> Int {
        var score = 0
        var dark = 0
        for i in 0..<size {
            let row = (0..<size).map { self[$0, i] }
            let column = (0..<size).map { self[i, $0] }
            score += Self.runPenalty(row) + Self.runPenalty(column)
            score += Self.finderPenalty(row) + Self.finderPenalty(column)
            dark += row.count(where: { $0 })
        }
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let colour = self[x, y]
                if colour == self[x + 1, y], colour == self[x, y + 1], colour == self[x + 1, y + 1] { score += 3 }
            }
        }
        let total = size * size
        score += abs(dark * 20 - total * 10) / total * 10
        return score
    }

    /// Rule 1 for one line.
    static func runPenalty(_ line: [Bool]) -> Int {
        var score = 0
        var run = 1
        for i in 1...line.count {
            if i < line.count, line[i] == line[i - 1] {
                run += 1
            } else {
                if run >= 5 { score += 3 + run - 5 }
                run = 1
            }
        }
        return score
    }

    /// Rule 3 for one line: each dark-light-dark×3-light-dark pattern with four light modules before
    /// or after it (outside the symbol counts as light).
    static func finderPenalty(_ line: [Bool]) -> Int {
        let pattern = [true, false, true, true, true, false, true]
        func light(_ range: Range<Int>) -> Bool {
            range.allSatisfy { $0 < 0 || $0 >= line.count || !line[$0] }
        }
        var score = 0
        for start in 0...(line.count - pattern.count) where line[start..<start + 7].elementsEqual(pattern) {
            if light((start - 4)..<start) || light((start + 7)..<(start + 11)) { score += 40 }
        }
        return score
    }
}
