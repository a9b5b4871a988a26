import PartyKit
import PartyTestSupport
import Testing
import FourInARow

/// FourInARow at 80×24, 60×15 and 40×10: no word cut, no texts running into each other (issue 17).
@Suite struct FourInARowLayoutTests {
    @Test func laysOutCleanlyAtEverySize() {
        let problems = LayoutCheck.check(FourInARowGame.self)
        #expect(problems.isEmpty, "\(problems.prefix(6).joined(separator: "\n"))")
    }
}
