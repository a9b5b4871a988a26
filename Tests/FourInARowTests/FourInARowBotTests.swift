import FourInARow
import PartyKit
import Testing

@Suite("Four in a Row bot")
struct FourInARowBotTests {
    static let seeds: [UInt64] = [0, 1, 2, 3, 42, 1234]

    @Test(arguments: SamplePositions.botMustPlay, [SeatID(0), SeatID(1)])
    func playsTheOnlyRightColumn(sample: PictureSample, seat: SeatID) throws {
        let view = try SamplePositions.view(of: sample.picture, for: seat)
        for seed in Self.seeds {
            var bot = FourInARowBot(seat: seat, seed: seed)
            let planned = bot.plan(for: view, at: .seconds(10))
            let plan = try #require(planned)
            #expect(plan.move == FourInARowMove(column: sample.expectedColumn), "seed \(seed)")
        }
    }

    @Test(arguments: seeds)
    func answersAfterAHumanPause(seed: UInt64) throws {
        var bot = FourInARowBot(seat: SeatID(0), seed: seed)
        let now = GameInstant.seconds(30)
        let view = SamplePositions.newGame().view(for: .seat(SeatID(0)), at: .zero)
        let planned = bot.plan(for: view, at: now)
        let plan = try #require(planned)
        let delay = plan.at.milliseconds(since: now)
        #expect((400...900).contains(delay))
        #expect((1...7).contains(plan.move.column))
    }

    @Test func keepsItsPlanWhenTheSamePositionArrivesAgain() throws {
        var bot = FourInARowBot(seat: SeatID(0), seed: 9)
        let view = SamplePositions.newGame().view(for: .seat(SeatID(0)), at: .zero)
        let firstPlan = bot.plan(for: view, at: .seconds(1))
        let first = try #require(firstPlan)
        let againPlan = bot.plan(for: view, at: .seconds(1.2))
        let again = try #require(againPlan)
        #expect(first == again)
        // Once the plan was due, the same position (a rematch's empty board) gets a fresh plan.
        let later = first.at.adding(seconds: 60)
        let rematchPlanned = bot.plan(for: view, at: later)
        let rematch = try #require(rematchPlanned)
        #expect(rematch.at > later)
    }

    @Test func neverPlansOutOfTurnOrAfterTheEnd() throws {
        var bot = FourInARowBot(seat: SeatID(1), seed: 5)
        let opening = SamplePositions.newGame().view(for: .seat(SeatID(1)), at: .zero)
        let early = bot.plan(for: opening, at: .zero)
        #expect(early == nil, "Alice moves first")

        let won = try SamplePositions.game(after: [1, 2, 1, 2, 1, 2, 1])
        let afterWin = bot.plan(for: won.view(for: .seat(SeatID(1)), at: .zero), at: .zero)
        #expect(afterWin == nil)

        var left = try SamplePositions.game(after: [4])
        left.leave(SeatID(0), at: .zero)
        let afterLeave = bot.plan(for: left.view(for: .seat(SeatID(1)), at: .zero), at: .zero)
        #expect(afterLeave == nil)

        var spectatorBot = FourInARowBot(seat: SeatID(3), seed: 5)
        let notPlaying = spectatorBot.plan(for: opening, at: .zero)
        #expect(notPlaying == nil, "a seat that is not playing never moves")
    }

    @Test func theSameSeedPlansTheSameMoves() throws {
        let view = try SamplePositions.game(after: [4, 3, 4]).view(for: .seat(SeatID(1)), at: .zero)
        var one = FourInARowBot(seat: SeatID(1), seed: 77)
        var two = FourInARowBot(seat: SeatID(1), seed: 77)
        let first = one.plan(for: view, at: .zero)
        let second = two.plan(for: view, at: .zero)
        #expect(first != nil && first == second)
    }

    @Test(arguments: [(UInt64(1), UInt64(2)), (3, 4), (5, 6)])
    func twoBotsPlayAWholeLegalGame(redSeed: UInt64, yellowSeed: UInt64) throws {
        var game = SamplePositions.newGame()
        var bots = [FourInARowBot(seat: SeatID(0), seed: redSeed), FourInARowBot(seat: SeatID(1), seed: yellowSeed)]
        var now = GameInstant.zero
        while let seat = game.currentSeat {
            let view = game.view(for: .seat(seat), at: now)
            let other = 1 - seat.index
            let waiting = bots[other].plan(for: game.view(for: .seat(SeatID(other)), at: now), at: now)
            #expect(waiting == nil)
            let planned = bots[seat.index].plan(for: view, at: now)
            let plan = try #require(planned)
            now = plan.at
            try game.apply(plan.move, from: seat, at: now)
        }
        #expect(game.outcome != nil)
        #expect(game.board.discCount >= 7)
    }

    @Test(arguments: seeds)
    func beatsAPlayerWhoAlwaysPlaysTheLeftmostColumn(seed: UInt64) throws {
        var game = SamplePositions.newGame()
        var bot = FourInARowBot(seat: SeatID(1), seed: seed)
        while let seat = game.currentSeat {
            if seat == SeatID(0) {
                let column = try #require((1...7).first { game.board.canDrop(inColumn: $0 - 1) })
                try game.apply(FourInARowMove(column: column), from: seat, at: .zero)
            } else {
                let planned = bot.plan(for: game.view(for: .seat(seat), at: .zero), at: .zero)
                let plan = try #require(planned)
                try game.apply(plan.move, from: seat, at: .zero)
            }
        }
        #expect(game.outcome?.winners == [SeatID(1)])
    }
}
