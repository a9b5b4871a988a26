import PartyKit
import Testing
@testable import TwentyFour

@Suite struct BotTests {
    typealias S = Samples

    @Test func solvesAfterADelayAndTheHostAcceptsTheAnswer() throws {
        var game = S.game(numbers: [4, 6, 6, 8], seats: [Seat(id: S.alice, name: "Bot")])
        var bot = TwentyFourBot(seat: S.alice, seed: 3)
        let view = game.view(for: .seat(S.alice), at: .zero)
        let local = GameInstant(milliseconds: 500_000) // the bot's own clock differs from the host's
        let planned = bot.plan(for: view, at: local)
        let plan = try #require(planned)
        let delay = plan.at.milliseconds(since: local)
        #expect(delay >= 2_000 && delay < view.remainingMs)
        guard case .submit = plan.move else {
            Issue.record("expected an answer, got \(plan.move)")
            return
        }
        // The plan is kept across later views of the same round.
        #expect(bot.plan(for: game.view(for: .seat(S.alice), at: S.at(1)), at: local.adding(seconds: 1)) == plan)
        try game.apply(plan.move, from: S.alice, at: GameInstant(milliseconds: delay))
        #expect(bot.plan(for: game.view(for: .seat(S.alice), at: GameInstant(milliseconds: delay)), at: plan.at) == nil)
    }

    @Test func neverAnswersOutsideARound() {
        var game = S.game(numbers: [4, 6, 6, 8])
        game.join(Seat(id: S.dave, name: "Bot"), at: S.at(90))
        var bot = TwentyFourBot(seat: S.dave, seed: 1)
        #expect(bot.plan(for: game.view(for: .seat(S.dave), at: S.at(90)), at: S.at(90)) == nil)
        var spectatorBot = TwentyFourBot(seat: SeatID(7), seed: 1)
        #expect(spectatorBot.plan(for: game.view(for: .spectator, at: S.at(90)), at: S.at(90)) == nil)
        game.advance(to: S.at(100))
        var player = TwentyFourBot(seat: S.alice, seed: 1)
        #expect(player.plan(for: game.view(for: .seat(S.alice), at: S.at(100)), at: S.at(100)) == nil)
    }

    @Test func neverPlansPastTheEndOfTheRound() {
        var game = S.game(numbers: [3, 3, 8, 8])
        game.join(Seat(id: S.dave, name: "Bot"), at: S.at(78))
        for seed in UInt64(0)..<50 {
            var bot = TwentyFourBot(seat: S.dave, seed: seed)
            let view = game.view(for: .seat(S.dave), at: S.at(78))
            if let plan = bot.plan(for: view, at: .zero) {
                #expect(plan.at.milliseconds < view.remainingMs)
            }
        }
    }

    @Test func harderSetsTakeLongerAndBotsDiffer() {
        let bot = TwentyFourBot(seat: S.alice, seed: 11)
        let easy = TwentyFourSolver.analyze([4, 6, 6, 8]).solutionCount
        let hard = TwentyFourSolver.analyze([3, 3, 8, 8]).solutionCount
        #expect(bot.thinkingMilliseconds(solutionCount: hard, round: 1) > bot.thinkingMilliseconds(solutionCount: easy, round: 1))
        let speeds = Set((UInt64(0)..<10).map { TwentyFourBot(seat: S.alice, seed: $0).speed })
        #expect(speeds.count > 5)
        #expect(speeds.allSatisfy { (0.7...1.4).contains($0) })
        let sameBotTwice = TwentyFourBot(seat: S.alice, seed: 11)
        #expect(sameBotTwice.thinkingMilliseconds(solutionCount: 5, round: 2) == bot.thinkingMilliseconds(solutionCount: 5, round: 2))
    }

    @Test func sometimesGivesUpOnHardSetsButNeverOnEasyOnes() {
        let hardGame = S.game(numbers: [3, 3, 8, 8], seats: [Seat(id: S.alice, name: "Bot")])
        let easyGame = S.game(numbers: [4, 6, 6, 8], seats: [Seat(id: S.alice, name: "Bot")])
        var hardGiveUps = 0
        for seed in UInt64(0)..<100 {
            var bot = TwentyFourBot(seat: S.alice, seed: seed)
            if bot.plan(for: hardGame.view(for: .seat(S.alice), at: .zero), at: .zero)?.move == .giveUp { hardGiveUps += 1 }
            var easyBot = TwentyFourBot(seat: S.alice, seed: seed)
            #expect(easyBot.plan(for: easyGame.view(for: .seat(S.alice), at: .zero), at: .zero)?.move != .giveUp)
        }
        #expect((15...60).contains(hardGiveUps))
        var stubborn = TwentyFourBot(seat: S.alice, seed: 4, pace: .init(scale: 0.2, giveUpChance: 0))
        let plan = stubborn.plan(for: hardGame.view(for: .seat(S.alice), at: .zero), at: .zero)
        #expect(plan?.move == .submit(expression: "8 / (3 − 8/3)"))
    }
}
