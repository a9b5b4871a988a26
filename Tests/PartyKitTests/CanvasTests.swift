import PartyKit
import Testing

@Suite("Canvas")
struct CanvasTests {
    @Test("a new canvas is blank; negative sizes count as zero")
    func blank() {
        let canvas = Canvas(width: 3, height: 2)
        #expect(canvas.cells.count == 6)
        #expect(canvas.text(ofRow: 0) == "   ")
        #expect(canvas.text == "\n")
        let empty = Canvas(width: -4, height: -1)
        #expect(empty.width == 0 && empty.height == 0 && empty.cells.isEmpty)
        #expect(empty.text == "")
    }

    @Test("put writes one character per cell and keeps the style")
    func put() {
        var canvas = Canvas(width: 6, height: 2)
        canvas.put("héllo", x: 1, y: 1, style: .color(.red, bold: true))
        #expect(canvas.text(ofRow: 1) == " héllo")
        #expect(canvas[2, 1].character == "é")
        #expect(canvas[2, 1].style == TextStyle(foreground: .red, bold: true))
        #expect(canvas[0, 1].style == .plain)
    }

    @Test("put clips at every edge and never crashes", arguments: [
        (-3, 0, "lo"), (3, 0, "   hel"), (0, -1, ""), (0, 2, ""), (Int.min / 2, 0, ""), (Int.max / 2, 0, ""),
    ])
    func clipping(x: Int, y: Int, row0: String) {
        var canvas = Canvas(width: 6, height: 2)
        canvas.put("hello", x: x, y: y)
        #expect(canvas.text(ofRow: 0).trimmingTrailingSpaces == row0.trimmingTrailingSpaces)
        #expect(canvas.width == 6 && canvas.height == 2 && canvas.cells.count == 12)
    }

    @Test("put never stores a control character", arguments: [
        "\u{1B}[31mred", "bell\u{07}", "tab\there", "del\u{7F}", "c1\u{9B}2J", "cr\r\nlf", "nul\u{00}",
    ])
    func controlCharacters(text: String) {
        var canvas = Canvas(width: 20, height: 1)
        canvas.put(text, x: 0, y: 0)
        #expect(canvas.cells.allSatisfy { !$0.character.isControlLike })
        #expect(!canvas.text.contains("\u{1B}"))
    }

    @Test("a newline ends put's line; other controls become spaces")
    func newline() {
        var canvas = Canvas(width: 8, height: 2)
        canvas.put("ab\ncd", x: 0, y: 0)
        canvas.put("x\ty", x: 0, y: 1)
        #expect(canvas.text == "ab\nx y")
    }

    @Test("isControlLike covers C0, DEL and C1 only", arguments: [
        ("\u{00}", true), ("\u{1F}", true), ("\u{7F}", true), ("\u{80}", true), ("\u{9F}", true),
        (" ", false), ("a", false), ("\u{A0}", false), ("é", false), ("─", false),
    ])
    func controlLike(character: Character, expected: Bool) {
        #expect(character.isControlLike == expected)
    }

    @Test("the subscript reads blanks outside and ignores writes outside")
    func subscripts() {
        var canvas = Canvas(width: 2, height: 2)
        canvas[5, 5] = Cell(character: "x")
        canvas[-1, 0] = Cell(character: "x")
        canvas[1, 1] = Cell(character: "y")
        #expect(canvas[5, 5] == Cell())
        #expect(canvas[-1, -1] == Cell())
        #expect(canvas.text == "\n y")
        #expect(canvas.contains(x: 1, y: 1) && !canvas.contains(x: 2, y: 0) && !canvas.contains(x: 0, y: -1))
    }

    @Test("box draws an outline and clips")
    func box() {
        var canvas = Canvas(width: 5, height: 4)
        canvas.box(x: 0, y: 0, width: 4, height: 3)
        #expect(canvas.text == "┌──┐\n│  │\n└──┘\n")
        var clipped = Canvas(width: 3, height: 2)
        clipped.box(x: -1, y: -1, width: 4, height: 4)
        #expect(clipped.text == "  │\n  │")
    }

    @Test("box ignores sizes below 2 and never crashes near the edges", arguments: [
        (0, 0, 1, 5), (0, 0, 5, 1), (0, 0, 0, 0), (0, 0, -3, -3), (-10, -10, 12, 12), (4, 3, 50, 50), (-100, 2, 3, 2),
    ])
    func boxEdges(x: Int, y: Int, width: Int, height: Int) {
        var canvas = Canvas(width: 5, height: 4)
        canvas.box(x: x, y: y, width: width, height: height)
        if width < 2 || height < 2 {
            #expect(canvas == Canvas(width: 5, height: 4))
        }
        #expect(canvas.cells.count == 20)
    }

    @Test("fill covers a rectangle, clipped")
    func fill() {
        var canvas = Canvas(width: 4, height: 3)
        canvas.fill(x: 2, y: 1, width: 10, height: 10, character: "#")
        canvas.fill(x: 0, y: 0, width: 0, height: 2, character: "!")
        #expect(canvas.text == "\n  ##\n  ##")
    }

    @Test("putCentered centres, and clips text wider than the canvas")
    func centred() {
        var canvas = Canvas(width: 7, height: 2)
        canvas.putCentered("abc", y: 0)
        canvas.putCentered("0123456789", y: 1)
        #expect(canvas.text(ofRow: 0) == "  abc  ")
        #expect(canvas.text(ofRow: 1) == "1234567")
    }

    @Test("text trims trailing spaces per row and text(ofRow:) is empty off the canvas")
    func text() {
        var canvas = Canvas(width: 5, height: 3)
        canvas.put("a", x: 0, y: 0)
        canvas.put("b", x: 4, y: 2)
        #expect(canvas.text == "a\n\n    b")
        #expect(canvas.text(ofRow: 3) == "")
        #expect(canvas.text(ofRow: -1) == "")
    }
}

extension String {
    /// The string without trailing spaces.
    var trimmingTrailingSpaces: String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
