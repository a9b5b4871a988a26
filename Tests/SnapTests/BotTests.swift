import PartyKit
import Testing
@testable import Snap

@Suite("Bot")
struct BotTests {
    @Test("A bot confirms the deal, then turns its card a short while after becoming active")
    func confirmsAndTurns() throws {
        var game = Sample.dealt(players: 2)
        var bot = SnapBot(seat: SeatID(0), seed: 1)
        let first = bot.plan(for: game.view(for: .seat(SeatID(0)), at: .zero), at: .zero)
        let confirm = try #require(first)
        #expect(confirm.move == .confirmDeal)
        #expect((200...600).contains(confirm.at.milliseconds))
        try game.apply(.confirmDeal, from: SeatID(0), at: confirm.at)
        try game.apply(.confirmDeal, from: SeatID(1), at: confirm.at)
        let now = confirm.at.adding(milliseconds: 10)
        let planned = bot.plan(for: game.view(for: .seat(SeatID(0)), at: now), at: now)
        let turn = try #require(planned)
        #expect(turn.move == .turn)
        #expect((300...900).contains(turn.at.milliseconds(since: now)))
        // Asked again before it is due, the bot keeps the same plan.
        let again = bot.plan(for: game.view(for: .seat(SeatID(0)), at: now), at: now.adding(milliseconds: 50))
        #expect(again == turn)
        // A bot that is not active and sees no match waits (unless it decides on a rare wrong call).
        var other = SnapBot(seat: SeatID(1), seed: 1)
        other.wrongCallChance = 0
        let waiting = other.plan(for: game.view(for: .seat(SeatID(1)), at: now), at: now)
        #expect(waiting == nil)
    }

    @Test("A bot calls snap on a match after its reaction time, once", arguments: [UInt64(1), 2, 3, 4, 5])
    func callsSnap(seed: UInt64) throws {
        let game = SnapCallTests.fives()
        var bot = SnapBot(seat: SeatID(1), seed: seed)
        let view = game.view(for: .seat(SeatID(1)), at: Sample.at(100))
        let planned = bot.plan(for: view, at: Sample.at(100))
        let plan = try #require(planned)
        #expect(plan.move == .snap(seen: game.table))
        #expect((600...1000).contains(plan.at.milliseconds))
        // The driver sent it when due; the next view (same table) must not make the bot call again.
        let again = bot.plan(for: view, at: plan.at.adding(milliseconds: 5))
        #expect(again == nil)
    }

    @Test("A bot calls wrongly now and then: about 3 % of tables without a match")
    func wrongCallRate() {
        var bot = SnapBot(seat: SeatID(1), seed: 99)
        var game = Sample.table(closed: [Sample.filler(2000), Sample.filler(1, suit: "D")], open: [[], ["5D"]])
        game.active = SeatID(0)
        var calls = 0
        for step in 0..<2000 {
            game.table = step
            let view = game.view(for: .seat(SeatID(1)), at: Sample.at(Int64(step) * 10_000))
            if case .snap = bot.plan(for: view, at: Sample.at(Int64(step) * 10_000))?.move { calls += 1 }
        }
        #expect((30...90).contains(calls))
    }

    @Test("Four bots play a whole game to the end, every card accounted for", arguments: [UInt64(1), 2, 3])
    func wholeGame(seed: UInt64) {
        var table = BotTable(players: 4, seed: seed, configuration: SnapConfiguration(turnSeconds: 10, turnLimit: 400))
        table.run()
        #expect(table.game.isOver)
        #expect(Sample.total(table.game) == 52)
        #expect(table.game.eventCount > 0)
        #expect(table.game.outcome?.summary.isEmpty == false)
    }

    @Test("Bots finish a game in which one of them leaves in the middle")
    func gameWithLeaver() {
        var table = BotTable(players: 4, seed: 5, configuration: SnapConfiguration(turnSeconds: 10, turnLimit: 400))
        table.leaveAtTurn = [SeatID(2): 40]
        table.run()
        #expect(table.game.isOver)
        #expect(table.game.gone == [SeatID(2)])
        #expect(Sample.total(table.game) == 52)
        #expect(table.game.closed[2].isEmpty && table.game.open[2].isEmpty)
    }
}
