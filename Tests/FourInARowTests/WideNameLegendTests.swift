import FourInARow
import PartyKit
import Testing

/// The legend under the board with names in wide characters: measured in columns, not characters.
@Suite("Four in a Row legend with wide names")
struct WideNameLegendTests {
    @Test("Each name is whole and the second disc comes three columns after the first label")
    func wideNamesDoNotOverlap() throws {
        let alice = SamplePositions.alice.id
        let names = [SeatID(0): "東京大阪", SeatID(1): "Zoë 🎲"]
        let view = SamplePositions.newGame().view(for: .seat(alice), at: .zero)
        var canvas = Canvas(width: 60, height: 20)
        FourInARowPresenter().draw(view, context: PresenterContext(seat: alice, names: names, color: false), on: &canvas)
        let row = try #require((0..<canvas.height).map { canvas.text(ofRow: $0) }.first { $0.contains("東京大阪") },
                               "no legend:\n\(canvas.text)")
        #expect(row.contains("東京大阪 (you)   "), "\(row)")
        #expect(row.contains(" Zoë 🎲"), "\(row)")
    }
}
