import PartyKit
import PartyTerminal
import Testing

/// ESC [, for expected output.
private let csi = "\u{1B}["
/// What every full repaint starts with.
private let clear = "\u{1B}[0m\u{1B}[2J"

/// A canvas with `rows` written from the top-left, plain.
private func canvas(_ rows: [String], width: Int? = nil) -> Canvas {
    var canvas = Canvas(width: width ?? rows.map(\.count).max() ?? 0, height: rows.count)
    for (y, row) in rows.enumerated() { canvas.put(row, x: 0, y: y) }
    return canvas
}

@Suite("CanvasRenderer")
struct CanvasRendererTests {
    @Test("the first canvas clears the screen and paints the non-blank cells")
    func firstPaint() {
        var renderer = CanvasRenderer()
        #expect(renderer.render(canvas(["abc"])) == clear + csi + "1;1Habc")
        var sparse = Canvas(width: 3, height: 2)
        sparse[0, 0] = Cell(character: "a")
        sparse[2, 1] = Cell(character: "b")
        var other = CanvasRenderer()
        #expect(other.render(sparse) == clear + csi + "1;1Ha" + csi + "2;3Hb")
    }

    @Test("an unchanged canvas paints nothing")
    func unchanged() {
        var renderer = CanvasRenderer()
        _ = renderer.render(canvas(["abc", "def"]))
        #expect(renderer.render(canvas(["abc", "def"])) == "")
    }

    @Test("only changed cells are rewritten, with a move where the cursor is not already")
    func diff() {
        var renderer = CanvasRenderer()
        _ = renderer.render(canvas(["abcd", "efgh"]))
        #expect(renderer.render(canvas(["aXcd", "efgh"])) == csi + "1;2HX")
        #expect(renderer.render(canvas(["aXYZ", "efgh"])) == csi + "1;3HYZ")
        #expect(renderer.render(canvas(["QXYZ", "efgW"])) == csi + "1;1HQ" + csi + "2;4HW")
        #expect(renderer.render(canvas(["QX Z", "efgW"])) == csi + "1;3H ")
    }

    @Test("the last column is followed by an explicit move")
    func lastColumn() {
        var renderer = CanvasRenderer()
        #expect(renderer.render(canvas(["ab", "cd"])) == clear + csi + "1;1Hab" + csi + "2;1Hcd")
    }

    @Test("a size change repaints everything")
    func sizeChange() {
        var renderer = CanvasRenderer()
        _ = renderer.render(canvas(["ab"]))
        #expect(renderer.render(canvas(["ab", "c"], width: 2)) == clear + csi + "1;1Hab" + csi + "2;1Hc")
    }

    @Test("invalidate repaints everything")
    func invalidate() {
        var renderer = CanvasRenderer()
        _ = renderer.render(canvas(["ab"]))
        renderer.invalidate()
        #expect(renderer.render(canvas(["ab"])) == clear + csi + "1;1Hab")
    }

    @Test("an empty canvas clears once, then paints nothing")
    func empty() {
        var renderer = CanvasRenderer()
        #expect(renderer.render(Canvas(width: 0, height: 0)) == clear)
        #expect(renderer.render(Canvas(width: 0, height: 0)) == "")
    }

    @Test("styles are set once per run and reset at the end")
    func styles() {
        var renderer = CanvasRenderer()
        var picture = Canvas(width: 4, height: 1)
        picture.put("ab", x: 0, y: 0, style: .color(.red))
        picture.put("c", x: 2, y: 0, style: .color(.red, bold: true))
        picture.put("d", x: 3, y: 0)
        #expect(renderer.render(picture) == clear + csi + "1;1H" + csi + "31mab" + csi + "1mc" + csi + "0md")
        picture.put("d", x: 3, y: 0, style: TextStyle(background: .brightBlue))
        #expect(renderer.render(picture) == csi + "1;4H" + csi + "104md" + csi + "0m")
    }

    @Test("control characters never reach the terminal: the canvas stores them as blanks")
    func controls() {
        var renderer = CanvasRenderer()
        var picture = Canvas(width: 5, height: 1)
        picture[0, 0] = Cell(character: "\u{1B}")
        picture[1, 0] = Cell(character: "\u{9B}")
        picture[2, 0] = Cell(character: "\r\n")
        picture[3, 0] = Cell(character: "\u{7F}")
        picture[4, 0] = Cell(character: "x")
        #expect(renderer.render(picture) == clear + csi + "1;5Hx")
    }

    @Test("after a non-ASCII character the cursor is placed explicitly")
    func wideCharacters() {
        var renderer = CanvasRenderer()
        #expect(renderer.render(canvas(["漢b"], width: 3)) == clear + csi + "1;1H漢" + csi + "1;3Hb")
        var other = CanvasRenderer()
        #expect(other.render(canvas(["😀e\u{301}x"], width: 4)) == clear + csi + "1;1H😀" + csi + "1;3He\u{301}" + csi + "1;4Hx")
    }

    @Test("box drawing and Latin letters need no cursor moves")
    func narrowCharacters() {
        var renderer = CanvasRenderer()
        #expect(renderer.render(canvas(["┌─┐", "│é│", "└▀┘"])) == clear + csi + "1;1H┌─┐" + csi + "2;1H│é│" + csi + "3;1H└▀┘")
    }

    @Test("without colour, colours are dropped and attributes kept")
    func noColor() {
        var renderer = CanvasRenderer(color: false)
        var picture = Canvas(width: 4, height: 1)
        picture.put("a", x: 0, y: 0, style: .color(.red, bold: true))
        picture.put("b", x: 1, y: 0, style: .color(.green))
        picture.put("c", x: 2, y: 0, style: TextStyle(foreground: .blue, inverse: true))
        picture.put(" ", x: 3, y: 0, style: TextStyle(background: .yellow, dim: true))
        #expect(renderer.render(picture) == clear + csi + "1;1H" + csi + "1ma" + csi + "0mb" + csi + "7mc" + csi + "0;2m " + csi + "0m")
        var blank = Canvas(width: 2, height: 1)
        blank.put("  ", x: 0, y: 0, style: TextStyle(foreground: .red, background: .blue))
        var other = CanvasRenderer(color: false)
        #expect(other.render(blank) == clear)
    }

    @Test("switching colour off repaints without colour")
    func switchingColor() {
        var renderer = CanvasRenderer()
        var picture = Canvas(width: 1, height: 1)
        picture.put("x", x: 0, y: 0, style: .color(.cyan))
        #expect(renderer.render(picture) == clear + csi + "1;1H" + csi + "36mx" + csi + "0m")
        renderer.color = false
        #expect(renderer.render(picture) == clear + csi + "1;1Hx")
    }

    @Test("random canvases in a row always paint exactly the canvas", arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func emulated(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let colors: [TerminalColor?] = [nil] + TerminalColor.allCases
        let characters: [Character] = [" ", " ", "a", "b", "#", "─", "é", "\u{1B}", "\t"]
        for color in [true, false] {
            var renderer = CanvasRenderer(color: color)
            var emulator = ScreenEmulator(width: 6, height: 4)
            var picture = Canvas(width: 6, height: 4)
            for _ in 0..<30 {
                for _ in 0..<Int.random(in: 0...8, using: &random) {
                    let style = TextStyle(
                        foreground: colors.randomElement(using: &random)!, background: colors.randomElement(using: &random)!,
                        bold: Bool.random(using: &random), dim: Bool.random(using: &random), inverse: Bool.random(using: &random))
                    picture[Int.random(in: 0..<6, using: &random), Int.random(in: 0..<4, using: &random)] =
                        Cell(character: characters.randomElement(using: &random)!, style: style)
                }
                emulator.apply(renderer.render(picture))
                #expect(emulator.problems == [])
                #expect(emulator.pen == .plain)
                for y in 0..<4 {
                    for x in 0..<6 {
                        var expected = picture[x, y]
                        if expected.character.isControlLike { expected.character = "?" }
                        if !color { expected.style.foreground = nil; expected.style.background = nil }
                        #expect(emulator.screen[x, y] == expected, "cell \(x),\(y)")
                    }
                }
            }
        }
    }
}
