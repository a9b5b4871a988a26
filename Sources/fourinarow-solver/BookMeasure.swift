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

/// What can go wrong with the opening book commands.
enum BookError: Error, CustomStringConvertible {
    /// A command-line argument is not what the command takes.
    case badArgument(String)
    /// A file cannot be read or written.
    case unreadable(String)
    /// A results file belongs to another book (another ply, enumeration or key encoding).
    case otherBook(String, expected: String)
    /// A line of a results file is not "INDEX SCORE MILLISECONDS".
    case badResult(String, line: String)
    /// A results file lacks a position's score.
    case incomplete(String, missing: Int)

    var description: String {
        switch self {
        case .badArgument(let argument): "not a valid argument here: \"\(argument)\""
        case .unreadable(let path): "cannot read or write \(path)"
        case .otherBook(let path, let expected): "\(path) is not the results of this book; its first line should be \"\(expected)\""
        case .badResult(let path, let line): "\(path): not \"INDEX SCORE MILLISECONDS\": \"\(line)\""
        case .incomplete(let path, let missing): "\(path) has no score for position \(missing) yet: run book-generate until it is done"
        }
    }
}
