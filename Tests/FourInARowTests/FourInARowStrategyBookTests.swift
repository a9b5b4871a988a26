import FourInARow
import PartyKit
import PartyTestSupport
import Testing

/// The checked-in strategy book: it covers every reply, its moves are proven, a stale book is refused.
@Suite("Four in a Row strategy book")
struct FourInARowStrategyBookTests {
    /// The checked-in book (its walk, count and fingerprint must fit this build).
    static func book() throws -> FourInARowStrategyBook {
        try #require(FourInARowStrategyBook.shared, "the checked-in strategy book does not fit this build: regenerate it (docs/PERFORMANCE.md)")
    }

    /// Every bot position reachable with the book's moves fixed and every reply of the other side,
    /// walked here independently of `FourInARowStrategyWalk`, with its entry; the problems met.
    static func reachable(_ book: FourInARowStrategyBook, botMovesFirst: Bool) -> (positions: [(FourInARowPosition, FourInARowStrategyEntry)], problems: [String]) {
        var found: [UInt64: (FourInARowPosition, FourInARowStrategyEntry)] = [:]
        var problems: [String] = []
        var stack: [(FourInARowPosition, String)] = [(FourInARowPosition(), "")]
        var seen = Set<UInt64>()
        while let (position, line) = stack.popLast() {
            guard seen.insert(position.key).inserted else { continue }
            guard (position.moves % 2 == 0) == botMovesFirst else {
                for column in 0..<7 where position.canPlay(column: column) && !position.isWinning(column: column) {
                    var next = position
                    next.play(column: column)
                    stack.append((next, line + String(column + 1)))
                }
                continue
            }
            guard let entry = book.entry(for: position) else {
                problems.append("\(line.isEmpty ? "the empty board" : line): no entry")
                continue
            }
            found[FourInARowOpenings.canonicalKey(position)] = (position, entry)
            guard let column = entry.column else { continue }
            guard position.canPlay(column: column) else {
                problems.append("\(line): column \(column + 1) is full")
                continue
            }
            // A move that lets the other side win at once never keeps a win or a draw.
            var next = position
            let wins = position.isWinning(column: column)
            next.play(column: column)
            if !wins, entry.value >= 0, next.canWinNext { problems.append("\(line): column \(column + 1) loses at once") }
            if !wins { stack.append((next, line + String(column + 1))) }
        }
        return (found.values.sorted { $0.0.key < $1.0.key }, problems)
    }

    /// Whether the checked-in book covers a side (while its generation is not finished it may not:
    /// docs/PERFORMANCE.md, "The strategy book"); the tests of an uncovered side are skipped.
    static func covers(botMovesFirst: Bool) -> Bool {
        botMovesFirst ? FourInARowStrategyBook.shared?.coversFirst == true : FourInARowStrategyBook.shared?.coversSecond == true
    }

    @Test("the checked-in book is not stale")
    func checkedInBookLoads() throws {
        _ = try Self.book()
    }

    @Test("the book answers every reply from the empty board as first player", .enabled(if: covers(botMovesFirst: true)))
    func bookCoversEveryReplyAsFirst() throws {
        try bookCoversEveryReply(botMovesFirst: true)
    }

    @Test("the book answers every reply from the empty board as second player", .enabled(if: covers(botMovesFirst: false)))
    func bookCoversEveryReplyAsSecond() throws {
        try bookCoversEveryReply(botMovesFirst: false)
    }

    func bookCoversEveryReply(botMovesFirst: Bool) throws {
        let book = try Self.book()
        let walk = Self.reachable(book, botMovesFirst: botMovesFirst)
        #expect(walk.problems.isEmpty, "\(walk.problems.count) problems: \(walk.problems.prefix(5))")
        // The opening's values as the theory has them (Allis 1988): the first player wins, only in the centre.
        if botMovesFirst {
            let empty = try #require(book.entry(for: FourInARowPosition()))
            #expect(empty == FourInARowStrategyEntry(column: 3, value: 1))
        } else {
            let values = try (0..<7).map { column in
                var position = FourInARowPosition()
                position.play(column: column)
                return try #require(book.entry(for: position)).value
            }
            #expect(values == [1, 1, 0, -1, 0, 1, 1])
        }
        // Every entry is met by the walk (none is left over) and no position the bot meets lacks one.
        #expect(walk.positions.count > 100)
    }

    /// A seeded sample of the book's deepest entries with a move, proven again by a fresh solver:
    /// the position is worth the entry's value and after its move the other side is worth no more
    /// than the opposite. Deep entries keep the test short in a debug build.
    @Test("a sample of deep entries is proven again by the solver", .enabled(if: covers(botMovesFirst: true) || covers(botMovesFirst: false)))
    func deepEntriesAreProvenAgain() async throws {
        let book = try Self.book()
        let problems = await HeavyWork.run {
            var problems: [String] = []
            var solver = FourInARowSolver(table: FourInARowSolverTests.checkTable())
            for botMovesFirst in [true, false] where botMovesFirst ? book.coversFirst : book.coversSecond {
                let entries = Self.reachable(book, botMovesFirst: botMovesFirst).positions
                    .filter { $0.1.column != nil && $0.1.value >= 0 }
                let deepest = entries.map(\.0.moves).max() ?? 0
                let deep = entries.filter { $0.0.moves >= deepest - 1 }
                var random = SeededRandom(seed: 31)
                for _ in 0..<min(3, deep.count) {
                    let (position, entry) = deep[Int(random.next() % UInt64(deep.count))]
                    let column = entry.column!
                    if solver.isAtLeast(position, entry.value) != true { problems.append("\(position.key): not worth \(entry.value)") }
                    guard !position.isWinning(column: column) else { continue }
                    var next = position
                    next.play(column: column)
                    if solver.isAtLeast(next, -entry.value + 1) != false {
                        problems.append("\(position.key): column \(column + 1) does not keep \(entry.value)")
                    }
                }
            }
            return problems
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test("a book that does not fit the walk, or whose text is damaged, is not used")
    func staleBooksAreRefused() throws {
        // A small hand-made book: the bot plays 4, and the live solver answers every reply.
        let replies = String(repeating: "-w", count: 4)
        let walked = try #require(FourInARowStrategyBook.parse(botMovesFirst: true, text: "4w" + replies)).walked
        #expect(walked.count == 5)  // mirror images count once: 4 then replies 1-4
        let text = walked.map(\.1).joined()
        let fingerprint = FourInARowStrategyBook.fingerprint(walked)
        func book(_ text: String, count: Int = 5, fingerprint: UInt64) -> FourInARowStrategyBook? {
            FourInARowStrategyBook(first: text, firstCount: count, firstFingerprint: fingerprint, second: "", secondCount: 0, secondFingerprint: 0)
        }
        let fresh = try #require(book(text, fingerprint: fingerprint))
        #expect(fresh.entry(for: FourInARowPosition())?.column == 3)
        var after = FourInARowPosition()
        after.play(column: 3)
        after.play(column: 6)
        #expect(fresh.entry(for: after) == FourInARowStrategyEntry(column: nil, value: 1))
        #expect(book(text, fingerprint: fingerprint ^ 1) == nil)
        #expect(book(text, count: 6, fingerprint: fingerprint) == nil)
        #expect(book(text + "-w", fingerprint: fingerprint) == nil, "a token too many")
        #expect(book(String(text.dropLast(2)), fingerprint: fingerprint) == nil, "a token too few")
        #expect(book("3w" + text.dropFirst(2), fingerprint: fingerprint) == nil, "another move, another walk")
        #expect(book("8w" + text.dropFirst(2), fingerprint: fingerprint) == nil, "not a column")
        #expect(book(text.replacingOccurrences(of: "-w", with: "-d"), fingerprint: fingerprint) == nil, "another value")
    }

    @Test("the perfect bot plays the book's moves at once", .enabled(if: covers(botMovesFirst: true) || covers(botMovesFirst: false)))
    func perfectBotPlaysTheBook() throws {
        let book = try Self.book()
        var problems: [String] = []
        for botMovesFirst in [true, false] where botMovesFirst ? book.coversFirst : book.coversSecond {
            // Along a few lines: the bot's book moves and the other side's first column that is open.
            for reply in 0..<7 {
                var line: [Int] = []
                var position = FourInARowPosition()
                while position.moves < 8 {
                    let column: Int
                    if (position.moves % 2 == 0) == botMovesFirst {
                        guard let entry = book.entry(for: position), let move = entry.column else { break }
                        let game = try SamplePositions.game(after: line)
                        let seat = SeatID(position.moves % 2)
                        var bot = FourInARowBot(seat: seat, seed: 5, level: .perfect)
                        bot.thinkingLimit = nil
                        bot.solverNodeLimit = 1  // a search gives up at once: the move must come from a book
                        let planned = bot.plan(for: game.view(for: .seat(seat), at: .zero), at: .zero)?.move.column
                        let expected = FourInARowOpeningBook.shared?.bestMove(position)?.column ?? move
                        if planned != expected + 1 { problems.append("\(line): bot \(planned ?? 0), book \(expected + 1)") }
                        column = expected
                    } else {
                        guard let open = (0..<7).map({ ($0 + reply) % 7 }).first(where: { position.canPlay(column: $0) && !position.isWinning(column: $0) }) else { break }
                        column = open
                    }
                    if position.isWinning(column: column) { break }
                    position.play(column: column)
                    line.append(column + 1)
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
    }
}
