import PartyKit
import Testing
@testable import SunTouch

@Suite("SunTouch bot")
struct SunTouchBotTests {
    @Test func tossesAtOnceAndOnlyOnce() {
        var bot = SunTouchBot(seat: Samples.alice, seed: 1)
        let plan = bot.plan(for: SunTouchPresenterTests.tossView(), at: Samples.at(500))
        guard case .toss = plan?.move else {
            Issue.record("the bot did not toss")
            return
        }
        #expect(plan?.at == Samples.at(500))
        #expect(bot.plan(for: SunTouchPresenterTests.tossView(tossed: true), at: Samples.at(600)) == nil)
    }

    @Test func strikesAfterItsCooldownAndAHumanPauseWithAModestRadius() throws {
        var bot = SunTouchBot(seat: Samples.alice, seed: 2)
        let view = SunTouchPresenterTests.playingView(cool: 3000)
        let planned = bot.plan(for: view, at: Samples.at(10_000))
        let plan = try #require(planned)
        #expect(plan.at >= Samples.at(13_500) && plan.at <= Samples.at(14_400))
        guard case .strike(let x, let y, let radius) = plan.move else {
            Issue.record("not a strike")
            return
        }
        #expect((0.08...0.12).contains(radius))
        #expect((0...1).contains(x) && (0...1).contains(y))
        // The same view again keeps the same decision instead of putting it off.
        #expect(bot.plan(for: view, at: Samples.at(10_500)) == plan)
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func aimsAtUnexploredGround(seed: UInt64) throws {
        // Strikes cover the whole field except around the bottom-right corner.
        var strikes: [SunTouchView.Strike] = []
        for row in 0...10 {
            for column in 0...10 where !(row >= 7 && column >= 7) {
                strikes.append(.init(n: strikes.count, seat: Samples.bob, x: Double(column) / 10, y: Double(row) / 10, r: 0.08, age: 5000))
            }
        }
        var view = SunTouchPresenterTests.playingView()
        view.strikes = strikes
        var bot = SunTouchBot(seat: Samples.alice, seed: seed)
        let planned = bot.plan(for: view, at: .zero)
        let plan = try #require(planned)
        guard case .strike(let x, let y, _) = plan.move else {
            Issue.record("not a strike")
            return
        }
        #expect(x > 0.65 && y > 0.65, "aimed at (\(x), \(y))")
    }

    @Test func aNewOwnStrikeStartsANewWait() throws {
        var bot = SunTouchBot(seat: Samples.alice, seed: 3)
        var view = SunTouchPresenterTests.playingView()
        let firstPlanned = bot.plan(for: view, at: Samples.at(1000))
        let first = try #require(firstPlanned)
        view.strikes.append(.init(n: 1, seat: Samples.alice, x: 0.7, y: 0.7, r: 0.1, age: 0))
        view.players[0].cool = 4000
        let secondPlanned = bot.plan(for: view, at: first.at)
        let second = try #require(secondPlanned)
        #expect(second.at >= first.at.adding(milliseconds: 4500))
    }

    @Test func waitsWhilePausedOrOver() {
        var bot = SunTouchBot(seat: Samples.alice, seed: 4)
        var paused = SunTouchPresenterTests.playingView()
        paused.paused = true
        let before = bot.plan(for: SunTouchPresenterTests.playingView(), at: .zero)
        #expect(before != nil)
        #expect(bot.plan(for: paused, at: .zero) == nil)
        // After the pause the bot thinks again from the moment play resumes.
        let after = bot.plan(for: SunTouchPresenterTests.playingView(), at: Samples.at(60_000))
        #expect(after.map { $0.at >= Samples.at(60_500) } == true)
        var over = SunTouchPresenterTests.playingView()
        over.phase = .over
        #expect(bot.plan(for: over, at: .zero) == nil)
    }

    @Test func botsPlayAWholeGameAtAHumanPaceWithoutRejections() throws {
        var match = BotMatch(seed: 9)
        try match.play { _, _, _ in }
        #expect(match.game.outcome != nil)
        #expect(match.rejections == [])
        for times in match.strikeTimes {
            #expect(times.count >= 5)
            let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
            #expect(gaps.allSatisfy { $0 >= 3000 }, "\(gaps)")
        }
        // Bots explore: each strike mostly covers ground no earlier strike covered.
        #expect(match.game.suns.filter { $0.capture != nil }.count >= 4)
    }
}
