import PartyKit

/// The escape sequences PartyTerminal writes (ECMA-48 / xterm).
public enum ANSI {
    /// Resets all styles (SGR 0).
    public static let resetStyle = "\u{1B}[0m"
    /// Clears the whole screen, leaving the cursor where it is.
    public static let clearScreen = "\u{1B}[2J"
    /// Switches to the alternate screen buffer (xterm 1049).
    public static let enterAlternateScreen = "\u{1B}[?1049h"
    /// Returns to the normal screen buffer.
    public static let leaveAlternateScreen = "\u{1B}[?1049l"
    /// Hides the cursor.
    public static let hideCursor = "\u{1B}[?25l"
    /// Shows the cursor.
    public static let showCursor = "\u{1B}[?25h"
    /// Turns off automatic wrapping at the right margin, so painting the last column never scrolls.
    public static let disableAutowrap = "\u{1B}[?7l"
    /// Turns automatic wrapping back on.
    public static let enableAutowrap = "\u{1B}[?7h"

    /// Everything `Terminal.enterFullScreen()` writes.
    public static let enterFullScreen = enterAlternateScreen + hideCursor + disableAutowrap + resetStyle + clearScreen
    /// `enterFullScreen` as a static string, written from the SIGCONT handler after a stop.
    public static let reenterFullScreen: StaticString = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[0m\u{1B}[2J"
    /// Everything written when the terminal is restored (also from signal handlers).
    public static let leaveFullScreen: StaticString = "\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

    /// Moves the cursor to column `x`, row `y` (both from 0).
    public static func moveCursor(x: Int, y: Int) -> String {
        "\u{1B}[\(y + 1);\(x + 1)H"
    }

    /// The shortest SGR sequence that changes the terminal's style from `old` to `new` (empty if equal).
    public static func styleChange(from old: TextStyle, to new: TextStyle) -> String {
        guard old != new else { return "" }
        let incremental = sgrChanges(from: old, to: new)
        let fromReset = ["0"] + sgrChanges(from: .plain, to: new)
        let codes = sgrLength(fromReset) < sgrLength(incremental) ? fromReset : incremental
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    /// The SGR parameters that turn `old` into `new` without a reset.
    static func sgrChanges(from old: TextStyle, to new: TextStyle) -> [String] {
        var codes: [String] = []
        // SGR 22 turns off both bold and dim, so switching either off may need the other back on.
        if (old.bold && !new.bold) || (old.dim && !new.dim) {
            codes.append("22")
            if new.bold { codes.append("1") }
            if new.dim { codes.append("2") }
        } else {
            if new.bold && !old.bold { codes.append("1") }
            if new.dim && !old.dim { codes.append("2") }
        }
        if new.inverse != old.inverse { codes.append(new.inverse ? "7" : "27") }
        if new.foreground != old.foreground { codes.append(colorCode(new.foreground, base: 30)) }
        if new.background != old.background { codes.append(colorCode(new.background, base: 40)) }
        return codes
    }

    /// The SGR parameter for a foreground (`base` 30) or background (`base` 40) colour; nil is the default.
    static func colorCode(_ color: TerminalColor?, base: Int) -> String {
        guard let color else { return String(base + 9) }
        let index = color.rawValue
        return index < 8 ? String(base + index) : String(base + 60 + index - 8)
    }

    /// The length of the parameter list as written (codes and separators).
    static func sgrLength(_ codes: [String]) -> Int {
        codes.reduce(0) { $0 + $1.count } + max(codes.count - 1, 0)
    }
}
