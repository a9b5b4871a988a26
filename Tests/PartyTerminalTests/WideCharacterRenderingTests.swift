import PartyKit
import PartyTerminal
import Testing

/// ESC [, for expected output.
private let csi = "\u{1B}["
/// What every full repaint starts with.
private let clear = "\u{1B}[0m\u{1B}[2J"

/// Painting wide characters, emoji sequences and combining marks: each in its own columns, the
/// continuation cell never written, and whatever a terminal blanks when half a wide character is
/// overwritten painted again.
@Suite("CanvasRenderer with wide characters")
struct WideCharacterRenderingTests {
    @Test("a wide character is written once and the next character two columns on")
    func wideCharacter() {
        var renderer = CanvasRenderer()
        var picture = Canvas(width: 4, height: 1)
        picture.put("漢b", x: 0, y: 0)
        #expect(renderer.render(picture) == clear + csi + "1;1H漢" + csi + "1;3Hb")
        var other = CanvasRenderer()
        var mixed = Canvas(width: 6, height: 1)
        mixed.put("🇫🇷e\u{301}x", x: 0, y: 0)
        #expect(other.render(mixed) == clear + csi + "1;1H🇫🇷" + csi + "1;3He\u{301}" + csi + "1;4Hx")
    }

    @Test("an emoji sequence terminals disagree on is written over two blanks, and the rest of its row again")
    func disputedWidth() {
        var renderer = CanvasRenderer()
        var picture = Canvas(width: 6, height: 2)
        picture.put("ab", x: 0, y: 0)
        picture.put("cd", x: 0, y: 1)
        _ = renderer.render(picture)
        picture.put("👩‍👩‍👧", x: 0, y: 0)
        #expect(renderer.render(picture) == csi + "1;1H  " + csi + "1;1H👩‍👩‍👧" + csi + "1;3H    ")
        picture.put("❤️", x: 2, y: 1)
        #expect(renderer.render(picture) == csi + "2;3H  " + csi + "2;3H❤️" + csi + "2;5H  ")
        #expect(renderer.render(picture) == "")
    }

    @Test("replacing a wide character by narrow ones repaints both columns")
    func wideToNarrow() {
        var renderer = CanvasRenderer()
        var picture = Canvas(width: 3, height: 1)
        picture.put("中", x: 0, y: 0)
        _ = renderer.render(picture)
        picture.put("ab", x: 0, y: 0)
        #expect(renderer.render(picture) == csi + "1;1Hab")
        picture.put("文", x: 1, y: 0)
        #expect(renderer.render(picture) == csi + "1;2H文")
    }

    @Test("a terminal that blanks whole wide characters ends with exactly the canvas", arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func emulated(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let colors: [TerminalColor?] = [nil, .red, .blue]
        let characters: [Character] = [" ", "a", "b", "中", "文", "😀", "🇫🇷", "e\u{301}", "❤️", "\u{200B}"]
        for color in [true, false] {
            var renderer = CanvasRenderer(color: color)
            var emulator = ScreenEmulator(width: 7, height: 3)
            var picture = Canvas(width: 7, height: 3)
            for _ in 0..<40 {
                for _ in 0..<Int.random(in: 0...6, using: &random) {
                    let style = TextStyle(foreground: colors.randomElement(using: &random)!, bold: Bool.random(using: &random))
                    let text = String((0..<Int.random(in: 1...3, using: &random)).map { _ in characters.randomElement(using: &random)! })
                    picture.put(text, x: Int.random(in: -1..<7, using: &random), y: Int.random(in: 0..<3, using: &random), style: style)
                }
                emulator.apply(renderer.render(picture))
                #expect(emulator.problems == [])
                for y in 0..<3 {
                    for x in 0..<7 {
                        var expected = picture[x, y]
                        if !color { expected.style.foreground = nil; expected.style.background = nil }
                        #expect(emulator.screen[x, y] == expected, "cell \(x),\(y): \(picture.text(ofRow: y))")
                    }
                }
            }
        }
    }

    @Test("the sequence written on resume after a stop is the one written on entering full screen")
    func reenterSequence() {
        #expect(ANSI.reenterFullScreen.description == ANSI.enterFullScreen)
    }
}
