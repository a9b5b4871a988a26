import Foundation
import PartyKit
import PartyTestSupport
import Testing

/// `JSONOutput` writes what `JSONEncoder` writes, and the conformance suite catches a view whose
/// own JSON differs from its `Encodable` JSON.
struct JSONOutputTests {
    private static func encoded(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private static func written(_ write: (inout JSONOutput) -> Void) -> String {
        var output = JSONOutput()
        write(&output)
        return String(decoding: output.bytes, as: UTF8.self)
    }

    @Test("strings are escaped as JSONEncoder escapes them", arguments: [
        "", "plain", "say \"hi\"", "back\\slash", "a/b", "\u{0}\u{1}\u{1f}", "\n\r\t\u{8}\u{c}",
        "é 🎉 中文", "\u{7f}\u{2028}\u{2029}", "Alice's party", "\u{1b}[31mred",
    ])
    func strings(text: String) throws {
        #expect(Self.written { $0.string(text) } == (try Self.encoded(text)))
        let utf8 = Array(text.utf8)
        #expect(Self.written { output in utf8.withUnsafeBufferPointer { output.string(utf8: $0) } } == (try Self.encoded(text)))
    }

    @Test("integers are written in decimal", arguments: [0, 7, 9, 10, -1, -10, 1_234_567_890, Int.max, Int.min])
    func integers(number: Int) throws {
        #expect(Self.written { $0.int(number) } == (try Self.encoded(number)))
    }

    @Test("commas go between members at every depth, and nil fields are left out")
    func structure() {
        let text = Self.written { output in
            output.beginObject()
            output.field("a", 1)
            output.field("gone", nil as Int?)
            output.key("list")
            output.beginArray()
            output.array([1, 2])
            output.beginObject()
            output.endObject()
            output.array(["x"])
            output.null()
            output.endArray()
            output.field("seat", SeatID(3) as SeatID?)
            output.field("flag", false)
            output.field("name", "Bo" as String?)
            output.key("raw")
            output.json(Array("{\"k\":[]}".utf8))
            output.endObject()
        }
        #expect(text == #"{"a":1,"list":[[1,2],{},["x"],null],"seat":3,"flag":false,"name":"Bo","raw":{"k":[]}}"#)
        #expect(Self.written { $0.bool(true) } == "true")
    }

    @Test("reusing storage starts empty")
    func reusing() {
        var output = JSONOutput(reusing: Array("stale".utf8))
        output.int(5)
        #expect(output.bytes == Array("5".utf8))
    }

    @Test("a view whose own JSON matches its Encodable JSON passes")
    func matchingView() {
        #expect(GameConformance.jsonProblems(SampleView(name: "Ann \"A\"", score: 3, seat: nil, broken: .none)).isEmpty)
        #expect(GameConformance.jsonProblems(SampleView(name: "", score: -2, seat: SeatID(1), broken: .none)).isEmpty)
    }

    @Test("a view whose own JSON differs is caught", arguments: [SampleView.Fault.missesField, .wrongValue, .extraField, .notJSON])
    func brokenView(fault: SampleView.Fault) {
        let problems = GameConformance.jsonProblems(SampleView(name: "Ann", score: 3, seat: SeatID(0), broken: fault))
        #expect(problems.count == 1)
    }
}

/// A view with a hand-written JSON that can be broken on purpose.
struct SampleView: Codable, Equatable, JSONWritable {
    /// How `writeJSON` goes wrong, if it does.
    enum Fault: Codable, Equatable, Sendable {
        case none, missesField, wrongValue, extraField, notJSON
    }

    var name: String
    var score: Int
    var seat: SeatID?
    var broken: Fault

    enum CodingKeys: String, CodingKey { case name, score, seat }

    init(name: String, score: Int, seat: SeatID?, broken: Fault) {
        self.name = name
        self.score = score
        self.seat = seat
        self.broken = broken
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        score = try container.decode(Int.self, forKey: .score)
        seat = try container.decodeIfPresent(SeatID.self, forKey: .seat)
        broken = .none
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(score, forKey: .score)
        try container.encodeIfPresent(seat, forKey: .seat)
    }

    func writeJSON(to output: inout JSONOutput) {
        output.beginObject()
        output.field("name", broken == .missesField ? nil : name)
        output.field("score", broken == .wrongValue ? score + 1 : score)
        output.field("seat", seat)
        if broken == .extraField { output.field("extra", 1) }
        if broken == .notJSON { output.json(Array("}".utf8)) }
        output.endObject()
    }

    static func == (lhs: SampleView, rhs: SampleView) -> Bool {
        lhs.name == rhs.name && lhs.score == rhs.score && lhs.seat == rhs.seat
    }
}
