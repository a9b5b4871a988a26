import PartyKit
import PartyTestSupport
import Testing
import TwentyFour

/// The bot's levels: a higher one wins more rounds than a lower one over seeded games.
@Suite("TwentyFour bot levels")
struct TwentyFourBotLevelTests {
    @Test(arguments: [(BotLevel.normal, BotLevel.easy), (.perfect, .normal), (.perfect, .easy)])
    func aHigherLevelWinsMoreRounds(higher: BotLevel, lower: BotLevel) async {
        // TwentyFour never ends by itself: count the rounds each bot won in the first eight of four games.
        let wins = await HeavyWork.run {
            var wins = (higher: 0, lower: 0)
            for game in 0..<4 {
                let swapped = game % 2 == 1
                let state = BotMatch.run(TwentyFourBot.self, levels: swapped ? [lower, higher] : [higher, lower],
                                         seed: UInt64(game)) { $0.roundNumber > 8 }
                let scores = state.view(for: .spectator, at: .zero).scores
                let won = { (seat: Int) in scores.first { $0.seat == SeatID(seat) }?.won ?? 0 }
                wins.higher += won(swapped ? 1 : 0)
                wins.lower += won(swapped ? 0 : 1)
            }
            return Wins(higher: wins.higher, lower: wins.lower)
        }
        #expect(wins.higher > wins.lower, "\(higher) won \(wins.higher) rounds, \(lower) won \(wins.lower)")
    }
}

/// Rounds won by each level (a Sendable pair to bring back from the match's thread).
struct Wins: Sendable {
    var higher: Int
    var lower: Int
}
