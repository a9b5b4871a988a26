import FourInARow
import Foundation
import PartyKit

/// Counts the opening positions per ply and times exact solves of a seeded sample of them, to
/// project what a full opening book would cost.
enum BookMeasure {
    /// Prints, for plies 0 to `plies`, how many distinct positions (mirror-reduced, not over) there are.
    static func count(root: FourInARowPosition, plies: Int) {
        for ply in root.moves...plies {
            let positions = FourInARowOpenings.positions(after: root, plies: ply)
            let hash = String(FourInARowOpenings.fingerprint(positions), radix: 16)
            say("ply \(ply): \(positions.count) positions, fingerprint \(hash)")
        }
    }

    /// Prints the checked-in book's score of the position after `moves` and of each move from it
    /// (nil: not in the book), as Pascal Pons' solver's `-a` analysis does.
    static func show(moves: String) throws {
        let position = try BookGenerate.position(moves)
        guard let book = FourInARowOpeningBook.shared else { throw BookError.noBook }
        let scores = (0..<7).map { column -> String in
            guard position.canPlay(column: column) else { return "-" }
            if position.isWinning(column: column) { return String((43 - position.moves) / 2) }
            var next = position
            next.play(column: column)
            return book.score(of: next).map { String(-$0) } ?? "?"
        }
        say("\(moves) \(book.score(of: position).map(String.init) ?? "?") moves: \(scores.joined(separator: " "))")
    }

    /// Loads a book of every position after `root` up to `plies` discs, all scored as draws (what
    /// a full book of that depth would cost to load), and prints the time and the memory it took.
    static func load(root: String, plies: Int) throws {
        let start = try BookGenerate.position(root)
        let clock = ContinuousClock()
        let before = residentKiB()
        var book: FourInARowOpeningBook?
        let time = clock.measure {
            let positions = FourInARowOpenings.positions(after: start, plies: plies)
            let text = String(repeating: "g", count: positions.count)
            book = FourInARowOpeningBook(root: root, plies: plies, count: positions.count,
                                         fingerprint: FourInARowOpenings.fingerprint(positions), text: text)
        }
        let after = residentKiB()
        say("book of \(book?.count ?? 0) positions after \"\(root)\" up to \(plies) discs: loaded in "
            + "\(Bench.format(time.microseconds / 1000)) ms, resident memory \(before) → \(after) KiB")
    }

    /// The process's resident memory in KiB, from /proc/self/statm.
    static func residentKiB() -> Int {
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }

    /// Solves `count` positions of ply `plies`, chosen with `seed`, in enumeration order with one
    /// table kept across, and prints mean, max and the projected total for every position.
    /// With `signOnly`, only whether each position is won, drawn or lost (two null-window searches).
    static func sample(root: FourInARowPosition, plies: Int, count: Int, seed: UInt64, signOnly: Bool) {
        let positions = FourInARowOpenings.positions(after: root, plies: plies)
        var random = SeededRandom(seed: seed)
        var chosen = Set<Int>()
        while chosen.count < min(count, positions.count) {
            chosen.insert(Int(random.next() % UInt64(positions.count)))
        }
        var solver = FourInARowSolver(table: FourInARowTable())
        let clock = ContinuousClock()
        var times: [Double] = []
        var scores: [Int: Int] = [:]
        let started = clock.now
        for index in chosen.sorted() {
            var score: Int?
            let cpu = cpuSeconds()
            score = signOnly ? solver.outcome(positions[index]) : solver.solve(positions[index])
            times.append(cpuSeconds() - cpu)
            scores[score ?? 99, default: 0] += 1
            say("  \(times.count) done (#\(index), score \(score ?? 99), \(Bench.format(times.last! * 1000)) ms CPU), "
                + "\(Bench.format((clock.now - started).microseconds / 1e6)) s")
        }
        let mean = times.reduce(0, +) / Double(max(times.count, 1))
        say("ply \(plies): \(positions.count) positions; \(times.count) solved (seed \(seed)\(signOnly ? ", win/draw/loss only" : ""))")
        say("  mean \(Bench.format(mean * 1000)) ms, max \(Bench.format((times.max() ?? 0) * 1000)) ms, "
            + "median \(Bench.format(times.sorted()[times.count / 2] * 1000)) ms")
        say("  (times are this thread's CPU time, not wall-clock: the machine is shared)")
        say("  projected total: \(Bench.format(mean * Double(positions.count) / 60)) min on one core")
        say("  scores: \(scores.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))")
    }
}

/// Writes `line` to standard output at once (not buffered), so a long run's progress shows as it goes.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// This thread's CPU time in seconds (steadier than the wall clock on a shared machine).
func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
