import Snap
import PartyKit
import PartyTestSupport
import Testing

/// The bot's levels: a higher one beats a lower one over seeded games more often than not.
@Suite("Snap bot levels")
struct SnapBotLevelTests {
    @Test(arguments: [(BotLevel.normal, BotLevel.easy), (.perfect, .normal), (.perfect, .easy)])
    func aHigherLevelWinsMoreGames(higher: BotLevel, lower: BotLevel) async {
        let wins = await HeavyWork.run { BotMatch.tally(SnapBot.self, higher, against: lower, games: 10) }
        #expect(wins.higher > wins.lower, "\(higher) won \(wins.higher), \(lower) won \(wins.lower)")
    }
}
