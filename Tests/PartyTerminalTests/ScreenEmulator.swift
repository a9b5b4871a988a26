import PartyKit

/// A tiny terminal that understands exactly what `CanvasRenderer` may write (CUP, SGR, ED 2 and
/// printable characters) and records anything else as a problem, so tests can check what a
/// renderer's output really paints.
struct ScreenEmulator {
    /// The screen's cells.
    var screen: Canvas
    /// The cursor.
    var x = 0, y = 0
    /// The current SGR state.
    var pen = TextStyle.plain
    /// Everything that was not expected in renderer output.
    var problems: [String] = []

    init(width: Int, height: Int) {
        screen = Canvas(width: width, height: height)
    }

    /// Interprets `output`.
    mutating func apply(_ output: String) {
        var characters = Array(output)[...]
        while let character = characters.popFirst() {
            guard character == "\u{1B}" else {
                if character.isControlLike {
                    problems.append("control character \(character.unicodeScalars.map(\.value))")
                } else {
                    screen[x, y] = Cell(character: character, style: pen)
                    x += 1
                }
                continue
            }
            guard characters.popFirst() == "[" else {
                problems.append("ESC not followed by [")
                continue
            }
            var parameters = ""
            while let next = characters.first, next.isNumber || next == ";" {
                parameters.append(next)
                characters.removeFirst()
            }
            guard let final = characters.popFirst() else {
                problems.append("unfinished sequence")
                return
            }
            let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
            switch final {
            case "H":
                y = (numbers.first ?? 1) - 1
                x = (numbers.count > 1 ? numbers[1] : 1) - 1
            case "J" where numbers == [2]:
                screen = Canvas(width: screen.width, height: screen.height)
            case "m":
                for code in numbers.isEmpty ? [0] : numbers { applySGR(code) }
            default:
                problems.append("unexpected sequence ending in \(final)")
            }
        }
    }

    /// Applies one SGR parameter.
    mutating func applySGR(_ code: Int) {
        switch code {
        case 0: pen = .plain
        case 1: pen.bold = true
        case 2: pen.dim = true
        case 22: pen.bold = false; pen.dim = false
        case 7: pen.inverse = true
        case 27: pen.inverse = false
        case 30...37: pen.foreground = TerminalColor(rawValue: code - 30)
        case 90...97: pen.foreground = TerminalColor(rawValue: code - 90 + 8)
        case 39: pen.foreground = nil
        case 40...47: pen.background = TerminalColor(rawValue: code - 40)
        case 100...107: pen.background = TerminalColor(rawValue: code - 100 + 8)
        case 49: pen.background = nil
        default: problems.append("unknown SGR \(code)")
        }
    }
}
