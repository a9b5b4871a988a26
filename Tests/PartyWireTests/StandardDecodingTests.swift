import Foundation
import NIOCore
import PartyKit
@testable import PartyWire
import Testing

/// A move with an enum carrying values, an optional and a nested array, as a game could define it.
private enum SampleAction: Codable, Hashable, Sendable {
    case drop(column: Int)
    case say(String, loud: Bool?)
    case pass
}

private struct RichMove: Codable, Hashable, Sendable {
    var action: SampleAction
    var cards: [Int8]
    var note: String?
}

/// A move that reads itself (`JSONReadable`), as Four in a Row's does.
private struct ReadableMove: Codable, Hashable, Sendable, JSONReadable {
    var column: Int

    init(column: Int) { self.column = column }

    init(json input: inout JSONInput) throws(JSONInput.Mismatch) {
        var column: Int?
        try input.readObject { key, value throws(JSONInput.Mismatch) in
            guard key.matches("column") else { throw JSONInput.Mismatch() }
            column = try value.readInt()
        }
        guard let column else { throw JSONInput.Mismatch() }
        self.column = column
    }
}

/// `decodeStandard`'s answer and `decode`'s (Foundation's) for one body, side by side.
private func bothWays<Move: Codable & Hashable & Sendable>(_ text: String, as _: Move.Type) -> (fast: Result<MoveMessage<Move>, WireError>, reference: Result<MoveMessage<Move>, WireError>)? {
    guard let envelope = try? MessageCodec().envelope(of: ByteBuffer(string: text)) else { return nil }
    let codec = MessageCodec()
    let fast = Result { () throws(WireError) -> MoveMessage<Move> in try codec.decodeStandard(MoveMessage<Move>.self, from: envelope) }
    let reference = Result { () throws(WireError) -> MoveMessage<Move> in try codec.decode(MoveMessage<Move>.self, from: envelope) }
    // The host's reader, made once per game, answers as decodeStandard does.
    let reader = Result { () throws(WireError) -> MoveMessage<Move> in try MoveReader<Move>().read(envelope, codec: codec) }
    #expect(same(reader, fast), "MoveReader and decodeStandard differ on \(text)")
    return (fast, reference)
}

private func same<Move: Hashable>(_ left: Result<MoveMessage<Move>, WireError>, _ right: Result<MoveMessage<Move>, WireError>) -> Bool {
    switch (left, right) {
    case (.success(let a), .success(let b)): a.move == b.move && a.seat == b.seat
    case (.failure(let a), .failure(let b)): a == b
    default: false
    }
}

private func parsed(_ text: String) -> JSONValue? {
    Array(text.utf8).withUnsafeBytes { JSONTreeParser.parse($0) }
}

@Suite("Moves decode without JSONDecoder, exactly as with it")
struct StandardDecodingTests {
    static let bodies: [String] = [
        #"{"type":"move","seq":4,"move":{"column":4}}"#,
        #"{"type":"move","seq":4,"move":{"column":4},"seat":1}"#,
        #"{"type":"move","seq":4,"move":{"column":4},"seat":null}"#,
        #"{"type":"move","seq":4,"move":{"column":"4"}}"#,
        #"{"type":"move","seq":4,"move":{"column":4.0}}"#,
        #"{"type":"move","seq":4,"move":{"column":4e0}}"#,
        #"{"type":"move","seq":4,"move":{"column":9223372036854775808}}"#,
        #"{"type":"move","seq":4,"move":{"column":-9223372036854775808}}"#,
        #"{"type":"move","seq":4,"move":{"column":-0}}"#,
        #"{"type":"move","seq":4,"move":{"column":4,"column":5}}"#,
        #"{"type":"move","seq":4,"move":{}}"#,
        #"{"type":"move","seq":4}"#,
        #"{"type":"move","seq":4,"move":null}"#,
        #"{"type":"move","seq":4,"move":[4]}"#,
        #"{"type":"move","seq":4,"move":{"column":4},"seat":"1"}"#,
        #"{"type":"move","seq":4,"move":{"column":4},"extra":{"a":[1,true,null,"x\n\u00e9\"\\\/"]}}"#,
        " {\t\"type\" : \"move\" ,\r\n\"seq\":4 , \"move\" : { \"column\" : 2 } } ",
        #"{"type":"move","seq":4,"move":{"action":{"drop":{"column":3}},"cards":[1,2,-128]}}"#,
        #"{"type":"move","seq":4,"move":{"action":{"say":{"_0":"h\u00e9 😀","loud":true}},"cards":[],"note":"a\tb"}}"#,
        #"{"type":"move","seq":4,"move":{"action":{"say":{"_0":"hi"}},"cards":[],"note":null}}"#,
        #"{"type":"move","seq":4,"move":{"action":{"pass":{}},"cards":[128]}}"#,
        #"{"type":"move","seq":4,"move":{"action":{"pass":{},"drop":{"column":1}},"cards":[]}}"#,
        #"{"type":"move","seq":4,"move":{"action":{"pass":{}},"cards":[1,]}}"#,
        #"{"type":"move","seq":4,"move":{"action":{"pass":{}},"cards":[1],"note":"\ud83d\ude00"}}"#,
    ]

    @Test("every body gives the same move or the same error as JSONDecoder", arguments: bodies)
    func sameAsFoundation(_ body: String) throws {
        let sample = try #require(bothWays(body, as: SampleMove.self))
        #expect(same(sample.fast, sample.reference), "\(body): \(sample.fast) vs \(sample.reference)")
        let rich = try #require(bothWays(body, as: RichMove.self))
        #expect(same(rich.fast, rich.reference), "\(body): \(rich.fast) vs \(rich.reference)")
        let readable = try #require(bothWays(body, as: ReadableMove.self))
        #expect(same(readable.fast, readable.reference), "\(body): \(readable.fast) vs \(readable.reference)")
        let any = try #require(bothWays(body, as: JSONValue.self))
        #expect(same(any.fast, any.reference), "\(body): \(any.fast) vs \(any.reference)")
    }

    @Test("a typical move is parsed in one pass; what Foundation must judge is left to it")
    func subset() {
        #expect(parsed(#"{"type":"move","seq":4,"move":{"column":4}}"#)
            == .object(["type": .string("move"), "seq": .integer(4), "move": .object(["column": .integer(4)])]))
        #expect(parsed(#"[true,false,null,"a\u0041\n",-12]"#) == .array([.bool(true), .bool(false), .null, .string("aA\n"), .integer(-12)]))
        for body in [#"{"a":1.5}"#, #"{"a":1e3}"#, #"{"a":1,"a":2}"#, #"{"a":"\ud83d\ude00"}"#, #"{"a":01}"#,
                     #"{"a":18446744073709551616}"#, "\u{FEFF}{}", #"{"a":1,}"#, #"{"a":1} x"#, "{\"a\":\"\u{1}\"}", "",
                     String(repeating: "[", count: 65) + String(repeating: "]", count: 65)] {
            #expect(parsed(body) == nil, "\(body)")
        }
        #expect(parsed(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)) != nil)
    }

    @Test("a JSONReadable move is read by JSONInput when the body is in its subset, and by Decodable otherwise")
    func readableMoves() {
        func read(_ text: String) -> MoveMessage<ReadableMove>? {
            Array(text.utf8).withUnsafeBytes { MoveMessage<ReadableMove>.read(from: $0) }
        }
        #expect(read(#"{"type":"move","seq":4,"move":{"column":4}}"#)?.move == ReadableMove(column: 4))
        #expect(read(#"{"type":"move","seq":4,"move":{"column":4},"seat":null}"#)?.seat == nil)
        #expect(read(#"{"type":"move","seq":4,"move":{"column":4},"seat":1}"#)?.seat == 1)
        for text in [#"{"type":"move","seq":4,"move":{"column":4},"extra":1}"#, #"{"type":"move","seq":4,"move":{"column":4.0}}"#,
                     #"{"type":"move","seq":4}"#, #"{"type":"move","seq":4,"move":{"column":4,"column":5}}"#] {
            #expect(read(text) == nil, "\(text)")
        }
    }

    @Test("an invalid UTF-8 string is left to Foundation")
    func invalidUTF8() {
        let bytes: [UInt8] = Array(#"{"a":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect(bytes.withUnsafeBytes { JSONTreeParser.parse($0) } == nil)
    }
}

