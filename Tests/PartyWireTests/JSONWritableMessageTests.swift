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

    static let lobbies = [
        Lobby(state: "playing", players: [
            PlayerInfo(seat: 0, name: "Ann \"A\"", ready: true, host: true, bot: false),
            PlayerInfo(seat: 1, name: "Bo\\b\n", ready: false, host: false, bot: true, rematch: true, connected: false, graceMs: 29_000, watching: true),
        ], you: 1, spectators: 2, canStart: false, gamesPlayed: 3, message: "Waiting for Bo…"),
        Lobby(state: "lobby", players: [], you: nil, canStart: true, gamesPlayed: 0, message: ""),
        Lobby(state: "over", players: [PlayerInfo(seat: 4, name: "é😀", ready: false, host: false, bot: false, watching: false)],
              you: 0, spectators: 0, canStart: true, gamesPlayed: 12, message: "Rematch?"),
    ]

    @Test("lobby messages have the Encodable path's bytes", arguments: lobbies)
    func lobby(message: Lobby) throws {
        let written = try MessageCodec().encode(message, seq: 7)
        let coded = try StreamingJSONEncoder.encode(Outgoing(seq: 7, message: message), headroom: FramePrepender.headroom)
        #expect(written.readableBytesView.elementsEqual(coded.readableBytesView))
    }

    static let results = [
        GameOver(game: 2, winners: [1], reason: "won", summary: "Bo wins with four in a row",
                 standings: [StandingInfo(seat: 1, place: 1, score: nil), StandingInfo(seat: 0, place: 2, score: -3)]),
        GameOver(game: 1, winners: [], reason: "playersLeft", summary: "Everyone left \"early\"", standings: nil),
        GameOver(game: 9, winners: [0, 2], reason: "draw", summary: "", standings: []),
    ]

    @Test("game-over messages have the Encodable path's bytes", arguments: results)
    func gameOver(message: GameOver) throws {
        let written = try MessageCodec().encode(message, seq: 70)
        let coded = try StreamingJSONEncoder.encode(Outgoing(seq: 70, message: message), headroom: FramePrepender.headroom)
        #expect(written.readableBytesView.elementsEqual(coded.readableBytesView))
    }
}
