import FourInARow
import Foundation
import PartyKit

/// Plays the perfect bot, as a game would, on positions of a test set and checks each move: does it
/// keep the position's value (won, drawn, lost), is it exactly optimal, and how long did it think.
enum BotBench {
    /// Every `step`-th line of `path` ("MOVES SCORE"), each answered by a perfect bot thinking at
    /// most `limit`; each check searches at most `checkNodes` positions (else it counts as unchecked).
    static func run(path: String, step: Int, limit: Duration, checkNodes: Int) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n").enumerated().filter { $0.offset % step == 0 }.map(\.element)
        var checker = FourInARowSolver(table: FourInARowTable(), nodeLimit: checkNodes)
        let clock = ContinuousClock()
        var times: [Double] = []
        var kept = 0, lost = 0, unchecked = 0, exact = 0, exactUnknown = 0
        var losses: [String] = []
        let seats = [Seat(id: SeatID(0), name: "Red"), Seat(id: SeatID(1), name: "Yellow")]
        for line in lines {
            let fields = line.split(separator: " ")
            guard fields.count == 2, let position = FourInARowPosition(sequence: fields[0]), let expected = Int(fields[1]) else {
                throw BenchError.badLine(String(line))
            }
            var game = FourInARow(setup: GameSetup(seats: seats, seed: 1))
            for character in fields[0] {
                guard let seat = game.currentSeat, let column = character.wholeNumberValue else { throw BenchError.badLine(String(line)) }
                try game.apply(FourInARowMove(column: column), from: seat, at: .zero)
            }
            guard let seat = game.currentSeat else { throw BenchError.badLine(String(line)) }
            var bot = FourInARowBot(seat: seat, seed: 1, level: .perfect)
            bot.thinkingLimit = limit
            var plan: BotPlan<FourInARowMove>?
            let time = clock.measure { plan = bot.plan(for: game.view(for: .seat(seat), at: .zero), at: .zero) }
            times.append(time.microseconds / 1000)
            guard let column = plan.map({ $0.move.column - 1 }) else { throw BenchError.badLine(String(line)) }
            let value = expected.signum()
            if position.isWinning(column: column) {
                kept += 1
                if expected == (43 - position.moves) / 2 { exact += 1 }
                continue
            }
            var next = position
            next.play(column: column)
            // Kept when the other side's value is at most the opposite; a lost position keeps it anyway.
            if value < 0 {
                kept += 1
            } else if let better = checker.isAtLeast(next, -value + 1) {
                if better { lost += 1; losses.append(String(line) + " played \(column + 1)") } else { kept += 1 }
            } else {
                unchecked += 1
            }
            if let score = checker.solve(next) {
                if -score == expected { exact += 1 }
            } else {
                exactUnknown += 1
            }
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let count = Double(lines.count)
        let sorted = times.sorted()
        say("\(name): \(lines.count) positions (every \(step)th), limit \(limit)")
        say("  value kept \(kept) (\(Bench.format(100 * Double(kept) / count)) %), lost \(lost), unchecked \(unchecked) (check budget \(checkNodes) nodes)")
        say("  exactly optimal \(exact) (\(Bench.format(100 * Double(exact) / count)) %), not decided \(exactUnknown)")
        say("  think time: mean \(Bench.format(times.reduce(0, +) / max(count, 1))) ms, median \(Bench.format(sorted[sorted.count / 2])) ms, "
            + "max \(Bench.format(sorted.last ?? 0)) ms; over 2 s: \(times.filter { $0 > 2000 }.count)")
        for loss in losses.prefix(10) { say("  lost value: \(loss)") }
    }
}
