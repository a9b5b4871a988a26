import NIOCore
import PartyKit
@testable import PartyWire
import Testing

/// A view message whose view writes its own JSON is written byte for byte as the `Encodable` path
/// writes it, and a view that does not is still encoded through `Encodable`.
struct JSONWritableMessageTests {
    /// A view with every kind of member a game's view has, writing its own JSON.
    struct Written: Codable, Hashable, Sendable, JSONWritable {
        var rows: [String]
        var seats: [SeatID]
        var turn: SeatID?
        var score: Int
        var note: String?
        var done: Bool

        func writeJSON(to output: inout JSONOutput) {
            output.beginObject()
            output.key("rows")
            output.array(rows)
            output.key("seats")
            output.array(seats)
            output.field("turn", turn)
            output.field("score", score)
            output.field("note", note)
            output.field("done", done)
            output.endObject()
        }
    }

    /// The same view through `Encodable` only.
    struct Plain: Codable, Hashable, Sendable {
        var inner: Written
        init(_ inner: Written) { self.inner = inner }
        init(from decoder: any Decoder) throws { inner = try Written(from: decoder) }
        func encode(to encoder: any Encoder) throws { try inner.encode(to: encoder) }
    }

    static let views = [
        Written(rows: ["..0..", "\"q\"\\"], seats: [SeatID(0), SeatID(1)], turn: SeatID(1), score: -12, note: nil, done: false),
        Written(rows: [], seats: [], turn: nil, score: 0, note: "Ann wins\n\u{1}", done: true),
    ]

    @Test("a JSONWritable view's message has the Encodable path's bytes", arguments: views, [nil, 0, 1500] as [Int64?])
    func sameBytes(view: Written, deadline: Int64?) throws {
        let codec = MessageCodec()
        let written = try codec.encode(ViewMessage(game: 3, view: view, yourTurn: deadline != nil, deadlineMs: deadline), seq: 41)
        let coded = try codec.encode(ViewMessage(game: 3, view: Plain(view), yourTurn: deadline != nil, deadlineMs: deadline), seq: 41)
        #expect(written == coded)
        #expect(written.readerIndex == FramePrepender.headroom)
        #expect(Plain(view) as Any is any JSONWritable == false)
    }

    @Test("a shared view (EncodedJSON) is spliced in verbatim", arguments: views)
    func sharedView(view: Written) throws {
        let codec = MessageCodec()
        let json = try #require(EncodedJSON(encoding: view))
        #expect(json.bytes == (try StreamingJSONEncoder.encode(Plain(view))))
        let shared = try codec.encode(ViewMessage(game: 1, view: json, yourTurn: true, deadlineMs: nil), seq: 2)
        let coded = try codec.encode(ViewMessage(game: 1, view: Plain(view), yourTurn: true, deadlineMs: nil), seq: 2)
        #expect(shared == coded)
    }
}
