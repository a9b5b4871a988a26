import PartyKit
import Testing
@testable import Snap

/// A dropped player's held seat on the Snap table: "reconnecting… N s", as everywhere else.
@Suite struct SnapHeldSeatTests {
    static let names = PresenterTests.names

    @Test("the held seat's pile says reconnecting… N s, and the paused turn says whose countdown it waits for")
    func heldSeat() throws {
        var game = PresenterTests.fourPlayers()
        game.connectionChanged(SeatID(1), connected: false, at: .zero)
        let view = game.view(for: .seat(SeatID(0)), at: .zero)
        #expect(view.paused, "Bob is active and away: his turn waits")
        let context = PresenterContext(seat: SeatID(0), names: Self.names, color: false, reconnecting: [SeatID(1): 23])
        var canvas = Canvas(width: 80, height: 21)
        SnapPresenter().draw(view, context: context, on: &canvas)
        #expect(canvas.text.contains("reconnecting… 23 s"), "\(canvas.text)")
        #expect(canvas.text.contains("paused: reconnecting… 23 s"), "\(canvas.text)")
        #expect(!canvas.text.contains(" away"), "\(canvas.text)")
        var small = Canvas(width: 28, height: 8)
        SnapPresenter().draw(view, context: context, on: &small)
        #expect(small.text.contains("reconnecting…"), "\(small.text)")
    }
}
