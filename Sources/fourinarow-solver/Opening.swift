import FourInARow
import Foundation
import PartyKit

/// How far into a game the perfect bot's thinking limit reaches: along a line of moves from the
/// empty board, asks a perfect bot for each position's move and prints how long it thought and
/// whether the solver finished (an exact move) or gave up (the 8-ply fallback).
enum Opening {
    static func run(line: String, limit: Duration) throws {
        guard FourInARowPosition(sequence: line) != nil else { throw BenchError.badLine(line) }
        let clock = ContinuousClock()
        let seats = [Seat(id: SeatID(0), name: "Red"), Seat(id: SeatID(1), name: "Yellow")]
        var game = FourInARow(setup: GameSetup(seats: seats, seed: 1))
        var position = FourInARowPosition()
        var moves = Array(line)
        while let seat = game.currentSeat {
            // Would the solver alone finish in time? (The bot below uses the same limit.)
            var solver = FourInARowSolver(table: FourInARowTable(size: (1 << 21) + 17))
            solver.deadline = clock.now + limit
            let exact = solver.bestMove(position) != nil
            var bot = FourInARowBot(seat: seat, seed: 1, level: .perfect)
            bot.thinkingLimit = limit
            var plan: BotPlan<FourInARowMove>?
            let time = clock.measure { plan = bot.plan(for: game.view(for: .seat(seat), at: .zero), at: .zero) }
            let column = plan?.move.column ?? 0
            print("ply \(position.moves): column \(column), \(exact ? "exact" : "fallback"), thought \(Bench.format(time.microseconds / 1000)) ms")
            guard let next = moves.first?.wholeNumberValue else { break }
            moves.removeFirst()
            try game.apply(FourInARowMove(column: next), from: seat, at: .zero)
            position.play(column: next - 1)
        }
    }
}
