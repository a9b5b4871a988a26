import Foundation
import NIOCore
@testable import PartyWire
import Testing

/// A move shaped like the games' enums with associated values (Snap, SunTouch).
private enum EnumMove: Codable, Hashable, Sendable {
    case strike(x: Double, y: Double, radius: Double)
    case snap(seen: Int)
    case turn
}

/// A view with every kind of field the games use: optionals, nested arrays, numbers, text.
private struct RichView: Codable, Hashable, Sendable {
    var board: [String]
    var cells: [[Int?]]
    var names: [String: String]
    var score: Double
    var ratio: Float
    var small: UInt8
    var big: Int64
    var flags: [Bool]
    var text: String
    var missing: Int?
    var moves: [EnumMove]
}

/// A type that writes itself with a custom `encode(to:)`: two containers on one encoder and a
/// nested container written after a plain value.
private struct CustomShape: Codable, Hashable, Sendable {
    var a: Int
    var b: [String]

    enum Keys: String, CodingKey { case a, b, inner }
    enum Inner: String, CodingKey { case x }

    init(a: Int, b: [String]) {
        self.a = a
        self.b = b
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        a = try container.decode(Int.self, forKey: .a)
        b = try container.decode([String].self, forKey: .b)
    }

    func encode(to encoder: any Encoder) throws {
        var first = encoder.container(keyedBy: Keys.self)
        try first.encode(a, forKey: .a)
        var inner = first.nestedContainer(keyedBy: Inner.self, forKey: .inner)
        try inner.encode(a * 2, forKey: .x)
        var second = encoder.container(keyedBy: Keys.self)
        try second.encode(b, forKey: .b)
    }
}

/// A type that goes back to a container it already left: the writer must give up, not write nonsense.
private struct OutOfOrder: Codable, Hashable, Sendable {
    var a: Int

    enum Keys: String, CodingKey { case a, one, two }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var one = container.nestedContainer(keyedBy: Keys.self, forKey: .one)
        var two = container.nestedContainer(keyedBy: Keys.self, forKey: .two)
        try two.encode(a, forKey: .a)
        try one.encode(a, forKey: .a)
    }
}

/// Integers of every width; arrays of each, so one object holds their limits.
private struct Integers: Codable {
    var int: [Int]
    var int8: [Int8]
    var int16: [Int16]
    var int32: [Int32]
    var int64: [Int64]
    var uint: [UInt]
    var uint8: [UInt8]
    var uint16: [UInt16]
    var uint32: [UInt32]
    var uint64: [UInt64]
}

private let strings = ["", "plain", "quote \" and \\ backslash / slash", "\u{0}\u{1}\u{1F}\n\r\t\u{8}\u{C}\u{7F}", "é 😀 \u{2028}"]

private func sameJSON(_ message: some WireMessage, seq: Int = 7) throws -> Bool {
    let codec = MessageCodec()
    let streamed = try StreamingJSONEncoder.encode(Outgoing(seq: seq, message: message))
    let reference = try codec.foundationEncode(message, seq: seq)
    let left = try JSONSerialization.jsonObject(with: Data(streamed.readableBytesView)) as? NSDictionary
    let right = try JSONSerialization.jsonObject(with: Data(reference.readableBytesView)) as? NSDictionary
    return left != nil && left == right
}

@Suite("The streaming encoder writes the JSON JSONEncoder writes")
struct PerfStreamingEncoderTests {
    @Test("protocol messages", arguments: strings)
    func messages(text: String) throws {
        #expect(try sameJSON(Hello(client: text, name: text, game: "g", bot: true, role: "spectator", token: text, code: nil)))
        #expect(try sameJSON(Ready(ready: true)))
        #expect(try sameJSON(Lobby(state: "over", players: [PlayerInfo(seat: 0, name: text, ready: true, host: true, bot: false),
                                                            PlayerInfo(seat: 1, name: "B", ready: false, host: false, bot: true,
                                                                       rematch: true, connected: false, graceMs: 2500)],
                                   you: nil, canStart: false, gamesPlayed: 3, message: text)))
        #expect(try sameJSON(Heartbeat()))
        #expect(try sameJSON(Leave()))
        #expect(try sameJSON(ErrorMessage(reason: text, message: text, inReplyTo: 3, fatal: true)))
        #expect(try sameJSON(MoveRejected(inReplyTo: 4, reason: "r", message: text)))
        #expect(try sameJSON(MoveMessage(move: SampleMove(column: 4))))
        #expect(try sameJSON(MoveMessage(move: EnumMove.strike(x: 0.25, y: -1e-7, radius: 1e20))))
        #expect(try sameJSON(MoveMessage(move: EnumMove.turn)))
        #expect(try sameJSON(ViewMessage(game: 2, view: SampleView(board: [text, "..."], turn: nil), yourTurn: true, deadlineMs: 1500)))
    }

    @Test("a view with every kind of field")
    func richView() throws {
        let view = RichView(board: strings, cells: [[1, nil, -3], []], names: ["a": "b", "\u{1}": "é"], score: 1.5, ratio: 0.1,
                            small: 200, big: .min, flags: [true, false], text: "x\"y", missing: nil,
                            moves: [.strike(x: 1, y: 0.5, radius: .leastNonzeroMagnitude), .snap(seen: 9), .turn])
        #expect(try sameJSON(ViewMessage(game: 1, view: view, yourTurn: false, deadlineMs: nil)))
    }

    @Test("integers of every width, at their limits, are written digit for digit as JSONEncoder writes them")
    func integers() throws {
        let view = Integers(int: [0, 1, -1, 9, 10, -10, 1_234_567_890, .min, .max], int8: [.min, .max, 0], int16: [.min, .max],
                            int32: [.min, .max], int64: [.min, .max, -100], uint: [0, .max], uint8: [0, 7, .max],
                            uint16: [.max], uint32: [.max], uint64: [0, 10, .max])
        let streamed = String(buffer: try StreamingJSONEncoder.encode(view))
        let reference = String(decoding: try JSONEncoder().encode(view), as: UTF8.self)
        // JSONEncoder orders keys as it likes: compare each member's text.
        func members(_ json: String) -> Set<Substring> {
            Set(json.dropFirst().dropLast().split(separator: "],").map { $0.hasSuffix("]") ? $0 : $0 + "]" })
        }
        #expect(members(streamed) == members(reference))
        #expect(members(streamed).count == 10)
    }

    @Test("two containers on one encoder and a nested one are merged into one object")
    func customShape() throws {
        #expect(try sameJSON(ViewMessage(game: 1, view: CustomShape(a: 3, b: ["x"]), yourTurn: true, deadlineMs: nil)))
    }

    @Test("containers used out of order make it give up, and the codec still encodes the message")
    func outOfOrder() throws {
        #expect(throws: StreamingJSONEncoder.Unsupported.self) {
            try StreamingJSONEncoder.encode(Outgoing(seq: 1, message: ViewMessage(game: 1, view: OutOfOrder(a: 1), yourTurn: true, deadlineMs: nil)))
        }
        let body = try MessageCodec().encode(ViewMessage(game: 1, view: OutOfOrder(a: 1), yourTurn: true, deadlineMs: nil), seq: 1)
        #expect(try MessageCodec().envelope(of: body).type == .view)
    }

    @Test("non-finite numbers are left to JSONEncoder, which refuses them as before")
    func nonFinite() {
        #expect(throws: (any Error).self) {
            try MessageCodec().encode(MoveMessage(move: EnumMove.strike(x: .nan, y: 0, radius: .infinity)), seq: 1)
        }
    }

    @Test("a view encoded once and sent as EncodedJSON gives the very bytes of the view encoded in place")
    func encodedOnce() throws {
        let codec = MessageCodec()
        let views: [RichView] = strings.map {
            RichView(board: [$0], cells: [[nil, 2]], names: [$0: $0], score: -0.5, ratio: 3, small: 1, big: 42, flags: [],
                     text: $0, missing: 7, moves: [.turn, .snap(seen: 1)])
        }
        for view in views {
            let json = try #require(EncodedJSON(encoding: view))
            for (seq, yourTurn, deadline) in [(1, true, Int64?.none), (99, false, Int64?(250))] {
                let direct = try codec.encode(ViewMessage(game: 3, view: view, yourTurn: yourTurn, deadlineMs: deadline), seq: seq)
                let shared = try codec.encode(ViewMessage(game: 3, view: json, yourTurn: yourTurn, deadlineMs: deadline), seq: seq)
                #expect(direct == shared)
            }
        }
        // A view only JSONEncoder can encode is not pre-encoded (the host then encodes it per viewer),
        // and no other encoder writes an EncodedJSON as anything.
        #expect(EncodedJSON(encoding: OutOfOrder(a: 1)) == nil)
        let json = try #require(EncodedJSON(encoding: views[0]))
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(json) }
    }

    @Test("the envelope comes first, so a frame reads type and seq at its start")
    func envelopeFirst() throws {
        let body = try MessageCodec().encode(Leave(), seq: 1)
        #expect(String(decoding: body.readableBytesView, as: UTF8.self) == #"{"type":"leave","seq":1}"#)
    }
}
