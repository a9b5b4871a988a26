import PartyKit
import Testing
@testable import RockPaperScissors

/// A dropped player's held seat and the end of the game, as the terminal shows them.
@Suite struct RockPaperScissorsHeldSeatTests {
    typealias S = SampleGames

    @Test("a held seat's row says reconnecting… N s (full and compact layouts); nobody else's does")
    func heldSeatRow() throws {
        let game = try S.aliceChose(.rock)
        let view = game.view(for: .seat(S.alice.id), at: .seconds(2))
        let context = PresenterContext(seat: S.alice.id, names: S.names, color: false, reconnecting: [S.bob.id: 23])
        for (width, height) in [(80, 20), (40, 7)] {
            var canvas = Canvas(width: width, height: height)
            RockPaperScissorsPresenter().draw(view, context: context, on: &canvas)
            let rows = (0..<canvas.height).map { canvas.text(ofRow: $0) }
            let bob = try #require(rows.first { $0.contains("Bob") }, "\(canvas.text)")
            #expect(bob.contains("reconnecting… 23 s"), "\(width)×\(height):\n\(canvas.text)")
            #expect(rows.filter { $0.contains("reconnecting…") }.count == 1, "\(canvas.text)")
        }
    }

    @Test("a one-round game over says 'Game over after 1 round', never '1 of 1 rounds'; one that ended early says which round")
    func overTitle() throws {
        let seats = [S.alice, S.bob]
        var game = RockPaperScissors(setup: GameSetup(seats: seats, configuration: .init(rounds: 1), seed: 1))
        try game.apply(RockPaperScissorsMove(shape: .rock), from: S.alice.id, at: .seconds(1))
        try game.apply(RockPaperScissorsMove(shape: .paper), from: S.bob.id, at: .seconds(1))
        var now = GameInstant.seconds(1)
        while !game.isOver, let deadline = game.schedule.deadline {
            now = deadline
            game.advance(to: now)
        }
        let view = game.view(for: .seat(S.alice.id), at: now)
        let context = PresenterContext(seat: S.alice.id, names: S.names, color: false)
        #expect(RockPaperScissorsPresenter().title(view, context: context) == "Game over after 1 round")
        var early = view
        early.round = 2
        early.rounds = 5
        #expect(RockPaperScissorsPresenter().title(early, context: context) == "Game over after round 2 of 5")
        var canvas = Canvas(width: 80, height: 20)
        RockPaperScissorsPresenter().draw(view, context: context, on: &canvas)
        #expect(!canvas.text.contains("1 of 1 rounds"), "\(canvas.text)")
    }
}
