import PartyKit
import Testing

/// Wide characters, combining marks and zero-width characters on a canvas.
@Suite("Canvas with wide characters")
struct WideCanvasTests {
    @Test("A wide character fills its cell and a continuation cell; the next character comes after both")
    func wideTakesTwoCells() {
        var canvas = Canvas(width: 8, height: 1)
        canvas.put("a中b", x: 0, y: 0)
        #expect(canvas[0, 0].character == "a")
        #expect(canvas[1, 0].character == "中")
        #expect(canvas[2, 0].isContinuation)
        #expect(canvas[3, 0].character == "b")
        #expect(canvas.text(ofRow: 0) == "a中b    ")
        #expect(canvas.text == "a中b")
    }

    @Test("Combining marks stay with their letter; zero-width characters take no cell")
    func combiningAndZeroWidth() {
        var canvas = Canvas(width: 8, height: 1)
        canvas.put("\u{301}e\u{301}\u{200B}x", x: 0, y: 0)
        #expect(canvas[0, 0].character == "e\u{301}")
        #expect(canvas[1, 0].character == "x")
        #expect(canvas.text == "e\u{301}x")
    }

    @Test("Emoji sequences are one character two columns wide")
    func emojiSequences() {
        var canvas = Canvas(width: 10, height: 1)
        canvas.put("👩‍👩‍👧🇫🇷❤️!", x: 0, y: 0)
        #expect(canvas[0, 0].character == "👩‍👩‍👧")
        #expect(canvas[2, 0].character == "🇫🇷")
        #expect(canvas[4, 0].character == "❤️")
        #expect(canvas[6, 0].character == "!")
    }

    @Test("Overwriting either half of a wide character blanks the other half")
    func overwritingHalves() {
        var canvas = Canvas(width: 6, height: 1)
        canvas.put("中文", x: 0, y: 0)
        canvas.put("x", x: 1, y: 0) // the right half of 中
        #expect(canvas.text(ofRow: 0) == " x文  ")
        canvas.put("y", x: 2, y: 0) // the left half of 文
        #expect(canvas.text(ofRow: 0) == " xy   ")
        #expect(!(0..<6).contains { canvas[$0, 0].isContinuation })
        canvas.put("日", x: 3, y: 0)
        canvas.put("本", x: 2, y: 0) // covers y and the left half of 日
        #expect(canvas.text(ofRow: 0) == " x本  ")
    }

    @Test("A wide character cut by an edge becomes a blank; text after it stays in its column")
    func edges() {
        var canvas = Canvas(width: 5, height: 1)
        canvas.put("ab中文", x: 0, y: 0)
        #expect(canvas.text(ofRow: 0) == "ab中 ")
        #expect(!canvas[4, 0].isContinuation)
        canvas = Canvas(width: 5, height: 1)
        canvas.put("中ab", x: -1, y: 0)
        #expect(canvas.text(ofRow: 0) == " ab  ")
    }

    @Test("Centring and filling measure display width")
    func centringAndFilling() {
        var canvas = Canvas(width: 10, height: 2)
        canvas.putCentered("東京", y: 0)
        #expect(canvas.text(ofRow: 0) == "   東京   ")
        canvas.fill(x: 0, y: 1, width: 5, height: 1, character: "中")
        #expect(canvas.text(ofRow: 1) == "中中      ")
    }

    @Test("Setting a continuation cell by hand is kept only right of a wide character")
    func continuationBySubscript() {
        var source = Canvas(width: 4, height: 1)
        source.put("中", x: 0, y: 0)
        var copy = Canvas(width: 4, height: 1)
        for x in 0..<4 { copy[x, 0] = source[x, 0] }
        #expect(copy == source)
        var stray = Canvas(width: 4, height: 1)
        stray[2, 0] = source[1, 0]
        #expect(!stray[2, 0].isContinuation)
        #expect(stray.text(ofRow: 0) == "    ")
    }
}
