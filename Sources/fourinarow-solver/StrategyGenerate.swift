import FourInARow
import Foundation

/// Generates one side of the strategy book: proves a value-keeping move for every position the bot
/// meets with its own moves fixed, against every reply, and appends each solver result to a
/// results file as it goes, so that a killed run resumes where it stopped (the tree above the
/// solver's results is rebuilt from them in moments).
///
/// Bot positions with fewer than `directFrom` discs get their move from the tree below them: the
/// move is kept when every reply leads to a position that keeps the target value (tried best-first,
/// the next candidate when one fails), so no search is made from those shallow positions, whose weak
/// proofs take minutes to hours. From `directFrom` discs on, the solver proves the position's weak
/// value and a move that keeps it. From `liveFrom` discs on, a position whose move the live solver
/// finds within `liveNodes` positions (a fresh standard table, as the bot's) gets no move: the
/// bot's solver plays there. The rest get a move and the walk goes on below them.
final class StrategyGenerator {
    /// The fixed settings; the results file's header names them, so a resumed run uses the same.
    struct Settings {
        var directFrom = 6
        var liveFrom = 8
        var maxPly = 16
        var liveNodes = 3_000_000
        var upgradeNodes = 20_000_000
        var lostNodes = 2_000_000
        var tableSize = 67_108_859
    }

    let botMovesFirst: Bool
    let settings: Settings
    let path: String
    /// Whether missing results may be computed (false: only read, as `strategy-write` does).
    let compute: Bool
    /// Proven weak values of deep positions, their moves (canonical orientation) and whether the
    /// live solver takes over there.
    private var deep: [UInt64: (value: Int, column: Int, live: Bool)] = [:]
    /// Deep positions proven worth less than the value given.
    private var below: [UInt64: Int] = [:]
    /// Results of the budgeted tests "worth at least k?" of shallow positions (nil: not decided).
    private var tests: [UInt64: Bool?] = [:]
    /// Moves of the shallow positions (canonical orientation) and the values they keep.
    private var decisions: [UInt64: FourInARowStrategyEntry] = [:]
    /// Shallow positions where no move keeps the value given.
    private var failed: [UInt64: Int] = [:]
    private var expanded = Set<UInt64>()
    private var solver: FourInARowSolver
    private let liveTable = FourInARowTable()
    private var file: FileHandle?
    private var computed = 0
    private let started = ContinuousClock.now
    private let startedCPU = cpuSeconds()

    init(botMovesFirst: Bool, settings: Settings = Settings(), path: String, compute: Bool) throws {
        self.botMovesFirst = botMovesFirst
        self.settings = settings
        self.path = path
        self.compute = compute
        solver = FourInARowSolver(table: compute ? FourInARowTable(size: settings.tableSize) : FourInARowTable(size: (1 << 17) + 1))
        try load()
    }

    /// The results file's first line.
    var header: String {
        "# fourinarow strategy book: \(botMovesFirst ? "first" : "second") player, direct from \(settings.directFrom), "
            + "live from \(settings.liveFrom) within \(settings.liveNodes) nodes, upgrade tests \(settings.upgradeNodes) nodes, "
            + "lost moves \(settings.lostNodes) nodes, at most \(settings.maxPly) discs"
    }

    /// Reads the results so far (creating the file with its header when computing).
    private func load() throws {
        if !FileManager.default.fileExists(atPath: path) {
            guard compute else { throw BookError.unreadable(path) }
            try (header + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first.map(String.init) == header else { throw BookError.otherBook(path, expected: header) }
        lines.removeFirst()
        // A line cut short by a killed run has no line end: it is dropped and computed again.
        if lines.last.map({ !$0.isEmpty }) == true { lines.removeLast() }
        for line in lines where !line.isEmpty {
            let fields = line.split(separator: " ")
            guard fields.count >= 3, let key = UInt64(fields[1]) else { throw BookError.badResult(path, line: String(line)) }
            switch fields[0] {
            case "V" where fields.count >= 5:
                guard let value = Int(fields[2]), let column = Int(fields[3]) else { throw BookError.badResult(path, line: String(line)) }
                deep[key] = (value, column, fields[4] == "live")
            case "B":
                guard let value = Int(fields[2]) else { throw BookError.badResult(path, line: String(line)) }
                below[key] = min(below[key] ?? 2, value)
            case "U" where fields.count >= 4:
                guard let value = Int(fields[2]) else { throw BookError.badResult(path, line: String(line)) }
                tests[key &* 4 &+ UInt64(value + 1)] = fields[3] == "?" ? .some(nil) : .some(fields[3] == "1")
            default:
                throw BookError.badResult(path, line: String(line))
            }
        }
        if compute {
            let kept = text.utf8.lastIndex(of: UInt8(ascii: "\n")).map { text.utf8.distance(from: text.utf8.startIndex, to: $0) + 1 } ?? 0
            file = FileHandle(forWritingAtPath: path)
            try file?.truncate(atOffset: UInt64(kept))
            try file?.seekToEnd()
        }
    }

    private func append(_ line: String) throws {
        try file?.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Builds the whole tree, computing what the results lack; returns the book's walk.
    func run() throws -> [(FourInARowPosition, String)] {
        if botMovesFirst {
            // The first player wins (Allis, Allen 1988): the tree below proves it.
            guard try node(FourInARowPosition(), target: 1) else { throw StrategyError.unproven("the empty board") }
        } else {
            // The second player wins after 1, 2, 6, 7, draws after 3 and 5, loses after 4 (same sources).
            for column in 0..<7 {
                var position = FourInARowPosition()
                position.play(column: column)
                let theory = column == 3 ? -1 : column == 2 || column == 4 ? 0 : 1
                guard try node(position, target: theory) else { throw StrategyError.unproven(String(column + 1)) }
            }
        }
        return try walk()
    }

    /// The book's entries along `FourInARowStrategyWalk`.
    private func walk() throws -> [(FourInARowPosition, String)] {
        var walked: [(FourInARowPosition, String)] = []
        var missing: FourInARowPosition?
        let complete = FourInARowStrategyWalk.walk(botMovesFirst: botMovesFirst) { position in
            let key = FourInARowOpenings.canonicalKey(position)
            let orient = { (column: Int) in position.key == key ? column : 6 - column }
            let entry: FourInARowStrategyEntry
            if let decision = decisions[key], let column = decision.column, position.moves < settings.directFrom {
                entry = FourInARowStrategyEntry(column: orient(column), value: decision.value)
            } else if let record = deep[key] {
                entry = FourInARowStrategyEntry(column: record.live ? nil : orient(record.column), value: record.value)
            } else {
                missing = position
                return nil
            }
            walked.append((position, entry.token))
            return entry
        }
        guard complete else { throw StrategyError.missing(missing.map { String($0.key) } ?? "?") }
        return walked
    }

    /// Whether the bot position `position` keeps at least `target`, choosing (and recording) its move.
    private func node(_ position: FourInARowPosition, target: Int) throws -> Bool {
        position.moves >= settings.directFrom ? try deepNode(position, target: target) : try shallowNode(position, target: target)
    }

    private func shallowNode(_ position: FourInARowPosition, target: Int) throws -> Bool {
        let key = FourInARowOpenings.canonicalKey(position)
        if let decision = decisions[key], decision.value >= target { return true }
        if let failure = failed[key], target >= failure { return false }
        var goal = target
        // Worth more than the context proves? A budgeted test; when undecided the book keeps `goal`.
        while goal < 1, settings.upgradeNodes > 0, try test(position, atLeast: goal + 1) == true { goal += 1 }
        for column in FourInARowSolver.candidateColumns(position) {
            var next = position
            let wins = position.isWinning(column: column)
            next.play(column: column)
            if try wins || replies(next, target: goal) {
                decisions[key] = FourInARowStrategyEntry(column: position.key == key ? column : 6 - column, value: wins ? 1 : goal)
                return true
            }
        }
        guard goal == target else { throw StrategyError.unproven("position \(key): a test proved \(goal), no move keeps it") }
        failed[key] = min(failed[key] ?? 2, target)
        return false
    }

    /// Whether every reply of the other side in `position` (after the bot's move) leaves the bot
    /// a position that keeps `target`.
    private func replies(_ position: FourInARowPosition, target: Int) throws -> Bool {
        if position.moves == FourInARowPosition.cells { return target <= 0 }
        if position.canWinNext, target >= 0 { return false }
        for column in 0..<7 where position.canPlay(column: column) && !position.isWinning(column: column) {
            var next = position
            next.play(column: column)
            guard try node(next, target: target) else { return false }
        }
        return true
    }

    private func deepNode(_ position: FourInARowPosition, target: Int) throws -> Bool {
        let key = FourInARowOpenings.canonicalKey(position)
        if let record = deep[key] {
            guard record.value >= target else { return false }
            try expand(position, record)
            return true
        }
        if let bound = below[key], target >= bound { return false }
        guard compute else { throw StrategyError.missing(String(key)) }
        let cpu = cpuSeconds()
        var value = 1
        if !position.canWinNext {
            var atLeast = -1
            if target >= 0 {
                guard solver.isAtLeast(position, target)! else {
                    below[key] = target
                    try append("B \(key) \(target)")
                    return false
                }
                atLeast = target
            }
            value = solver.weakValue(position, atLeast: atLeast)!
        }
        var column: Int
        if value < 0 {
            // Lost: the slowest loss when an exact search finds it within its budget.
            solver.nodeLimit = settings.lostNodes
            column = solver.bestMove(position)?.column ?? FourInARowSolver.candidateColumns(position)[0]
            solver.nodeLimit = .max
        } else {
            guard let keeping = solver.keepingMove(position, value: value) else {
                throw StrategyError.unproven("position \(key): no move keeps \(value)")
            }
            column = keeping
        }
        let live = position.moves >= settings.maxPly || position.moves >= settings.liveFrom && (value < 0 || liveAnswers(position, value: value))
        let record = (value: value, column: position.key == key ? column : 6 - column, live: live)
        deep[key] = record
        let milliseconds = Int(((cpuSeconds() - cpu) * 1000).rounded())
        try append("V \(key) \(value) \(record.column) \(live ? "live" : "book") \(position.moves) \(milliseconds)")
        computed += 1
        if computed % 50 == 0 {
            let wall = (ContinuousClock.now - started).microseconds / 1e6
            say("\(computed) solved this run (\(deep.count) in all), \(Bench.format(cpuSeconds() - startedCPU)) s CPU, \(Bench.format(wall)) s wall")
        }
        try expand(position, record)
        return true
    }

    /// Walks on below a deep position that holds a move.
    private func expand(_ position: FourInARowPosition, _ record: (value: Int, column: Int, live: Bool)) throws {
        let key = FourInARowOpenings.canonicalKey(position)
        guard !record.live, expanded.insert(key).inserted else { return }
        let column = position.key == key ? record.column : 6 - record.column
        guard !position.isWinning(column: column) else { return }
        var next = position
        next.play(column: column)
        guard try replies(next, target: record.value) else {
            throw StrategyError.unproven("position \(key): its move does not keep \(record.value)")
        }
    }

    /// Whether the bot's live solver, with a fresh standard table, finds a move keeping `value`
    /// within `liveNodes` positions.
    private func liveAnswers(_ position: FourInARowPosition, value: Int) -> Bool {
        liveTable.reset()
        var live = FourInARowSolver(table: liveTable, nodeLimit: settings.liveNodes)
        return live.keepingMove(position, value: value) != nil
    }

    /// A budgeted test of whether a shallow position is worth at least `value`, recorded.
    private func test(_ position: FourInARowPosition, atLeast value: Int) throws -> Bool? {
        let key = FourInARowOpenings.canonicalKey(position)
        let slot = key &* 4 &+ UInt64(value + 1)
        if let known = tests[slot] { return known }
        guard compute else { throw StrategyError.missing(String(key)) }
        solver.nodeLimit = settings.upgradeNodes
        let result = solver.isAtLeast(position, value)
        solver.nodeLimit = .max
        tests[slot] = .some(result)
        try append("U \(key) \(value) \(result.map { $0 ? "1" : "0" } ?? "?")")
        return result
    }

    /// Counts for the report: entries by disc count, live positions, undecided upgrade tests.
    func summary(_ walked: [(FourInARowPosition, String)]) -> String {
        var perPly: [Int: Int] = [:]
        for (position, _) in walked { perPly[position.moves, default: 0] += 1 }
        let live = walked.filter { $0.1.hasPrefix("-") }.count
        let undecided = tests.values.filter { $0 == nil }.count
        let plies = perPly.keys.sorted().map { "\($0): \(perPly[$0]!)" }.joined(separator: ", ")
        return "\(botMovesFirst ? "first" : "second") player: \(walked.count) positions (\(live) left to the live solver); "
            + "by discs \(plies); \(undecided) of \(tests.count) upgrade tests undecided"
    }
}

/// What can go wrong generating the strategy book.
enum StrategyError: Error, CustomStringConvertible {
    /// A value the tree should prove is not proven (the theory or the solver is wrong).
    case unproven(String)
    /// The results lack a position (key) the book needs: generate until done.
    case missing(String)

    var description: String {
        switch self {
        case .unproven(let what): "could not prove the value of \(what)"
        case .missing(let key): "the results lack position \(key): run strategy-generate until it is done"
        }
    }
}
