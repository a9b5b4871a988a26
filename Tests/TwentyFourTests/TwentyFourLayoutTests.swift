import PartyKit
import PartyTestSupport
import Testing
import TwentyFour

/// TwentyFour at 80×24, 60×15 and 40×10: no word cut, no texts running into each other, and a
/// player always sees their own score line (issue 17).
@Suite struct TwentyFourLayoutTests {
    @Test func laysOutCleanlyAtEverySize() {
        let typed: [Key] = "(9+9)×3".map { .character($0) }
        let problems = LayoutCheck.check(TwentyFourGame.self, steps: 120, keys: typed) { view, context, size in
            guard let seat = context.seat, size.height >= 15,
                  let score = view.scores.first(where: { $0.seat == seat }),
                  let result = view.results.first(where: { $0.seat == seat }) else { return [] }
            return ["\(score.name): \(score.won) won, \(score.solved) solved", result.line]
        }
        #expect(problems.isEmpty, "\(problems.prefix(6).joined(separator: "\n"))")
    }
}
