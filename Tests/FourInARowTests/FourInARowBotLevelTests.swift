import FourInARow
import PartyKit
import PartyTestSupport
import Testing

/// The bot's levels: a higher one beats a lower one over seeded games more often than not.
@Suite("FourInARow bot levels")
struct FourInARowBotLevelTests {
    @Test(arguments: [(BotLevel.normal, BotLevel.easy), (.perfect, .normal), (.perfect, .easy)])
    func aHigherLevelWinsMoreGames(higher: BotLevel, lower: BotLevel) async {
        let wins = await HeavyWork.run { BotMatch.tally(FourInARowBot.self, higher, against: lower, games: 4, makeBot: { seat, seed, level in
            var bot = FourInARowBot(seat: seat, seed: seed, level: level)
            // A node limit instead of the 2 s thinking limit: the same games on a fast or a loaded machine.
            bot.thinkingLimit = nil
            bot.solverNodeLimit = 100_000
            return bot
        }) }
        #expect(wins.higher > wins.lower, "\(higher) won \(wins.higher), \(lower) won \(wins.lower)")
    }
}
