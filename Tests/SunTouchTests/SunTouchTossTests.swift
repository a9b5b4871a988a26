import PartyKit
import Testing
@testable import SunTouch

@Suite("SunTouch coin toss")
struct SunTouchTossTests {
    @Test func startsWithBothPlayersToTossBeforeADeadline() {
        let game = Samples.game()
        #expect(game.schedule.turn == .seats([Samples.alice, Samples.bob]))
        #expect(game.schedule.deadline == Samples.at(10_000))
        let view = game.view(for: .seat(Samples.alice), at: Samples.at(4000))
        #expect(view.phase == .toss)
        #expect(view.toss == SunTouchView.Toss(round: 1, mine: nil, left: 6000))
        #expect(view.captured.isEmpty && view.strikes.isEmpty)
    }

    @Test func bothTossesStartPlay() throws {
        var game = Samples.game()
        try game.apply(.toss(5), from: Samples.alice, at: Samples.at(1000))
        #expect(game.schedule.turn == .seats([Samples.bob]))
        #expect(game.view(for: .seat(Samples.alice), at: Samples.at(1000)).toss?.mine == 5)
        #expect(game.view(for: .seat(Samples.bob), at: Samples.at(1000)).toss?.mine == nil)
        #expect(game.view(for: .seat(Samples.bob), at: Samples.at(1000)).player(Samples.alice)?.tossed == true)
        #expect(throws: SunTouchRejection.alreadyTossed) { try game.apply(.toss(6), from: Samples.alice, at: Samples.at(1100)) }
        #expect(throws: SunTouchRejection.notPlaying) {
            try game.apply(.strike(x: 0.5, y: 0.5, radius: 0.1), from: Samples.alice, at: Samples.at(1100))
        }
        try game.apply(.toss(7), from: Samples.bob, at: Samples.at(2000))
        #expect(game.phase == .playing)
        #expect(game.suns.count == 7)
        #expect(game.schedule.turn == .everyone)
        #expect(game.view(for: .seat(Samples.bob), at: Samples.at(3000)).clock == 1000)
        #expect(throws: SunTouchRejection.notTossing) { try game.apply(.toss(8), from: Samples.bob, at: Samples.at(3000)) }
    }

    /// The layout of a game tossed with these host seed and tosses.
    func layout(seed: UInt64, _ first: UInt32, _ second: UInt32) throws -> [Double] {
        var game = Samples.game(seed: seed)
        try game.apply(.toss(first), from: Samples.alice, at: .zero)
        try game.apply(.toss(second), from: Samples.bob, at: .zero)
        return game.suns.flatMap { [$0.x, $0.y] }
    }

    @Test func theLayoutDependsOnTheHostAndBothTosses() throws {
        let base = try layout(seed: 1, 5, 7)
        #expect(base.count == 14)
        #expect(try layout(seed: 1, 5, 7) == base)
        #expect(try layout(seed: 1, 6, 7) != base)
        #expect(try layout(seed: 1, 5, 8) != base)
        #expect(try layout(seed: 2, 5, 7) != base)
        #expect(base.allSatisfy { (0.02...0.98).contains($0) })
    }

    @Test func equalTossesAreTossedAgainByBoth() throws {
        var game = Samples.game()
        try game.apply(.toss(9), from: Samples.alice, at: Samples.at(1000))
        try game.apply(.toss(9), from: Samples.bob, at: Samples.at(3000))
        #expect(game.phase == .toss)
        #expect(game.suns.isEmpty)
        let view = game.view(for: .seat(Samples.alice), at: Samples.at(3000))
        #expect(view.toss == SunTouchView.Toss(round: 2, mine: nil, left: 10_000))
        #expect(view.players.allSatisfy { !$0.tossed })
        #expect(game.schedule.turn == .seats([Samples.alice, Samples.bob]))
        #expect(game.schedule.deadline == Samples.at(13_000))
        try game.apply(.toss(9), from: Samples.alice, at: Samples.at(4000))
        #expect(game.phase == .toss)
        try game.apply(.toss(10), from: Samples.bob, at: Samples.at(5000))
        #expect(game.phase == .playing)
    }

    @Test func theHostTossesForAPlayerWhoMissesTheDeadline() throws {
        var game = Samples.game()
        try game.apply(.toss(5), from: Samples.alice, at: Samples.at(2000))
        game.advance(to: Samples.at(9999))
        #expect(game.phase == .toss)
        game.advance(to: Samples.at(10_000))
        #expect(game.phase == .playing)
        #expect(game.suns.count == 7)
        #expect(game.view(for: .seat(Samples.alice), at: Samples.at(10_500)).clock == 500)
    }

    @Test func theHostTossesForBothWhenNobodyTosses() {
        var game = Samples.game()
        game.advance(to: Samples.at(25_000))
        #expect(game.phase == .playing)
        #expect(game.playStart == 10_000)
        #expect(game.view(for: .spectator, at: Samples.at(25_000)).clock == 15_000)
    }
}
