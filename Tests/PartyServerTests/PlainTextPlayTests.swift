import PartyClient
import PartyWire
import Testing

/// What a plain-text player may type: a menu number, or the words the README teaches for line mode
/// (issue 17, point 15: `--plain-text` refused `snap`).
@Suite("Plain-text input")
struct PlainTextPlayTests {
    let play = PlainTextPlay()

    static let snapPlaying = PlainTextView<JSONValue>(text: "Your turn.", moves: [
        .init(label: "Turn your card", move: .string("turn")),
        .init(label: "Snap!", move: .object(["snap": .integer(3)])),
    ], typing: nil)

    static let snapDealing = PlainTextView<JSONValue>(text: "The deal.", moves: [
        .init(label: "Ready (I have seen the deal)", move: .string("confirmDeal")),
    ], typing: nil)

    static let shapes = PlainTextView<JSONValue>(text: "Choose.", moves: [
        .init(label: "rock", move: .string("rock")), .init(label: "paper", move: .string("paper")),
        .init(label: "scissors", move: .string("scissors")),
    ], typing: nil)

    static let columns = PlainTextView<JSONValue>(text: "Board.", moves: (1...7).map {
        .init(label: "Drop in column \($0)", move: .integer(Int64($0)))
    }, typing: nil)

    static let answer = PlainTextView<JSONValue>(text: "Make 24.", moves: [
        .init(label: "Give up", move: .string("giveUp")),
    ], typing: "an expression")

    @Test("a menu entry's words choose it, whatever their case and punctuation", arguments: [
        (snapPlaying, "snap", JSONValue.object(["snap": .integer(3)])),
        (snapPlaying, "Snap!", .object(["snap": .integer(3)])),
        (snapPlaying, "turn", .string("turn")),
        (snapPlaying, "TURN YOUR CARD", .string("turn")),
        (snapDealing, "ready", .string("confirmDeal")),
        (shapes, "pa", .string("paper")),
        (shapes, "Scissors", .string("scissors")),
        (answer, "give up", .string("giveUp")),
    ])
    func wordsChoose(view: PlainTextView<JSONValue>, line: String, move: JSONValue) throws {
        #expect(try play.read(line, view: view).get() == .move(move))
    }

    @Test("numbers still choose by number; words that fit several entries, or none, are explained")
    func numbersAndAmbiguity() throws {
        #expect(try play.read("2", view: Self.snapPlaying).get() == .move(.object(["snap": .integer(3)])))
        #expect((try? play.read("drop", view: Self.columns).get()) == nil)
        #expect((try? play.read("banana", view: Self.snapPlaying).get()) == nil)
        // Where answers are typed, only a whole label is a menu choice: the rest goes to the host.
        #expect(try play.read("g", view: Self.answer).get() == .typed("g"))
        #expect(try play.read("8/(3-8/3)", view: Self.answer).get() == .typed("8/(3-8/3)"))
    }
}
