import PartyKit
import Testing
@testable import TwentyFour

/// The results and scores columns with names in wide characters: cut by columns, so the left
/// column never runs into the right one.
@Suite struct WideNameColumnTests {
    @Test func aWideNameIsCutAtTheColumnsEdge() {
        var canvas = Canvas(width: 40, height: 3)
        let name = "東京大阪名古屋札幌福岡横浜神戸"
        TwentyFourPresenter.column("Results", ["\(name): Still guessing…"], x: 0, y: 0, width: 18, on: &canvas)
        TwentyFourPresenter.column("Scores", ["\(name): 0 won"], x: 20, y: 0, width: 20, on: &canvas)
        // Each name is cut with "…" inside its own column (18 and 20 columns), by display width.
        #expect(canvas.text(ofRow: 1).hasPrefix("東京大阪名古屋札…   東京大阪名古屋札幌…"), "\(canvas.text)")
    }
}
