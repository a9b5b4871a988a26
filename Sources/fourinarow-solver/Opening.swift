import FourInARow
import Foundation
import PartyKit

/// How far into a game the perfect bot's thinking limit reaches: along a line of moves from the
/// empty board, asks a perfect bot for each position's move and prints how long it thought and
/// whether the move came from the opening book, the strategy book, the solver (exact) or, when it
/// gave up, the 8-ply fallback.
enum Opening {
    static func run(line: String, limit: Duration) throws {
        guard FourInARowPosition(sequence: line) != nil else { throw BenchError.badLine(line) }
        let clock = ContinuousClock()
        var book: FourInARowOpeningBook?
        let load = clock.measure { book = FourInARowOpeningBook.shared }
        print(book.map { "opening book: \($0.count) positions after \"\($0.root)\" up to \($0.plies) discs" } ?? "no opening book",
              "(loaded in \(Bench.format(load.microseconds / 1000)) ms)")
        let seats = [Seat(id: SeatID(0), name: "Red"), Seat(id: SeatID(1), name: "Yellow")]
        var game = FourInARow(setup: GameSetup(seats: seats, seed: 1))
        var position = FourInARowPosition()
        var moves = Array(line)
        while let seat = game.currentSeat {
            // From the book, or would the solver alone finish in time? (The bot below uses the same limit.)
            let how: String
            let strategy = FourInARowStrategyBook.shared?.entry(for: position)
            if book?.bestMove(position) != nil {
                how = "book"
            } else if let strategy {
                how = strategy.column != nil ? "strategy book" : "solver (strategy book's value)"
            } else {
                var solver = FourInARowSolver(table: FourInARowTable(size: (1 << 21) + 17))
                solver.deadline = clock.now + limit
                how = solver.bestMove(position, knownScore: book?.score(of: position)) != nil ? "exact" : "fallback"
            }
            var bot = FourInARowBot(seat: seat, seed: 1, level: .perfect)
            bot.thinkingLimit = limit
            var plan: BotPlan<FourInARowMove>?
            let time = clock.measure { plan = bot.plan(for: game.view(for: .seat(seat), at: .zero), at: .zero) }
            let column = plan?.move.column ?? 0
            print("ply \(position.moves): column \(column), \(how), thought \(Bench.format(time.microseconds / 1000)) ms")
            guard let next = moves.first?.wholeNumberValue else { break }
            moves.removeFirst()
            try game.apply(FourInARowMove(column: next), from: seat, at: .zero)
            position.play(column: next - 1)
        }
    }
}
