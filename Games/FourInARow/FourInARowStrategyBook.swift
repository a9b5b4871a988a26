/// The perfect bot's strategy book: one value-keeping move for every position the bot can meet in
/// the opening when it plays the book's moves, against every reply, as first or second player.
///
/// It is not a table of scores: it holds one move per position the bot reaches with its own moves
/// fixed, with the position's weak value (won, drawn, lost), down to where the live solver answers
/// in time (those positions hold no move, only their value). `fourinarow-solver strategy-generate`
/// computes it, proving every move with the solver; `strategy-write` writes
/// `FourInARowStrategyBook+Data.swift`. The text lists the entries in `FourInARowStrategyWalk`'s
/// order, two characters each (`FourInARowStrategyEntry.token`); a count and a fingerprint of the
/// positions walked guard against a stale book, which is refused (nil), never used.
public struct FourInARowStrategyBook: Sendable {
    /// Characters per line of the generated text.
    static let lineLength = 100

    /// The book of this build, loaded on first use; nil when the checked-in book does not fit this
    /// build's walk (a stale book is never used).
    public static let shared: FourInARowStrategyBook? = FourInARowStrategyBook(
        first: generatedFirst, firstCount: generatedFirstCount, firstFingerprint: generatedFirstFingerprint,
        second: generatedSecond, secondCount: generatedSecondCount, secondFingerprint: generatedSecondFingerprint)

    /// Entries by canonical key, their columns in the orientation of that key.
    private let entries: [UInt64: FourInARowStrategyEntry]
    /// Whether the book covers the bot as first player (and as second player).
    public let coversFirst: Bool
    /// Whether the book covers the bot as second player.
    public let coversSecond: Bool

    /// The book whose sides spell their entries as `first` and `second` (empty: that side is not
    /// covered); nil when a side's text does not walk to exactly `count` entries with `fingerprint`.
    public init?(first: String, firstCount: Int, firstFingerprint: UInt64,
                 second: String, secondCount: Int, secondFingerprint: UInt64) {
        var entries: [UInt64: FourInARowStrategyEntry] = [:]
        for (botMovesFirst, text, count, fingerprint) in [(true, first, firstCount, firstFingerprint),
                                                          (false, second, secondCount, secondFingerprint)] {
            guard !text.isEmpty else { continue }
            guard let side = Self.parse(botMovesFirst: botMovesFirst, text: text),
                  side.walked.count == count, Self.fingerprint(side.walked) == fingerprint else { return nil }
            for (key, entry) in side.entries { entries[key] = entry }
        }
        self.entries = entries
        coversFirst = !first.isEmpty
        coversSecond = !second.isEmpty
    }

    /// How many positions the book holds (with a move or with the live solver's turn).
    public var count: Int { entries.count }

    /// The entry of `position` (the bot to move), its column in `position`'s orientation; nil when
    /// the book does not hold the position.
    public func entry(for position: FourInARowPosition) -> FourInARowStrategyEntry? {
        let key = FourInARowOpenings.canonicalKey(position)
        guard let entry = entries[key] else { return nil }
        guard let column = entry.column, position.key != key else { return entry }
        return FourInARowStrategyEntry(column: 6 - column, value: entry.value)
    }

    /// The entries `text` spells along the walk, by canonical key, and the positions and tokens
    /// walked in order; nil when the text runs out, has a character too many, or plays a full column.
    public static func parse(botMovesFirst: Bool, text: String) -> (entries: [UInt64: FourInARowStrategyEntry], walked: [(FourInARowPosition, String)])? {
        let tokens = text.split(separator: "\n").joined()
        guard tokens.count % 2 == 0 else { return nil }
        var index = tokens.startIndex
        var entries: [UInt64: FourInARowStrategyEntry] = [:]
        var walked: [(FourInARowPosition, String)] = []
        let complete = FourInARowStrategyWalk.walk(botMovesFirst: botMovesFirst) { position in
            guard index < tokens.endIndex else { return nil }
            let end = tokens.index(index, offsetBy: 2)
            let token = tokens[index..<end]
            index = end
            guard let entry = FourInARowStrategyEntry(token: Substring(token)) else { return nil }
            let key = FourInARowOpenings.canonicalKey(position)
            entries[key] = FourInARowStrategyEntry(column: position.key == key ? entry.column : entry.column.map { 6 - $0 },
                                                   value: entry.value)
            walked.append((position, String(token)))
            return entry
        }
        guard complete, index == tokens.endIndex else { return nil }
        return (entries, walked)
    }

    /// A 64-bit FNV-1a hash of the walked positions' canonical keys and their tokens, in order: it
    /// changes when the walk, the key encoding or an entry changes.
    public static func fingerprint(_ walked: [(FourInARowPosition, String)]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for (position, token) in walked {
            var key = FourInARowOpenings.canonicalKey(position)
            for _ in 0..<8 {
                hash = (hash ^ (key & 0xFF)) &* 0x100_0000_01b3
                key >>= 8
            }
            for byte in token.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        return hash
    }

    /// The text of `tokens` cut into lines of `lineLength` characters, each indented for the source.
    static func lines(_ tokens: [String]) -> String {
        let text = Array(tokens.joined())
        return stride(from: 0, to: text.count, by: lineLength)
            .map { "        " + String(text[$0..<min($0 + lineLength, text.count)]) }
            .joined(separator: "\n")
    }

    /// The Swift source of `FourInARowStrategyBook+Data.swift` for the entries walked as first
    /// and as second player (in walk order; empty when a side is not covered), with `summary` (one
    /// line or a few, no line breaks in a line) said in its header comment.
    public static func source(first: [(FourInARowPosition, String)], second: [(FourInARowPosition, String)], summary: [String]) -> String {
        func side(_ name: String, _ walked: [(FourInARowPosition, String)]) -> String {
            let title = name.prefix(1).uppercased() + name.dropFirst()
            return """
                /// The entries as \(name) player, two characters each, in `FourInARowStrategyWalk` order.
                static let generated\(title) = \"\"\"
            \(lines(walked.map(\.1)))
                    \"\"\"
                /// How many positions the walk as \(name) player meets.
                static let generated\(title)Count = \(walked.count)
                /// `FourInARowStrategyBook.fingerprint` of that walk.
                static let generated\(title)Fingerprint: UInt64 = 0x\(String(fingerprint(walked), radix: 16))
            """
        }
        return """
            // Generated by `fourinarow-solver strategy-write` from the results of `strategy-generate`
            // (docs/PERFORMANCE.md, "The strategy book"). Do not edit by hand: FourInARowStrategyBookTests
            // fails when this book no longer fits the walk.
            \(summary.map { "// " + $0 }.joined(separator: "\n"))

            extension FourInARowStrategyBook {
            \(side("first", first))
            \(side("second", second))
            }

            """
    }
}
