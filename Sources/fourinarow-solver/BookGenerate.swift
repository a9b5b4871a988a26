import FourInARow
import Foundation
import PartyKit

/// Generates the opening book: solves every position of `FourInARowOpenings.positions(plies:)` and
/// appends "INDEX SCORE MILLISECONDS" (of CPU time) to a results file as it goes, so a killed run resumes where it stopped;
/// then writes the book's Swift source from the complete results.
enum BookGenerate {
    /// The results file's first line, which a resumed run must match.
    static func header(root: String, plies: Int, positions: [FourInARowPosition]) -> String {
        let hash = String(FourInARowOpenings.fingerprint(positions), radix: 16)
        return "# fourinarow opening book: root \"\(root)\", ply \(plies), \(positions.count) positions, fingerprint \(hash), exact scores"
    }

    /// Solves the positions of ply `plies` not yet in `path`, appending each result at once.
    static func run(root: String, plies: Int, path: String, limit: Int?) throws {
        let positions = FourInARowOpenings.positions(after: try position(root), plies: plies)
        let expected = header(root: root, plies: plies, positions: positions)
        var done = try results(at: path, header: expected, count: positions.count, create: true)
        guard let file = FileHandle(forWritingAtPath: path) else { throw BookError.unreadable(path) }
        defer { try? file.close() }
        // A line cut short by a killed run (no line end yet) is dropped: that position is solved again.
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let kept = text.utf8.lastIndex(of: UInt8(ascii: "\n")).map { text.utf8.distance(from: text.utf8.startIndex, to: $0) + 1 } ?? 0
        try file.truncate(atOffset: UInt64(kept))
        try file.seekToEnd()
        var solver = FourInARowSolver(table: FourInARowTable())
        let clock = ContinuousClock()
        let started = clock.now
        var solved = 0
        say("\(done.count) of \(positions.count) already done")
        for (index, position) in positions.enumerated() where done[index] == nil {
            if let limit, solved >= limit { break }
            let cpu = cpuSeconds()
            guard let score = solver.solve(position) else { continue }
            let milliseconds = Int(((cpuSeconds() - cpu) * 1000).rounded())
            done[index] = score
            solved += 1
            let line = "\(index) \(score) \(milliseconds)\n"
            try file.write(contentsOf: Data(line.utf8))
            if solved % 100 == 0 {
                let elapsed = (clock.now - started).microseconds / 1e6
                say("\(done.count) of \(positions.count) done; this run \(solved) in \(Bench.format(elapsed)) s")
            }
        }
        say("\(done.count) of \(positions.count) done")
    }

    /// Writes the book's Swift source to `output` from the complete results in `path`.
    static func write(root: String, plies: Int, path: String, output: String) throws {
        let positions = FourInARowOpenings.positions(after: try position(root), plies: plies)
        let done = try results(at: path, header: header(root: root, plies: plies, positions: positions), count: positions.count, create: false)
        let scores = try positions.indices.map { index in
            guard let score = done[index] else { throw BookError.incomplete(path, missing: index) }
            return score
        }
        let source = FourInARowOpeningBook.source(root: root, plies: plies, fingerprint: FourInARowOpenings.fingerprint(positions), scores: scores)
        try source.write(toFile: output, atomically: true, encoding: .utf8)
        say("wrote \(output): \(scores.count) scores")
    }

    /// The position after the moves `root` (digits 1–7).
    static func position(_ root: String) throws -> FourInARowPosition {
        guard let position = FourInARowPosition(sequence: root) else { throw BookError.badArgument(root) }
        return position
    }

    /// The scores recorded in `path` by position index; creates the file with `header` when asked.
    static func results(at path: String, header: String, count: Int, create: Bool) throws -> [Int: Int] {
        guard FileManager.default.fileExists(atPath: path) else {
            guard create else { throw BookError.unreadable(path) }
            try (header + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            return [:]
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var lines = text.split(separator: "\n")
        guard lines.first.map(String.init) == header else { throw BookError.otherBook(path, expected: header) }
        lines.removeFirst()
        var done: [Int: Int] = [:]
        for line in lines {
            let fields = line.split(separator: " ")
            guard fields.count == 3, let index = Int(fields[0]), (0..<count).contains(index),
                  let score = Int(fields[1]), (FourInARowSolver.minScore...FourInARowSolver.maxScore).contains(score) else {
                // A line cut short by a killed run (the last, with no line end): solve that position again.
                if line == lines.last, !text.hasSuffix("\n") { continue }
                throw BookError.badResult(path, line: String(line))
            }
            done[index] = score
        }
        return done
    }
}

extension BookGenerate {
    /// Prints `count` results of `path` chosen with `seed`, as "MOVES SCORE" lines (Pascal Pons'
    /// test-set format, for his solver or `bench`): the moves reach the position from the empty board.
    static func lines(root: String, plies: Int, path: String, count: Int, seed: UInt64) throws {
        let start = try position(root)
        let positions = FourInARowOpenings.positions(after: start, plies: plies)
        let done = try results(at: path, header: header(root: root, plies: plies, positions: positions), count: positions.count, create: false)
        // The moves that first reach each position, in the enumeration's walk (so in its orientation).
        var sequences: [UInt64: String] = [:]
        var seen = [Set<UInt64>](repeating: [], count: plies + 1)
        func walk(_ position: FourInARowPosition, _ moves: String) {
            guard seen[position.moves].insert(FourInARowOpenings.canonicalKey(position)).inserted else { return }
            guard position.moves < plies else {
                sequences[position.key] = moves
                return
            }
            for column in 0..<7 where position.canPlay(column: column) && !position.isWinning(column: column) {
                var next = position
                next.play(column: column)
                walk(next, moves + String(column + 1))
            }
        }
        walk(start, root)
        var random = SeededRandom(seed: seed)
        var chosen = Set<Int>()
        let available = done.keys.sorted()
        while chosen.count < min(count, available.count) {
            chosen.insert(available[Int(random.next() % UInt64(available.count))])
        }
        for index in chosen.sorted() {
            guard let moves = sequences[positions[index].key], let score = done[index] else { continue }
            say("\(moves) \(score)")
        }
    }
}
