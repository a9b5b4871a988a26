import PartyClient
import PartyKit
import PartyTerminal

/// Asks for a session's join code: inside the full-screen UI on a terminal (standard input is never
/// read line by line there, so no hidden prompt can swallow keys later), or as a prompt line in
/// line mode.
public struct CodePrompt: Sendable {
    /// Full screen (true) or a prompt line (false).
    public var fullScreen: Bool
    /// Colours allowed.
    public var color: Bool

    /// Creates a prompt.
    public init(fullScreen: Bool, color: Bool) {
        self.fullScreen = fullScreen
        self.color = color
    }

    /// The longest code accepted.
    static let maximumLength = 64

    /// Asks for the code of `session`, saying `reason` (the host's words: a code is needed, or the
    /// last one was wrong). Returns the code typed, or nil when the person gave up (Esc, Ctrl-C,
    /// end of input).
    public func ask(session: String, reason: String) async -> String? {
        guard fullScreen else {
            Console.say(reason)
            return await Console.ask("Join code: ")
        }
        let terminal = Terminal(interruptHandling: .report, color: color)
        do {
            try terminal.enterFullScreen()
        } catch {
            return nil
        }
        defer { terminal.restore() }
        var typed = ""
        var hint: String?
        draw(session: session, reason: reason, typed: typed, hint: hint, on: terminal)
        for await event in terminal.events {
            switch event {
            case .key(.enter):
                let code = typed.trimmingWhitespace()
                if !code.isEmpty { return code }
                hint = "Type the code first (Esc goes back)."
            case .key(.escape), .key(.control("c")), .key(.control("d")), .interrupt:
                return nil
            case .key(.backspace):
                if !typed.isEmpty { typed.removeLast() }
                hint = nil
            case .key(.delete), .key(.control("u")):
                typed = ""
                hint = nil
            case .key(.character(let character)):
                if character.isNewline || character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                    break
                }
                if typed.count < Self.maximumLength { typed.append(character) } else { hint = "That is as long as a code can be." }
            case .resize:
                terminal.invalidate()
            default:
                break
            }
            draw(session: session, reason: reason, typed: typed, hint: hint, on: terminal)
        }
        return nil
    }

    func draw(session: String, reason: String, typed: String, hint: String?, on terminal: Terminal) {
        let size = Terminal.size
        var canvas = Canvas(width: size.width, height: size.height)
        let bar = TextStyle(foreground: color ? .black : nil, background: color ? .cyan : nil, bold: true, inverse: !color)
        canvas.fill(x: 0, y: 0, width: size.width, height: 1, style: bar)
        canvas.put(" partyclient · \(session)", x: 0, y: 0, style: bar)
        canvas.put(reason, x: 2, y: 2, style: TextStyle(bold: true))
        canvas.put("Join code: \(typed)▏", x: 2, y: 4)
        if let hint { canvas.put(hint, x: 0, y: size.height - 2, style: TextStyle(bold: true)) }
        canvas.put("Enter join · Backspace erase · Esc back", x: 0, y: size.height - 1, style: TextStyle(dim: true))
        terminal.draw(canvas)
    }
}
