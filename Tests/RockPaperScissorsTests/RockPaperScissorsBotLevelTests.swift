import RockPaperScissors
import PartyKit
import PartyTestSupport
import Testing

/// The bot's levels: a higher one beats a lower one over seeded games (of 15 rounds) more often than not.
@Suite("RockPaperScissors bot levels")
struct RockPaperScissorsBotLevelTests {
    @Test(arguments: [(BotLevel.normal, BotLevel.easy), (.perfect, .normal), (.perfect, .easy)])
    func aHigherLevelWinsMoreGames(higher: BotLevel, lower: BotLevel) async {
        let wins = await HeavyWork.run { BotMatch.tally(RockPaperScissorsBot.self, higher, against: lower, games: 10,
                                  configuration: RockPaperScissorsConfiguration(rounds: 15)) }
        #expect(wins.higher > wins.lower, "\(higher) won \(wins.higher), \(lower) won \(wins.lower)")
    }
}
