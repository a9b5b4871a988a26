import PartyKit
import Testing
@testable import TwentyFour

/// A game with `--rounds`: the screen, line mode and plain text say "Round 2 of 3" and show the end.
@Suite struct RoundsPresenterTests {
    typealias S = Samples
    static let context = PresenterContext(seat: S.alice, names: [:], color: false)

    /// A 2-round game of Alice and bob that Alice won 2 rounds to 0.
    static func finishedGame() throws -> TwentyFour {
        var game = S.game(numbers: [3, 3, 8, 8], seats: Array(S.seats.prefix(2)), rounds: 2)
        try game.apply(.submit(expression: "8/(3-8/3)"), from: S.alice, at: S.at(5))
        try game.apply(.giveUp, from: S.bob, at: S.at(6))
        game.advance(to: S.at(16))
        try game.apply(.submit(expression: game.challenge.solution), from: S.alice, at: S.at(20))
        game.advance(to: S.at(116))
        return game
    }

    @Test func theRoundIsShownOutOfTheRounds() throws {
        var game = S.game(numbers: [4, 7, 8, 8], rounds: 5)
        var canvas = Canvas(width: 80, height: 20)
        TwentyFourPresenter().draw(game.view(for: .seat(S.alice), at: S.at(27)), context: Self.context, on: &canvas)
        #expect(canvas.text(ofRow: 0).hasPrefix("Round 1 of 5 · 73 s left · Still guessing…"))
        let text = TwentyFour.plainText(of: game.view(for: .seat(S.alice), at: S.at(27)), context: Self.context)
        #expect(text.hasPrefix("TwentyFour, round 1 of 5: 73 seconds left."))
        game.advance(to: S.at(100))
        let pause = game.view(for: .seat(S.alice), at: S.at(100))
        #expect(TwentyFourPresenter.header(pause, Self.context) == "Round 1 of 5 over · next round in 10 s")
        #expect(TwentyFourPresenter().describe(pause, context: Self.context).hasPrefix("Round 1 of 5 over: 4 7 8 8"))
        #expect(TwentyFour.plainText(of: pause, context: Self.context).hasPrefix("TwentyFour, round 1 of 5 is over. Next round in 10 seconds."))
        // Without an end, as before.
        #expect(TwentyFourPresenter.header(S.game().view(for: .spectator, at: S.at(1)), Self.context).hasPrefix("Round 1 · 99 s left"))
    }

    @Test func theEndIsShownOnScreenInLineModeAndInPlainText() throws {
        let game = try Self.finishedGame()
        let view = game.view(for: .seat(S.bob), at: S.at(200))
        var canvas = Canvas(width: 80, height: 21)
        var presenter = TwentyFourPresenter()
        presenter.draw(view, context: Self.context, on: &canvas)
        #expect(canvas.text(ofRow: 0) .hasPrefix("Round 2 of 2 over · Game over"))
        #expect(canvas.text.contains("No more rounds: the game is over."))
        #expect(canvas.text.contains("Final scores"))
        #expect(canvas.text.contains("Alice: 2 won, 2 solved"))
        #expect(!canvas.text.contains("next round"))
        #expect(presenter.refreshInterval(for: view) == nil)
        #expect(presenter.handle(.character("8"), view: view, context: Self.context) == .message("The game is over."))
        let line = presenter.describe(view, context: Self.context)
        #expect(line.contains("Game over: Alice wins 2 rounds to 0") && !line.contains("Next round"))
        let text = TwentyFour.plainText(of: view, context: Self.context).split(separator: "\n")
        #expect(text.first == "TwentyFour is over after round 2 of 2: Alice wins 2 rounds to 0.")
        #expect(text.contains("Final scores (rounds won, rounds solved):"))
        #expect(TwentyFour.labelledMoves(in: view, for: S.bob).isEmpty)
        #expect(TwentyFour.typedMovePrompt(in: view, for: S.bob) == nil)
    }
}
