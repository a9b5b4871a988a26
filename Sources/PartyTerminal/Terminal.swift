import Dispatch
import Foundation
import Glibc
import PartyKit
import Synchronization

/// The process's terminal in full-screen mode: raw keys in, painted canvases out, always restored.
///
/// Use one per full-screen session: `enterFullScreen()` switches to raw mode and the alternate
/// screen and starts reading keys into `events`; `restore()` puts everything back and ends
/// `events`. The terminal is also restored when the process exits (`atexit`), on SIGTERM, SIGHUP,
/// SIGQUIT and SIGINT (then the process ends as that signal would have ended it), and on crashes
/// (SIGSEGV, SIGILL, SIGABRT and friends, which then proceed as before). Ctrl-Z and SIGTSTP give the
/// terminal back and stop the process; when it is continued in the foreground (`fg`, also after an
/// outside SIGSTOP) it takes the terminal again and the next `draw(_:)` repaints everything (a
/// `.resize` event says when); `draw(_:)` also takes it back whenever it finds the terminal out of
/// raw mode in the foreground. Nothing is drawn while the process is in the background. Thread-safe.
public final class Terminal: Sendable {
    /// Key presses, resizes and (with `.report`) interrupts; ends at `restore()` or when input closes.
    /// Read it from one task only.
    public let events: AsyncStream<TerminalEvent>
    /// Where the input reader puts events.
    private let continuation: AsyncStream<TerminalEvent>.Continuation
    /// What an outside SIGINT does.
    public let interruptHandling: InterruptHandling
    /// The mutable part, behind a lock; output is written while holding it, so writes never interleave.
    private let state: Mutex<State>

    /// The lifecycle and painting state.
    private struct State {
        /// Where this terminal is in its one full-screen session.
        var phase: Phase = .ready
        /// Paints canvases.
        var renderer: CanvasRenderer
        /// The terminal size the last canvas was painted at.
        var paintedSize: TerminalSize?
        /// `TerminalGuard.resumptions` when the last canvas was painted.
        var paintedResumptions = 0
    }

    /// Where a `Terminal` is in its one full-screen session.
    private enum Phase {
        /// Not started.
        case ready
        /// In full-screen mode; the semaphore is signalled when the input reader has stopped.
        case fullScreen(readerStopped: DispatchSemaphore)
        /// Restored; cannot start again.
        case finished
    }

    /// A terminal, not yet in full-screen mode; `color` false paints without colours (NO_COLOR).
    public init(interruptHandling: InterruptHandling = .exit, color: Bool = Terminal.colorEnabled) {
        (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self, bufferingPolicy: .bufferingNewest(1024))
        self.interruptHandling = interruptHandling
        state = Mutex(State(renderer: CanvasRenderer(color: color)))
    }

    deinit {
        restore()
    }

    /// Whether standard input and standard output are both terminals (else use line mode).
    public static var isInteractive: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    /// Whether colours may be used, from this process's environment (see `colorEnabled(environment:)`).
    public static var colorEnabled: Bool {
        colorEnabled(environment: ProcessInfo.processInfo.environment)
    }

    /// Whether colours may be used: `NO_COLOR` is unset or empty and `TERM` is not `dumb`.
    public static func colorEnabled(environment: [String: String]) -> Bool {
        (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// The terminal's current size (from standard output, input or error), or 80 × 24 when unknown.
    public static var size: TerminalSize {
        for descriptor in [STDOUT_FILENO, STDIN_FILENO, STDERR_FILENO] {
            if let size = size(of: descriptor) { return size }
        }
        return .fallback
    }

    /// The size of the terminal open on `descriptor`, or nil if it is not one or does not know.
    public static func size(of descriptor: Int32) -> TerminalSize? {
        var window = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return nil
        }
        return TerminalSize(width: Int(window.ws_col), height: Int(window.ws_row))
    }

    /// Whether the person pressed Ctrl-C in full-screen mode, or a SIGINT was reported there
    /// (`InterruptHandling.report`): a program that then ends should end with status 130.
    public static var wasInterrupted: Bool {
        TerminalGuard.interrupted.load(ordering: .sequentiallyConsistent)
    }

    /// Whether this terminal is in full-screen mode now.
    public var isFullScreen: Bool {
        state.withLock { state in
            if case .fullScreen = state.phase { return true }
            return false
        }
    }

    /// Switches to raw mode, the alternate screen and a hidden cursor, and starts reading keys.
    public func enterFullScreen() throws(TerminalError) {
        try state.withLock { (state: inout State) throws(TerminalError) in
            guard case .ready = state.phase else {
                throw TerminalError.alreadyUsed
            }
            guard Terminal.isInteractive else { throw TerminalError.notATerminal }
            guard let wakePipe = TerminalGuard.wakePipe else { throw TerminalError.systemCall("pipe", errno) }
            try TerminalGuard.enter(reportInterrupts: interruptHandling == .report)
            let readerStopped = DispatchSemaphore(value: 0)
            let reader = TerminalInputReader(wake: wakePipe.read, continuation: continuation)
            let thread = Thread {
                reader.run()
                readerStopped.signal()
            }
            thread.name = "PartyTerminal input"
            thread.start()
            state.phase = .fullScreen(readerStopped: readerStopped)
            state.renderer.invalidate()
            state.paintedSize = nil
        }
    }

    /// Leaves full-screen mode: stops reading, restores the exact terminal settings from before, shows
    /// the cursor, resets styles, leaves the alternate screen and ends `events`. Safe to call any
    /// number of times, from any thread.
    public func restore() {
        state.withLock { state in
            guard case let .fullScreen(readerStopped) = state.phase else {
                if case .ready = state.phase { state.phase = .finished }
                return
            }
            state.phase = .finished
            TerminalGuard.wake(UInt8(ascii: "q"))
            _ = readerStopped.wait(timeout: .now() + .seconds(1))
            TerminalGuard.leave()
        }
        continuation.finish()
    }

    /// Paints `canvas` from the top-left corner, rewriting only what changed since the last one
    /// (clipped to the terminal; everything is repainted after a resize or a resume). Does nothing
    /// unless in full-screen mode and in the foreground.
    public func draw(_ canvas: Canvas) {
        state.withLock { state in
            guard case .fullScreen = state.phase, TerminalGuard.ownsTerminal else { return }
            TerminalGuard.retakeIfLost()
            let size = Terminal.size
            let resumptions = TerminalGuard.resumptions.load(ordering: .sequentiallyConsistent)
            if size != state.paintedSize || resumptions != state.paintedResumptions {
                state.renderer.invalidate()
                state.paintedSize = size
                state.paintedResumptions = resumptions
            }
            let output = state.renderer.render(canvas.clipped(to: size))
            TerminalGuard.write(output)
        }
    }

    /// Forgets what is on the screen, so the next `draw(_:)` repaints everything.
    public func invalidate() {
        state.withLock { $0.renderer.invalidate() }
    }

    /// Writes `string` to standard output as it is (escape sequences included), in any mode.
    public func write(_ string: String) {
        state.withLock { _ in TerminalGuard.write(string) }
    }

    /// `settings` changed for raw mode: no echo, no line editing, no signals from keys, no flow
    /// control, no CR→NL translation, 8-bit characters, reads returning after one byte. Output
    /// processing stays on, so a stray "\n" still starts a new line.
    public static func rawSettings(from settings: termios) -> termios {
        var raw = settings
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON | INLCR | IGNCR)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        return raw
    }
}
