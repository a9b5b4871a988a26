import PartyKit
import Testing
@testable import SunTouch

@Suite("SunTouch disconnects and leaving")
struct SunTouchConnectionTests {
    /// Alice strikes at 1000 (reaching the middle sun at 1250); Bob's connection drops at 1100.
    func droppedGame() throws -> SunTouch {
        var game = try Samples.playing(suns: [Samples.middle, (0.9, 0.9)])
        try game.apply(Samples.strike(offset: 0.0625, radius: 0.125), from: Samples.alice, at: Samples.at(1000))
        game.connectionChanged(Samples.bob, connected: false, at: Samples.at(1100))
        return game
    }

    @Test("a drop pauses clock and strikes with no deadline of the game's own: the host's grace decides (issue 17, point 5)")
    func aDropPausesClockAndStrikesUntilTheHostDecides() throws {
        var game = try droppedGame()
        #expect(game.schedule == Schedule(turn: .nobody, deadline: nil))
        // Far past the old 10 s grace: still paused, nobody has won.
        game.advance(to: Samples.at(60_000))
        #expect(game.outcome == nil)
        #expect(game.suns[0].capture == nil)
        let view = game.view(for: .seat(Samples.alice), at: Samples.at(60_000))
        #expect(view.paused)
        #expect(view.clock == 1100)
        #expect(view.strikes.map(\.age) == [100])
        #expect(view.player(Samples.bob)?.away == true)
        #expect(throws: SunTouchRejection.paused) {
            try game.apply(.strike(x: 0.1, y: 0.1, radius: 0.1), from: Samples.bob, at: Samples.at(5000))
        }
    }

    @Test func comingBackResumesWhereItStopped() throws {
        var game = try droppedGame()
        game.connectionChanged(Samples.bob, connected: true, at: Samples.at(6000))
        #expect(!game.view(for: .seat(Samples.bob), at: Samples.at(6000)).paused)
        // Paused for 4900 ms: the capture due at game time 1250 comes at host time 6150.
        #expect(game.schedule.deadline == Samples.at(6150))
        game.advance(to: Samples.at(6149))
        #expect(game.suns[0].capture == nil)
        game.advance(to: Samples.at(6150))
        #expect(game.suns[0].capture?.at == 1250)
        #expect(game.view(for: .seat(Samples.bob), at: Samples.at(7000)).clock == 2100)
        game.advance(to: Samples.at(124_899))
        #expect(game.outcome == nil)
        game.advance(to: Samples.at(124_900))
        #expect(game.outcome?.reason == .limitReached)
        #expect(game.outcome?.winners == [Samples.alice])
    }

    @Test("when the host gives the dropped seat up, the remaining player wins")
    func seatGivenUpEndsTheGameForTheRemainingPlayer() throws {
        var game = try droppedGame()
        game.leave(Samples.bob, at: Samples.at(31_100))
        let outcome = try #require(game.outcome)
        #expect(outcome.winners == [Samples.alice])
        #expect(outcome.reason == .playersLeft)
        #expect(outcome.summary == "Bob did not come back in time; Alice wins.")
        #expect(!game.view(for: .seat(Samples.alice), at: Samples.at(31_100)).paused)
    }

    @Test func aSecondDropChangesNothing() throws {
        var game = try droppedGame()
        game.connectionChanged(Samples.bob, connected: false, at: Samples.at(5000))
        #expect(game.awaySince[1] == Samples.at(1100))
    }

    @Test func bothDroppedWaitsForBoth() throws {
        var game = try droppedGame()
        game.connectionChanged(Samples.alice, connected: false, at: Samples.at(2000))
        game.connectionChanged(Samples.bob, connected: true, at: Samples.at(3000))
        #expect(game.pausedSince != nil)
        game.leave(Samples.alice, at: Samples.at(32_000))
        #expect(game.outcome?.winners == [Samples.bob])
    }

    @Test func aDropDuringTheTossFreezesTheTossDeadline() {
        var game = Samples.game()
        game.connectionChanged(Samples.alice, connected: false, at: Samples.at(3000))
        game.connectionChanged(Samples.alice, connected: true, at: Samples.at(8000))
        #expect(game.schedule.deadline == Samples.at(15_000))
        game.advance(to: Samples.at(14_999))
        #expect(game.phase == .toss)
    }

    @Test func leavingEndsTheGameAtOnce() throws {
        var game = try Samples.playing(suns: [Samples.middle])
        game.leave(Samples.alice, at: Samples.at(2000))
        #expect(game.outcome == GameOutcome(winners: [Samples.bob], reason: .playersLeft, summary: "Alice left; Bob wins.",
                                           standings: [Standing(seat: Samples.bob, place: 1, score: 0), Standing(seat: Samples.alice, place: 2, score: 0)]))
        #expect(game.schedule == .idle)
    }

    @Test func leavingDuringTheTossEndsItToo() {
        var game = Samples.game()
        game.leave(Samples.bob, at: Samples.at(2000))
        #expect(game.outcome?.winners == [Samples.alice])
    }
}
