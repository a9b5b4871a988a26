import FourInARow
import PartyKit
import PartyWire
import Testing

/// Every Four in a Row view message the host writes through `JSONWritable` has exactly the bytes
/// the `Encodable` path gives, over random games to their end.
struct ViewBytesTests {
    /// The same view, encoded only through `Encodable`.
    struct Plain: Codable, Sendable {
        var view: FourInARowView
        init(_ view: FourInARowView) { self.view = view }
        init(from decoder: any Decoder) throws { view = try FourInARowView(from: decoder) }
        func encode(to encoder: any Encoder) throws { try view.encode(to: encoder) }
    }

    @Test("Four in a Row views: the written bytes (with or without a ViewWriter) are the Encodable bytes", arguments: 0..<8 as Range<UInt64>)
    func fourInARow(seed: UInt64) throws {
        let seats = [Seat(id: SeatID(0), name: "Ann \"A\""), Seat(id: SeatID(1), name: "Bo\\b")]
        var state = FourInARow(setup: GameSetup(seats: seats, seed: seed))
        var random = SeededRandom(seed: seed)
        let codec = MessageCodec()
        var checked = 0
        while true {
            for viewer in [Viewer.seat(SeatID(0)), .seat(SeatID(1)), .spectator] {
                let view = state.view(for: viewer, at: .zero)
                let deadline: Int64? = checked % 3 == 0 ? nil : Int64(checked)
                let written = try codec.encode(ViewMessage(game: 2, view: view, yourTurn: checked % 2 == 0, deadlineMs: deadline), seq: checked)
                let coded = try codec.encode(ViewMessage(game: 2, view: Plain(view), yourTurn: checked % 2 == 0, deadlineMs: deadline), seq: checked)
                // As the host sends it: through the writer found once for the game.
                let writer = try #require(ViewWriter<FourInARowView>.make())
                let viaWriter = try codec.encode(ViewMessage(game: 2, view: view, yourTurn: checked % 2 == 0, deadlineMs: deadline,
                                                             writer: writer), seq: checked)
                #expect(written == coded)
                #expect(viaWriter == coded)
                checked += 1
            }
            guard let seat = state.currentSeat else { break }
            let open = (1...7).filter { state.view(for: .spectator, at: .zero).canDrop(inColumn: $0) }
            try state.apply(FourInARowMove(column: open[Int(random.next() % UInt64(open.count))]), from: seat, at: .zero)
        }
        #expect(state.outcome != nil)
        #expect(checked > 20)
    }

    @Test("a view that only Encodable writes has no ViewWriter; its messages are written through Encodable")
    func noWriter() throws {
        #expect(ViewWriter<Plain>.make() == nil)
        let view = FourInARow(setup: GameSetup(seats: [Seat(id: SeatID(0), name: "A"), Seat(id: SeatID(1), name: "B")], seed: 1))
            .view(for: .spectator, at: .zero)
        let codec = MessageCodec()
        let plain = try codec.encode(ViewMessage(game: 1, view: Plain(view), yourTurn: false, deadlineMs: nil, writer: nil), seq: 1)
        let written = try codec.encode(ViewMessage(game: 1, view: view, yourTurn: false, deadlineMs: nil), seq: 1)
        #expect(plain == written)
    }
}
