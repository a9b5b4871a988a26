import Glibc
import PartyKit
import PartyTerminal
import Testing

/// One row of the colour table: an environment and whether colour is allowed.
struct ColorCase: Sendable, CustomTestStringConvertible {
    var environment: [String: String]
    var color: Bool
    var testDescription: String { "\(environment.sorted { $0.key < $1.key }) → \(color)" }
}

let colorCases: [ColorCase] = [
    ColorCase(environment: [:], color: true),
    ColorCase(environment: ["TERM": "xterm-256color"], color: true),
    ColorCase(environment: ["TERM": "xterm-256color", "NO_COLOR": ""], color: true),
    ColorCase(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"], color: false),
    ColorCase(environment: ["NO_COLOR": "yes"], color: false),
    ColorCase(environment: ["TERM": "dumb"], color: false),
    ColorCase(environment: ["TERM": "dumb", "NO_COLOR": ""], color: false),
]

@Suite("Terminal")
struct TerminalTests {
    @Test("colour follows NO_COLOR and TERM", arguments: colorCases)
    func color(_ row: ColorCase) {
        #expect(Terminal.colorEnabled(environment: row.environment) == row.color)
    }

    @Test("raw settings turn off echo, line editing, key signals and flow control, and keep output processing")
    func rawSettings() {
        var cooked = termios()
        cooked.c_iflag = tcflag_t(ICRNL | IXON | BRKINT)
        cooked.c_oflag = tcflag_t(OPOST | ONLCR)
        cooked.c_lflag = tcflag_t(ECHO | ICANON | ISIG | IEXTEN | ECHOE)
        let raw = Terminal.rawSettings(from: cooked)
        #expect(raw.c_iflag & tcflag_t(ICRNL | IXON | BRKINT) == 0)
        #expect(raw.c_lflag & tcflag_t(ECHO | ICANON | ISIG | IEXTEN) == 0)
        #expect(raw.c_lflag & tcflag_t(ECHOE) != 0)
        #expect(raw.c_oflag == cooked.c_oflag)
        #expect(raw.c_cflag & tcflag_t(CS8) == tcflag_t(CS8))
        var control = raw.c_cc
        withUnsafeBytes(of: &control) { bytes in
            #expect(bytes[Int(VMIN)] == 1)
            #expect(bytes[Int(VTIME)] == 0)
        }
    }

    @Test("a pipe has no terminal size")
    func pipeSize() {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        #expect(Terminal.size(of: fds[0]) == nil)
        #expect(Terminal.size.width > 0 && Terminal.size.height > 0)
    }

    @Test("a restored terminal ends its events and cannot start again")
    func restoredTerminal() async {
        let terminal = Terminal()
        terminal.restore()
        terminal.restore()
        #expect(!terminal.isFullScreen)
        var events: [TerminalEvent] = []
        for await event in terminal.events { events.append(event) }
        #expect(events == [])
        #expect(throws: TerminalError.alreadyUsed) { try terminal.enterFullScreen() }
    }

    @Test("errors read as sentences")
    func errorDescriptions() {
        #expect(TerminalError.notATerminal.description.contains("terminal"))
        #expect(TerminalError.systemCall("tcsetattr", EBADF).description.contains("tcsetattr failed: Bad file descriptor"))
    }

    @Test("a canvas larger than the terminal is clipped, a smaller one kept")
    func clipping() {
        var canvas = Canvas(width: 5, height: 3)
        canvas.put("abcde", x: 0, y: 0)
        canvas.put("fghij", x: 0, y: 1)
        let clipped = canvas.clipped(to: TerminalSize(width: 3, height: 1))
        #expect(clipped.width == 3 && clipped.height == 1)
        #expect(clipped.text == "abc")
        #expect(canvas.clipped(to: TerminalSize(width: 80, height: 24)) == canvas)
        #expect(canvas.clipped(to: TerminalSize(width: 5, height: 2)).text == "abcde\nfghij")
    }
}
