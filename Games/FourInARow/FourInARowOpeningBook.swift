/// Exact scores of every opening position up to a few plies deep, from the checked-in book, so the
/// perfect bot plays its first moves at once and without a search.
///
/// The book (`FourInARowOpeningBook+Data.swift`, written by `fourinarow-solver book-write`) holds the
/// solver's score of every position of `FourInARowOpenings.positions(plies:)`, in that order; the
/// scores of the shallower positions follow from them by negamax, once, when the book is loaded.
public struct FourInARowOpeningBook: Sendable {
    /// The alphabet of the scores' text: the character at `score + scoreOffset` stands for `score`.
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    /// What is added to a score to index the alphabet.
    static let scoreOffset = 32
    /// Characters per line of the generated text.
    static let lineLength = 100

    /// The book of this build, loaded on first use (once per process); nil when the checked-in book
    /// does not fit today's enumeration of positions (a stale book is never used).
    public static let shared: FourInARowOpeningBook? = FourInARowOpeningBook(
        root: generatedRoot, plies: generatedPlies, count: generatedCount, fingerprint: generatedFingerprint, text: generatedScores)

    /// How deep the scored positions are: every position after `root` with at most this many discs
    /// (and not over) is in the book.
    public let plies: Int
    /// Scores by canonical key, for every position of the book.
    private let scores: [UInt64: Int8]

    /// The moves (columns 1–7) after which the book begins: it scores the positions that follow
    /// from them. Empty for the empty board.
    public let root: String

    /// The book of the positions after `root` whose positions at `plies` discs score as `text`
    /// says (one character each); nil when the enumeration does not have `count` positions with
    /// `fingerprint`, or `text` is not one valid character per position.
    public init?(root: String = "", plies: Int, count: Int, fingerprint: UInt64, text: String) {
        guard let start = FourInARowPosition(sequence: root), start.moves <= plies,
              plies <= FourInARowPosition.cells else { return nil }
        let levels = FourInARowOpenings.levels(after: start, upTo: plies)
        guard levels[plies].count == count, FourInARowOpenings.fingerprint(levels[plies]) == fingerprint,
              let leaves = Self.decode(text), leaves.count == count else { return nil }
        var scores: [UInt64: Int8] = [:]
        scores.reserveCapacity(levels.reduce(0) { $0 + $1.count })
        for (position, score) in zip(levels[plies], leaves) {
            scores[FourInARowOpenings.canonicalKey(position)] = Int8(score)
        }
        // Shallower positions, deepest first: the best of their moves' scores.
        for ply in stride(from: plies - 1, through: start.moves, by: -1) {
            for position in levels[ply] {
                let best = Self.bestMove(position) { scores[FourInARowOpenings.canonicalKey($0)].map(Int.init) }
                guard let best else { return nil }
                scores[FourInARowOpenings.canonicalKey(position)] = Int8(best.score)
            }
        }
        self.root = root
        self.plies = plies
        self.scores = scores
    }

    /// How many positions the book scores, at every depth up to `plies`.
    public var count: Int { scores.count }

    /// The exact score of `position` (as `FourInARowSolver` gives it), or nil when it is not in
    /// the book (deeper than `plies`, not after `root`, or over).
    public func score(of position: FourInARowPosition) -> Int? {
        guard position.moves <= plies else { return nil }
        return scores[FourInARowOpenings.canonicalKey(position)].map(Int.init)
    }

    /// A column (0-based) that keeps the exact value of `position`, which has fewer than `plies`
    /// discs, with that value: the fastest win, a draw or the slowest loss; among equals the one
    /// nearest the centre. Nil when the position is not in the book or is at its last ply.
    public func bestMove(_ position: FourInARowPosition) -> (column: Int, score: Int)? {
        guard position.moves < plies else { return nil }
        return Self.bestMove(position) { score(of: $0) }
    }

    /// The best move of `position` by the scores of the positions after it that `score` gives.
    private static func bestMove(
        _ position: FourInARowPosition, score: (FourInARowPosition) -> Int?
    ) -> (column: Int, score: Int)? {
        var best: (column: Int, score: Int)?
        for column in FourInARowSolver.columnOrder where position.canPlay(column: column) {
            let value: Int
            if position.isWinning(column: column) {
                value = (FourInARowPosition.cells + 1 - position.moves) / 2
            } else {
                var next = position
                next.play(column: column)
                guard let reply = score(next) else { return nil }
                value = -reply
            }
            if best.map({ value > $0.score }) ?? true { best = (column, value) }
        }
        return best
    }

    /// The scores that `text` spells, one character each (line breaks ignored); nil when a
    /// character is not in the alphabet.
    static func decode(_ text: String) -> [Int]? {
        var scores: [Int] = []
        for byte in text.utf8 where byte != UInt8(ascii: "\n") {
            guard let index = alphabet.firstIndex(of: byte) else { return nil }
            scores.append(index - scoreOffset)
        }
        return scores
    }

    /// The Swift source of `FourInARowOpeningBook+Data.swift` for `scores` of the positions at
    /// `plies` discs, whose enumeration has `fingerprint`.
    public static func source(root: String, plies: Int, fingerprint: UInt64, scores: [Int]) -> String {
        let text = String(decoding: scores.map { alphabet[$0 + scoreOffset] }, as: UTF8.self)
        var lines: [Substring] = []
        var start = text.startIndex
        while start < text.endIndex {
            let end = text.index(start, offsetBy: lineLength, limitedBy: text.endIndex) ?? text.endIndex
            lines.append(text[start..<end])
            start = end
        }
        return """
            // Generated by `fourinarow-solver book-write` from the results of `book-generate \(plies)\(root.isEmpty ? "" : " --root \(root)")`
            // (docs/PERFORMANCE.md tells how long that takes). Do not edit by hand: FourInARowOpeningBookTests
            // fails when this file is not what the tool writes or no longer fits the enumeration of positions.

            extension FourInARowOpeningBook {
                /// The moves (columns 1–7) after which the book begins; empty for the empty board.
                static let generatedRoot = "\(root)"
                /// How many discs the scored positions have.
                static let generatedPlies = \(plies)
                /// How many positions `FourInARowOpenings.positions(after:plies:)` lists after the root.
                static let generatedCount = \(scores.count)
                /// `FourInARowOpenings.fingerprint` of those positions.
                static let generatedFingerprint: UInt64 = 0x\(String(fingerprint, radix: 16))
                /// The solver's score of each position, in order: the character at score + \(scoreOffset) of the
                /// base64 alphabet.
                static let generatedScores = \"\"\"
            \(lines.map { "        " + $0 }.joined(separator: "\n"))
                    \"\"\"
            }

            """
    }
}
