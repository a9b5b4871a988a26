import PartyKit
import Testing
@testable import SunTouch

@Suite("SunTouch strikes and captures")
struct SunTouchCaptureTests {
    @Test func aSunIsReachedHalfwayThroughTheAnimationTimesDistanceOverRadius() throws {
        var game = try Samples.playing(suns: [Samples.middle, (0.9, 0.9)])
        try game.apply(Samples.strike(offset: 0.0625, radius: 0.125), from: Samples.alice, at: Samples.at(1000))
        // d / r = 0.5, half the 1 s animation is 500 ms: reached at 1000 + 250.
        #expect(game.schedule.deadline == Samples.at(1250))
        game.advance(to: Samples.at(1249))
        #expect(game.view(for: .seat(Samples.bob), at: Samples.at(1249)).captured.isEmpty)
        game.advance(to: Samples.at(1250))
        let view = game.view(for: .seat(Samples.bob), at: Samples.at(1250))
        #expect(view.captured == [SunTouchView.Sun(x: 0.5, y: 0.5, seat: Samples.alice, at: 1250)])
        #expect(view.player(Samples.alice)?.score == 1)
        #expect(view.strikes.map(\.age) == [250])
        #expect(game.outcome == nil)
        // Nothing else pending: the next wake-up is the time limit.
        #expect(game.schedule.deadline == Samples.at(120_000))
    }

    @Test func aStrikeOnTopOfASunTakesItAtOnce() throws {
        var game = try Samples.playing(suns: [Samples.middle, (0.9, 0.9)])
        try game.apply(Samples.strike(offset: 0), from: Samples.bob, at: Samples.at(700))
        #expect(game.view(for: .seat(Samples.alice), at: Samples.at(700)).captured.map(\.seat) == [Samples.bob])
    }

    @Test func aStrikeThatMissesTakesNothing() throws {
        var game = try Samples.playing(suns: [Samples.middle])
        try game.apply(Samples.strike(offset: 0.11), from: Samples.alice, at: Samples.at(0))
        game.advance(to: Samples.at(5000))
        #expect(game.suns[0].capture == nil)
    }

    /// A contest over the middle sun: Alice strikes first, Bob second; who takes it and when.
    struct Contest: Sendable, CustomStringConvertible {
        var aliceTime: Int64
        var aliceOffset: Double
        var bobTime: Int64
        var bobOffset: Double
        var winner: SeatID
        var at: Int64
        var radius = 0.1
        var description: String { "Alice \(aliceTime)/\(aliceOffset), Bob \(bobTime)/\(bobOffset)" }
    }

    @Test(arguments: [
        // Bob's later strike lands right on the sun and reaches it before Alice's wide one.
        Contest(aliceTime: 1000, aliceOffset: 0.09, bobTime: 1200, bobOffset: 0, winner: Samples.bob, at: 1200),
        Contest(aliceTime: 1000, aliceOffset: 0.09, bobTime: 1300, bobOffset: 0.02, winner: Samples.bob, at: 1400),
        // Equal reach times (exact binary fractions): the earlier strike wins.
        Contest(aliceTime: 1000, aliceOffset: 0.0625, bobTime: 1125, bobOffset: 0.03125, winner: Samples.alice, at: 1250, radius: 0.125),
        // Alice's strike reaches it first even though Bob's is closer.
        Contest(aliceTime: 1000, aliceOffset: 0.02, bobTime: 1080, bobOffset: 0.01, winner: Samples.alice, at: 1100),
    ])
    func contestedSunsGoToTheFirstReachInGameTime(_ contest: Contest) throws {
        var game = try Samples.playing(suns: [Samples.middle, (0.95, 0.05)])
        try game.apply(
            Samples.strike(offset: contest.aliceOffset, radius: contest.radius), from: Samples.alice,
            at: Samples.at(contest.aliceTime))
        #expect(game.suns[0].capture == nil)
        try game.apply(
            Samples.strike(offset: -contest.bobOffset, radius: contest.radius), from: Samples.bob,
            at: Samples.at(contest.bobTime))
        if game.suns[0].capture == nil {
            // Settled only when no later strike can beat it: at the earliest pending reach.
            #expect(game.schedule.deadline == Samples.at(contest.at))
            game.advance(to: Samples.at(contest.at - 1))
            #expect(game.suns[0].capture == nil)
            game.advance(to: Samples.at(contest.at))
        }
        #expect(game.suns[0].capture?.seat == contest.winner.index)
        #expect(game.suns[0].capture?.at == contest.at)
    }

    @Test func simultaneousEqualStrikesGoToTheLowerSeatWhateverTheArrivalOrder() throws {
        var game = try Samples.playing(suns: [Samples.middle, (0.95, 0.05)])
        try game.apply(Samples.strike(offset: -0.0625, radius: 0.125), from: Samples.bob, at: Samples.at(1000))
        try game.apply(Samples.strike(offset: 0.0625, radius: 0.125), from: Samples.alice, at: Samples.at(1000))
        game.advance(to: Samples.at(2000))
        #expect(game.suns[0].capture?.seat == 0)
    }

    @Test(arguments: [(0.03, Int64(1200)), (0.1, 4000), (0.15, 6000), (0.2, 8000)])
    func cooldownGrowsWithTheRadius(radius: Double, cooldown: Int64) throws {
        var game = try Samples.playing(suns: [(0.95, 0.95)])
        try game.apply(.strike(x: 0.1, y: 0.1, radius: radius), from: Samples.alice, at: Samples.at(500))
        #expect(game.view(for: .seat(Samples.bob), at: Samples.at(500)).player(Samples.alice)?.cool == cooldown)
        #expect(throws: SunTouchRejection.coolingDown(remainingMilliseconds: 1)) {
            try game.apply(.strike(x: 0.2, y: 0.1, radius: 0.1), from: Samples.alice, at: Samples.at(500 + cooldown - 1))
        }
        // The other player is not slowed down.
        try game.apply(.strike(x: 0.3, y: 0.3, radius: 0.1), from: Samples.bob, at: Samples.at(600))
        try game.apply(.strike(x: 0.2, y: 0.1, radius: 0.1), from: Samples.alice, at: Samples.at(500 + cooldown))
        #expect(game.strikes.map(\.seat) == [0, 1, 0])
    }

    @Test(arguments: [
        (SunTouchMove.strike(x: -0.01, y: 0.5, radius: 0.1), SunTouchRejection.outOfField(x: -0.01, y: 0.5)),
        (.strike(x: 0.5, y: 1.01, radius: 0.1), .outOfField(x: 0.5, y: 1.01)),
        (.strike(x: 0.5, y: 0.5, radius: 0.02), .radiusOutOfRange(radius: 0.02)),
        (.strike(x: 0.5, y: 0.5, radius: 0.21), .radiusOutOfRange(radius: 0.21)),
        (.strike(x: 0.5, y: 0.5, radius: .infinity), .radiusOutOfRange(radius: .infinity)),
        (.toss(3), .notTossing),
    ])
    func badStrikesAreRejectedAndChangeNothing(move: SunTouchMove, rejection: SunTouchRejection) throws {
        var game = try Samples.playing(suns: [Samples.middle])
        let before = game
        #expect(throws: rejection) { try game.apply(move, from: Samples.alice, at: Samples.at(100)) }
        #expect(game == before)
        #expect(!rejection.description.isEmpty)
    }

    @Test func aNaNStrikeIsOutOfTheField() throws {
        var game = try Samples.playing(suns: [Samples.middle])
        do {
            try game.apply(.strike(x: .nan, y: 0.5, radius: 0.1), from: Samples.alice, at: Samples.at(100))
            Issue.record("a NaN strike was accepted")
        } catch {
            #expect(error.code == "outOfField")
        }
        #expect(throws: SunTouchRejection.notAPlayer) {
            try game.apply(Samples.strike(offset: 0), from: SeatID(7), at: Samples.at(100))
        }
    }

    @Test func theGameEndsWhenEverySunIsCaptured() throws {
        var game = try Samples.playing(suns: [Samples.middle, (0.2, 0.2), (0.8, 0.8)])
        try game.apply(Samples.strike(offset: 0.05), from: Samples.alice, at: Samples.at(1000))
        try game.apply(.strike(x: 0.2, y: 0.2, radius: 0.1), from: Samples.bob, at: Samples.at(1100))
        #expect(throws: SunTouchRejection.coolingDown(remainingMilliseconds: 3900)) {
            try game.apply(.strike(x: 0.85, y: 0.8, radius: 0.1), from: Samples.bob, at: Samples.at(1200))
        }
        try game.apply(.strike(x: 0.85, y: 0.8, radius: 0.1), from: Samples.bob, at: Samples.at(5100))
        #expect(game.outcome == nil)
        game.advance(to: Samples.at(6000))
        let outcome = try #require(game.outcome)
        #expect(outcome.winners == [Samples.bob])
        #expect(outcome.reason == .won)
        #expect(outcome.summary == "Bob wins, 2 suns to 1.")
        #expect(game.schedule == .idle)
        let view = game.view(for: .seat(Samples.alice), at: Samples.at(9000))
        #expect(view.phase == .over && view.clock == 5350 && view.end == outcome.summary)
        #expect(throws: SunTouchRejection.gameOver) {
            try game.apply(Samples.strike(offset: 0), from: Samples.alice, at: Samples.at(9000))
        }
    }

    @Test func equalScoresWhenAllAreCapturedIsADraw() throws {
        var game = try Samples.playing(suns: [(0.2, 0.2), (0.8, 0.8)])
        try game.apply(.strike(x: 0.2, y: 0.2, radius: 0.1), from: Samples.alice, at: Samples.at(100))
        try game.apply(.strike(x: 0.8, y: 0.8, radius: 0.1), from: Samples.bob, at: Samples.at(100))
        #expect(game.outcome?.winners == [])
        #expect(game.outcome?.reason == .draw)
    }

    @Test func theGameEndsAtTheTimeLimitAndCountsACaptureExactlyAtIt() throws {
        var game = try Samples.playing(suns: [Samples.middle, (0.1, 0.1), (0.9, 0.9)], timeLimit: 10)
        try game.apply(Samples.strike(offset: 0.125, radius: 0.125), from: Samples.bob, at: Samples.at(9500))
        game.advance(to: Samples.at(9999))
        #expect(game.outcome == nil)
        #expect(game.schedule.deadline == Samples.at(10_000))
        game.advance(to: Samples.at(10_000))
        let outcome = try #require(game.outcome)
        #expect(outcome.reason == .limitReached)
        #expect(outcome.winners == [Samples.bob])
        #expect(game.view(for: .spectator, at: Samples.at(12_000)).left == 0)
    }

    @Test func aTimeLimitWithEqualScoresIsADraw() throws {
        var game = try Samples.playing(suns: [Samples.middle], timeLimit: 10)
        game.advance(to: Samples.at(30_000))
        #expect(game.outcome?.reason == .limitReached)
        #expect(game.outcome?.winners == [])
        #expect(game.outcome?.summary == "Time is up: draw, 0 suns each.")
    }
}
