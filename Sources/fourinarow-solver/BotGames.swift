import FourInARow
import Foundation
import PartyKit

/// Many games from the empty board: the perfect bot in one colour against an opponent that plays a
/// perfect bot's move half the time and a random column otherwise (seeded), to see how long the bot
/// thinks at each depth and how often it reaches its thinking limit (where it would fall back).
enum BotGames {
    static func run(botMovesFirst: Bool, games: Int, limit: Duration) throws {
        let seats = [Seat(id: SeatID(0), name: "Red"), Seat(id: SeatID(1), name: "Yellow")]
        let ours = SeatID(botMovesFirst ? 0 : 1)
        let clock = ContinuousClock()
        var random = SeededRandom(seed: 31)
        var worst: [Int: Double] = [:]
        var overLimit: [String] = []
        var results = [0, 0, 0]  // bot wins, draws, bot losses
        for number in 0..<games {
            var game = FourInARow(setup: GameSetup(seats: seats, seed: UInt64(number)))
            var moves = ""
            var discs = 0
            while let seat = game.currentSeat {
                var bot = FourInARowBot(seat: seat, seed: UInt64(number), level: .perfect)
                bot.thinkingLimit = limit
                var column: Int
                if seat == ours {
                    var plan: BotPlan<FourInARowMove>?
                    let time = clock.measure { plan = bot.plan(for: game.view(for: .seat(seat), at: .zero), at: .zero) }.microseconds / 1000
                    guard let planned = plan else { break }
                    column = planned.move.column
                    worst[discs] = max(worst[discs] ?? 0, time)
                    if time >= Double(limit.components.seconds) * 1000 { overLimit.append("\(moves) (\(Bench.format(time)) ms)") }
                } else if random.next() % 2 == 0, let plan = bot.plan(for: game.view(for: .seat(seat), at: .zero), at: .zero) {
                    column = plan.move.column
                } else {
                    let open = (1...7).filter { column in
                        var copy = game
                        return (try? copy.apply(FourInARowMove(column: column), from: seat, at: .zero)) != nil
                    }
                    column = open[Int(random.next() % UInt64(open.count))]
                }
                try game.apply(FourInARowMove(column: column), from: seat, at: .zero)
                moves += String(column)
                discs += 1
            }
            let winner = game.view(for: .seat(ours), at: .zero).winner
            results[winner == nil ? 1 : winner == ours ? 0 : 2] += 1
        }
        say("\(games) games as \(botMovesFirst ? "first" : "second") player: bot won \(results[0]), drew \(results[1]), lost \(results[2])")
        say("  longest think by discs on the board: " + worst.keys.sorted().map { "\($0): \(Bench.format(worst[$0]!)) ms" }.joined(separator: ", "))
        say("  moves at the thinking limit (fallback): \(overLimit.count)")
        for line in overLimit.prefix(10) { say("    after \(line)") }
    }
}
