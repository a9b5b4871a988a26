import PartyKit
import PartyTestSupport
import Testing
@testable import TwentyFour

/// The plain text, menu and typed answers of a client without TwentyFour's presenter.
@Suite("TwentyFour without a presenter")
struct TwentyFourPlainTextTests {
    typealias S = Samples
    static let names = Dictionary(uniqueKeysWithValues: S.seats.map { ($0.id, $0.name) })

    static func context(_ seat: SeatID?, elapsed: Int64 = 0) -> PresenterContext {
        PresenterContext(seat: seat, names: names, elapsedMilliseconds: elapsed, color: false)
    }

    @Test("during a round: seconds left, the numbers, the results and the scores")
    func roundText() throws {
        var game = S.game(numbers: [1, 3, 4, 6])
        try game.apply(.submit(expression: "6/(1-3/4)"), from: S.alice, at: .seconds(12.345))
        let view = game.view(for: .seat(S.bob), at: .seconds(13))
        #expect(TwentyFour.plainText(of: view, context: Self.context(S.bob)) == """
            TwentyFour, round 1: 87 seconds left.
            Make 24 from 1 3 4 6.
            You: Still guessing…
            Results:
              Alice: 12.34 seconds
              bob: Still guessing…
              Carol: Still guessing…
            Scores (rounds won, rounds solved):
              Alice: 0 won, 1 solved
              bob: 0 won, 0 solved
              Carol: 0 won, 0 solved
            """)
        // The seconds count down locally, rounded up.
        let later = TwentyFour.plainText(of: view, context: Self.context(S.bob, elapsed: 2_500))
        #expect(later.hasPrefix("TwentyFour, round 1: 85 seconds left.\n"))
    }

    @Test("the solver sees their reply and expression; nobody else sees it before the round ends")
    func solverText() throws {
        var game = S.game(numbers: [1, 3, 4, 6])
        try game.apply(.submit(expression: "6/(1-3/4)"), from: S.alice, at: .seconds(12.345))
        let alice = TwentyFour.plainText(of: game.view(for: .seat(S.alice), at: .seconds(13)), context: Self.context(S.alice))
        #expect(alice.contains("\nYou: Solved\nCorrect! 24 in 12.34 seconds.\n"))
        #expect(alice.contains("\n  Alice: 12.34 seconds with 6/(1-3/4)\n"))
        let bob = TwentyFour.plainText(of: game.view(for: .seat(S.bob), at: .seconds(13)), context: Self.context(S.bob))
        #expect(!bob.contains("6/(1-3/4)"))
    }

    @Test("in the pause: the finished round, the next one's countdown and a solution")
    func pauseText() throws {
        var game = S.game(numbers: [1, 3, 4, 6])
        game.advance(to: S.at(100))
        let view = game.view(for: .seat(S.bob), at: S.at(101.5))
        let lines = TwentyFour.plainText(of: view, context: Self.context(S.bob)).split(separator: "\n")
        #expect(lines[0] == "TwentyFour, round 1 is over. Next round in 9 seconds.")
        #expect(lines[1] == "The numbers were 1 3 4 6.")
        #expect(lines[2] == "You: Ran out of time")
        #expect(lines[3] == "Time is up.")
        #expect(lines[4].hasPrefix("A solution: "))
        #expect(TwentyFour.labelledMoves(in: view, for: S.bob).isEmpty)
        #expect(TwentyFour.typedMovePrompt(in: view, for: S.bob) == nil)
    }

    @Test("a guessing player gets Give up and a prompt; giving up is accepted")
    func giveUpMenu() throws {
        let game = S.game(numbers: [1, 3, 4, 6])
        let view = game.view(for: .seat(S.bob), at: S.at(20))
        let menu = TwentyFour.labelledMoves(in: view, for: S.bob)
        #expect(menu == [LabelledMove("Give up this round", .giveUp)])
        #expect(TwentyFour.typedMovePrompt(in: view, for: S.bob) == "Or type an expression that makes 24 from 1 3 4 6, using + - * / ( ).")
        var copy = game
        #expect(throws: Never.self) { try copy.apply(.giveUp, from: S.bob, at: S.at(20)) }
    }

    @Test("no menu for a solver, a player who gave up, a spectator, or once time is up")
    func noMenu() throws {
        var game = S.game(numbers: [1, 3, 4, 6])
        try game.apply(.submit(expression: "6/(1-3/4)"), from: S.alice, at: S.at(5))
        try game.apply(.giveUp, from: S.bob, at: S.at(6))
        for seat in [S.alice, S.bob] {
            let view = game.view(for: .seat(seat), at: S.at(7))
            #expect(TwentyFour.labelledMoves(in: view, for: seat).isEmpty)
            #expect(TwentyFour.typedMovePrompt(in: view, for: seat) == nil)
        }
        #expect(TwentyFour.labelledMoves(in: game.view(for: .spectator, at: S.at(7)), for: S.carol).isEmpty)
        let atDeadline = game.view(for: .seat(S.carol), at: S.at(100))
        #expect(TwentyFour.labelledMoves(in: atDeadline, for: S.carol).isEmpty)
    }

    @Test("a typed expression becomes a move the rules accept", arguments: ["6/(1-3/4)", "  6 ÷ (1 − 3 ÷ 4) "])
    func typedExpression(text: String) throws {
        let game = S.game(numbers: [1, 3, 4, 6])
        let view = game.view(for: .seat(S.bob), at: S.at(20))
        let move = try TwentyFour.typedMove(text, in: view, for: S.bob).get()
        #expect(move == .submit(expression: text.trimmingWhitespace()))
        var copy = game
        #expect(throws: Never.self) { try copy.apply(move, from: S.bob, at: S.at(20)) }
    }

    @Test("typed garbage gets a readable error", arguments: [
        ("", "Type an expression, or g to give up."),
        ("8 +", ExpressionError.incomplete.description),
        ("hello", ExpressionError.unexpectedCharacter("h", at: 1).description),
    ])
    func typedGarbage(text: String, message: String) {
        let view = S.game(numbers: [1, 3, 4, 6]).view(for: .seat(S.bob), at: S.at(20))
        #expect(TwentyFour.typedMove(text, in: view, for: S.bob) == .failure(InputError(message)))
    }

    @Test("typing g gives up; typing between rounds says why nothing is sent")
    func typedGiveUpAndPause() {
        var game = S.game(numbers: [1, 3, 4, 6])
        #expect(TwentyFour.typedMove("g", in: game.view(for: .seat(S.bob), at: S.at(1)), for: S.bob) == .success(.giveUp))
        game.advance(to: S.at(100))
        let pause = game.view(for: .seat(S.bob), at: S.at(101))
        #expect(TwentyFour.typedMove("6/(1-3/4)", in: pause, for: S.bob) == .failure(InputError("Next round will start shortly…")))
    }
}
