import Foundation
import PartyKit
import Testing
@testable import TwentyFour

@Suite struct PresenterTests {
    typealias S = Samples
    static let context = PresenterContext(seat: S.alice, names: [:])

    static func roundView(at seconds: Double = 27) -> TwentyFourView {
        S.game(numbers: [4, 7, 8, 8]).view(for: .seat(S.alice), at: S.at(seconds))
    }

    static func type(_ text: String, into presenter: inout TwentyFourPresenter, view: TwentyFourView) -> [PresenterAction<TwentyFourMove>] {
        text.map { presenter.handle(.character($0), view: view, context: context) }
    }

    @Test func typingBuildsTheExpressionAndEnterSendsIt() {
        var presenter = TwentyFourPresenter()
        let view = Self.roundView()
        let actions = Self.type("(7-8/8)*4", into: &presenter, view: view)
        #expect(actions.allSatisfy { $0 == .redraw })
        #expect(presenter.currentInput(for: view) == "(7−8/8)×4")
        #expect(presenter.handle(.backspace, view: view, context: Self.context) == .redraw)
        _ = presenter.handle(.character("x"), view: view, context: Self.context)
        _ = presenter.handle(.character("4"), view: view, context: Self.context)
        #expect(presenter.handle(.enter, view: view, context: Self.context) == .send(.submit(expression: "(7−8/8)××4")))
        #expect(presenter.handle(.delete, view: view, context: Self.context) == .redraw)
        #expect(presenter.handle(.enter, view: view, context: Self.context) == .message("Type an expression first."))
        if case .message = presenter.handle(.character("?"), view: view, context: Self.context) {} else {
            Issue.record("a stray character should explain the keys")
        }
    }

    @Test("at 60×15 a list that does not fit says how many it leaves out, and keeps the viewer's line")
    func cutListsSayMore() {
        let seats = (0..<6).map { Seat(id: SeatID($0), name: ["Alice", "Bea", "Cy", "Dee", "Eli", "Fay"][$0]) }
        let view = S.game(numbers: [4, 7, 8, 8], seats: seats).view(for: .seat(S.alice), at: S.at(27))
        var canvas = Canvas(width: 60, height: 15)
        TwentyFourPresenter().draw(view, context: Self.context, on: &canvas)
        let text = canvas.text
        #expect(text.range(of: #"Results · …\d+ more"#, options: .regularExpression) != nil, "\(text)")
        #expect(text.range(of: #"Scores · …\d+ more"#, options: .regularExpression) != nil, "\(text)")
        #expect(text.contains("Alice: 0 won, 0 solved"), "\(text)")
        var roomy = Canvas(width: 80, height: 24)
        TwentyFourPresenter().draw(view, context: Self.context, on: &roomy)
        #expect(!roomy.text.contains("more"), "\(roomy.text)")
    }

    @Test func giveUpWithGOrEscapeThenY() {
        var presenter = TwentyFourPresenter()
        let view = Self.roundView()
        #expect(presenter.handle(.character("g"), view: view, context: Self.context) == .send(.giveUp))
        if case .message = presenter.handle(.escape, view: view, context: Self.context) {} else { Issue.record("Esc should ask") }
        #expect(presenter.confirmingGiveUp)
        #expect(presenter.handle(.character("y"), view: view, context: Self.context) == .send(.giveUp))
        _ = presenter.handle(.escape, view: view, context: Self.context)
        #expect(presenter.handle(.character("n"), view: view, context: Self.context) == .message("Carry on guessing!"))
        #expect(!presenter.confirmingGiveUp)
    }

    @Test func keysDoNothingOutsideTheRound() {
        var presenter = TwentyFourPresenter()
        var game = S.game(numbers: [4, 7, 8, 8])
        game.advance(to: S.at(100))
        let pause = game.view(for: .seat(S.alice), at: S.at(100))
        #expect(presenter.handle(.character("8"), view: pause, context: Self.context) == .message("Next round will start shortly…"))
        #expect(presenter.handle(.character("g"), view: pause, context: Self.context) == .message("Next round will start shortly…"))
        #expect(presenter.currentInput(for: pause).isEmpty)
    }

    @Test func inputFromAnEarlierRoundIsDropped() {
        var presenter = TwentyFourPresenter()
        var game = S.game(numbers: [4, 7, 8, 8])
        _ = Self.type("8+8", into: &presenter, view: game.view(for: .seat(S.alice), at: S.at(1)))
        game.advance(to: S.at(100))
        game.advance(to: S.at(110))
        let next = game.view(for: .seat(S.alice), at: S.at(110))
        #expect(presenter.currentInput(for: next).isEmpty)
        _ = Self.type("1", into: &presenter, view: next)
        #expect(presenter.currentInput(for: next) == "1")
    }

    @Test(arguments: [
        ("", ""), ("8+8", "= 16"), ("8+8+", "incomplete"), ("(8+8", "incomplete"), ("8*8/3+7", "= 85/3"),
        ("(7-8/8)*4", "= 24 ✓"), ("6*4", "= 24, but 6 is not one of the numbers"), ("8/(8-8)", "That divides by zero."),
        ("8+8+8", "= 24, but the 8 is used three times, not twice"), ("8*(7-4)", "= 24, but the 8 is left out"),
    ] as [(String, String)])
    func liveEvaluation(input: String, shown: String) {
        #expect(TwentyFourPresenter.evaluation(of: input, numbers: [4, 7, 8, 8]) == shown)
    }

    @Test func drawsBigDigitsTheExpressionAndResults() throws {
        var presenter = TwentyFourPresenter()
        var game = S.game(numbers: [4, 7, 8, 8])
        try game.apply(.submit(expression: "(7-8/8)*4"), from: S.bob, at: S.at(12.34))
        let view = game.view(for: .seat(S.alice), at: S.at(27))
        _ = Self.type("8+8", into: &presenter, view: view)
        var canvas = Canvas(width: 80, height: 20)
        presenter.draw(view, context: PresenterContext(seat: S.alice, names: [:], elapsedMilliseconds: 3_000), on: &canvas)
        let text = canvas.text
        #expect(canvas.text(ofRow: 0).hasPrefix("Round 1 · 70 s left · Still guessing…"))
        #expect(text.contains("█████"))
        #expect(text.contains("> 8+8"))
        #expect(text.contains("= 16"))
        #expect(text.contains("bob: 12.34 seconds"))
        #expect(text.contains("Alice: Still guessing…"))
        #expect(!text.contains("(7-8/8)*4"))
        #expect(presenter.refreshInterval(for: view) == 250)
    }

    @Test(arguments: [(40, 12), (20, 5), (1, 1), (0, 0), (120, 40)])
    func drawsOnAnySize(width: Int, height: Int) {
        let presenter = TwentyFourPresenter()
        var canvas = Canvas(width: width, height: height)
        presenter.draw(Self.roundView(), context: Self.context, on: &canvas)
        if width >= 40 { #expect(canvas.text.contains("4   7   8   8") || canvas.text.contains("█")) }
    }

    @Test func showsTheSolutionAfterTheRound() {
        var game = S.game(numbers: [3, 3, 8, 8])
        game.advance(to: S.at(100))
        var canvas = Canvas(width: 80, height: 24)
        TwentyFourPresenter().draw(game.view(for: .seat(S.alice), at: S.at(100)), context: Self.context, on: &canvas)
        #expect(canvas.text.contains("A solution: 8 / (3 − 8/3)"))
        #expect(canvas.text.contains("next round in 10 s"))
    }

    @Test func describesOneLine() throws {
        var game = S.game(numbers: [4, 7, 8, 8])
        try game.apply(.submit(expression: "(7-8/8)*4"), from: S.alice, at: S.at(12.34))
        let view = game.view(for: .seat(S.bob), at: S.at(27))
        let line = TwentyFourPresenter().describe(view, context: Self.context)
        #expect(line.hasPrefix("Round 1: 4 7 8 8 — 73 s left — Alice solved in 12.34 s"))
        #expect(line.contains("bob: Still guessing…"))
        game.advance(to: S.at(100))
        let after = TwentyFourPresenter().describe(game.view(for: .seat(S.bob), at: S.at(100)), context: Self.context)
        #expect(after.contains("a solution: ") && after.contains("Next round will start shortly…"))
    }

    @Test(arguments: [
        ("g", TwentyFourMove.giveUp), ("give up", .giveUp), ("Give Up", .giveUp),
        (" 8/(3-8/3) ", .submit(expression: "8/(3-8/3)")),
    ] as [(String, TwentyFourMove)])
    func lineModeParsesMoves(line: String, move: TwentyFourMove) {
        #expect(TwentyFourPresenter().parse(line: line, view: Self.roundView(), context: Self.context) == .success(move))
    }

    @Test(arguments: ["", "8 +", "hello"])
    func lineModeRejectsNonsense(line: String) {
        let result = TwentyFourPresenter().parse(line: line, view: Self.roundView(), context: Self.context)
        guard case .failure(let error) = result else {
            Issue.record("\(line) should not parse")
            return
        }
        #expect(!error.message.isEmpty)
    }

    @Test func bigDigitsAreFiveRowsOfFiveColumns() {
        for digit in 0...9 {
            let rows = BigDigits.rows(of: digit)
            #expect(rows.count == 5 && rows.allSatisfy { $0.count == 5 })
        }
        #expect(Set((0...9).map(BigDigits.rows(of:))).count == 10)
        #expect(BigDigits.rows(ofNumber: 12)[0].count == 11)
    }
}
