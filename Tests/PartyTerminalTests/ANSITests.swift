import PartyKit
import PartyTerminal
import Testing

/// One row of the style-change table.
struct StyleChangeCase: Sendable, CustomTestStringConvertible {
    var old: TextStyle
    var new: TextStyle
    var sequence: String
    var testDescription: String { sequence.replacingEscapes }
}

extension String {
    /// The string with ESC shown as `^[`.
    var replacingEscapes: String {
        String(unicodeScalars.flatMap { $0 == "\u{1B}" ? ["^", "["] : [Character($0)] })
    }
}

/// Style changes and the shortest SGR sequence for each.
let styleChanges: [StyleChangeCase] = [
    StyleChangeCase(old: .plain, new: .plain, sequence: ""),
    StyleChangeCase(old: .plain, new: .color(.red), sequence: "\u{1B}[31m"),
    StyleChangeCase(old: .plain, new: .color(.white), sequence: "\u{1B}[37m"),
    StyleChangeCase(old: .plain, new: .color(.brightBlack), sequence: "\u{1B}[90m"),
    StyleChangeCase(old: .plain, new: .color(.brightWhite), sequence: "\u{1B}[97m"),
    StyleChangeCase(old: .plain, new: TextStyle(background: .black), sequence: "\u{1B}[40m"),
    StyleChangeCase(old: .plain, new: TextStyle(background: .brightRed), sequence: "\u{1B}[101m"),
    StyleChangeCase(old: .plain, new: TextStyle(bold: true), sequence: "\u{1B}[1m"),
    StyleChangeCase(old: .plain, new: TextStyle(dim: true), sequence: "\u{1B}[2m"),
    StyleChangeCase(old: .plain, new: TextStyle(inverse: true), sequence: "\u{1B}[7m"),
    StyleChangeCase(old: .plain, new: TextStyle(foreground: .yellow, background: .blue, bold: true, dim: true, inverse: true),
                    sequence: "\u{1B}[1;2;7;33;44m"),
    StyleChangeCase(old: .color(.red), new: .color(.green), sequence: "\u{1B}[32m"),
    StyleChangeCase(old: .color(.red), new: .color(.red, bold: true), sequence: "\u{1B}[1m"),
    StyleChangeCase(old: .color(.red), new: .plain, sequence: "\u{1B}[0m"),
    StyleChangeCase(old: TextStyle(foreground: .red, background: .blue), new: TextStyle(background: .blue), sequence: "\u{1B}[39m"),
    StyleChangeCase(old: TextStyle(foreground: .red, background: .blue), new: TextStyle(foreground: .red), sequence: "\u{1B}[49m"),
    StyleChangeCase(old: TextStyle(bold: true, dim: true), new: TextStyle(dim: true), sequence: "\u{1B}[0;2m"),
    StyleChangeCase(old: TextStyle(foreground: .red, bold: true), new: TextStyle(foreground: .red, dim: true), sequence: "\u{1B}[22;2m"),
    StyleChangeCase(old: TextStyle(foreground: .red, bold: true), new: .color(.red), sequence: "\u{1B}[22m"),
    StyleChangeCase(old: TextStyle(foreground: .red, inverse: true), new: .color(.red), sequence: "\u{1B}[27m"),
    StyleChangeCase(old: TextStyle(inverse: true), new: TextStyle(dim: true), sequence: "\u{1B}[0;2m"),
    StyleChangeCase(old: TextStyle(foreground: .brightCyan, background: .brightMagenta, bold: true), new: TextStyle(dim: true),
                    sequence: "\u{1B}[0;2m"),
]

@Suite("ANSI")
struct ANSITests {
    @Test("style changes use the shortest SGR sequence", arguments: styleChanges)
    func styleChange(_ row: StyleChangeCase) {
        #expect(ANSI.styleChange(from: row.old, to: row.new) == row.sequence)
    }

    @Test("every style change, applied, gives the new style", arguments: [true, false])
    func styleChangesApply(bold: Bool) {
        let colors: [TerminalColor?] = [nil, .red, .brightGreen]
        var styles: [TextStyle] = []
        for foreground in colors {
            for background in colors {
                for dim in [false, true] {
                    for inverse in [false, true] {
                        styles.append(TextStyle(foreground: foreground, background: background, bold: bold, dim: dim, inverse: inverse))
                        styles.append(TextStyle(foreground: foreground, background: background, bold: !bold, dim: dim, inverse: inverse))
                    }
                }
            }
        }
        for old in styles {
            for new in styles {
                var emulator = ScreenEmulator(width: 1, height: 1)
                emulator.pen = old
                emulator.apply(ANSI.styleChange(from: old, to: new))
                #expect(emulator.pen == new)
                #expect(emulator.problems == [])
            }
        }
    }

    @Test("cursor moves count from 1")
    func moves() {
        #expect(ANSI.moveCursor(x: 0, y: 0) == "\u{1B}[1;1H")
        #expect(ANSI.moveCursor(x: 79, y: 23) == "\u{1B}[24;80H")
    }

    @Test("leaving full screen undoes everything entering did")
    func leaveUndoesEnter() {
        let leave = ANSI.leaveFullScreen.description
        #expect(ANSI.enterFullScreen.contains(ANSI.enterAlternateScreen) && leave.contains(ANSI.leaveAlternateScreen))
        #expect(ANSI.enterFullScreen.contains(ANSI.hideCursor) && leave.contains(ANSI.showCursor))
        #expect(ANSI.enterFullScreen.contains(ANSI.disableAutowrap) && leave.contains(ANSI.enableAutowrap))
        #expect(leave.hasPrefix(ANSI.resetStyle))
        #expect(leave.hasSuffix(ANSI.leaveAlternateScreen))
    }
}
