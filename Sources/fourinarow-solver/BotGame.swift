import FourInARow
import Foundation
import PartyKit

/// A whole game from the empty board: the perfect bot in one colour, in the other a perfect bot
/// thinking `opponentLimit` (the solver, with its own books), and where each move came from.
enum BotGame {
    static func run(botMovesFirst: Bool, limit: Duration, opponentLimit: Duration) throws {
        let seats = [Seat(id: SeatID(0), name: "Red"), Seat(id: SeatID(1), name: "Yellow")]
        var game = FourInARow(setup: GameSetup(seats: seats, seed: 1))
        var position = FourInARowPosition()
        let ours = SeatID(botMovesFirst ? 0 : 1)
        let clock = ContinuousClock()
        var moves = ""
        while let seat = game.currentSeat {
            var bot = FourInARowBot(seat: seat, seed: 1, level: .perfect)
            bot.thinkingLimit = seat == ours ? limit : opponentLimit
            let source: String
            if FourInARowOpeningBook.shared?.bestMove(position) != nil {
                source = "opening book"
            } else if let entry = FourInARowStrategyBook.shared?.entry(for: position), seat == ours {
                source = entry.column != nil ? "strategy book" : "solver (strategy book's value)"
            } else {
                source = "solver"
            }
            var plan: BotPlan<FourInARowMove>?
            let time = clock.measure { plan = bot.plan(for: game.view(for: .seat(seat), at: .zero), at: .zero) }
            guard let column = plan?.move.column else { break }
            say("ply \(position.moves): \(seat == ours ? "bot" : "opponent") plays \(column) (\(source), \(Bench.format(time.microseconds / 1000)) ms)")
            try game.apply(FourInARowMove(column: column), from: seat, at: .zero)
            position.play(column: column - 1)
            moves += String(column)
        }
        let view = game.view(for: .seat(ours), at: .zero)
        say("moves \(moves); over: \(view.isOver); \(String(describing: view.winner.map { $0 == ours ? "the bot wins" : "the opponent wins" } ?? "a draw"))")
    }
}
