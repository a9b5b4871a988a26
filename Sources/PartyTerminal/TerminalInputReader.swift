import Glibc
import PartyKit

/// The loop that reads standard input on its own thread and turns bytes and signals into events.
///
/// It waits in `poll` on standard input and on the wake pipe (`TerminalGuard.wakePipe`): a `w`
/// there means SIGWINCH (or a resume after a stop), an `i` an outside SIGINT, a `q` that
/// `Terminal.restore()` wants it to stop. Ctrl-Z is not passed on: it stops the process as it would
/// outside raw mode (`TerminalGuard.suspend()`).
/// While the decoder holds an unfinished sequence it waits at most `escapeTimeout` milliseconds and
/// then flushes it, which is how a lone Escape is told from an arrow key.
/// In the background it reads no keys (they are the shell's; reading one would stop the process).
struct TerminalInputReader: Sendable {
    /// The descriptor keys are read from.
    var input: Int32 = STDIN_FILENO
    /// The read end of the wake pipe.
    var wake: Int32
    /// Where events go.
    var continuation: AsyncStream<TerminalEvent>.Continuation
    /// How long a lone Escape waits for the rest of a sequence, in milliseconds.
    var escapeTimeout: Int32 = 50

    /// Reads until stopped or until standard input closes, then finishes the stream.
    func run() {
        defer { continuation.finish() }
        _ = drainWakePipe() // wake-ups from before this reader started mean nothing now
        var decoder = KeyDecoder()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let terminal = isatty(input) == 1
        let input = self.input
        /// Whether keys may be read now: not a terminal, or a terminal whose foreground we are.
        func inForeground() -> Bool { !terminal || tcgetpgrp(input) == getpgrp() }
        var wasForeground = true
        while true {
            // In the background (continued by an outside SIGCONT, not by `fg`) keys typed are the
            // shell's: reading one would stop the process (SIGTTIN) just as `fg`, which sends no
            // SIGCONT to a running job, gives it the terminal. So only the wake pipe is watched,
            // and the foreground looked for again ten times a second.
            let foreground = inForeground()
            if foreground && !wasForeground { TerminalGuard.retakeIfLost() }
            wasForeground = foreground
            var fds = [
                pollfd(fd: foreground ? input : -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, foreground ? (decoder.isWaiting ? escapeTimeout : -1) : 100)
            if ready < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            if ready == 0 {
                if foreground { emit(decoder.flush()) }
                continue
            }
            if fds[1].revents != 0 {
                let wakeUps = drainWakePipe()
                if wakeUps.contains(UInt8(ascii: "q")) { return }
                if wakeUps.contains(UInt8(ascii: "w")) {
                    let size = Terminal.size
                    continuation.yield(.resize(width: size.width, height: size.height))
                }
                if wakeUps.contains(UInt8(ascii: "i")) {
                    TerminalGuard.interrupted.store(true, ordering: .sequentiallyConsistent)
                    continuation.yield(.interrupt)
                }
            }
            // A poll that began in the foreground may end in the background: look again before reading.
            if fds[0].revents != 0, inForeground() {
                let count = read(input, &buffer, buffer.count)
                if count > 0 {
                    emit(decoder.feed(buffer[0..<count]))
                } else if count < 0 && (errno == EINTR || errno == EAGAIN) {
                    continue
                } else {
                    emit(decoder.flush()) // end of input: the terminal has gone away
                    return
                }
            }
        }
    }

    /// Sends keys as events; Ctrl-Z suspends instead, and Ctrl-C is remembered (`Terminal.wasInterrupted`).
    private func emit(_ keys: [Key]) {
        for key in keys {
            switch key {
            case .control("z"):
                TerminalGuard.suspendFromKeyboard()
                continue
            case .control("c"):
                TerminalGuard.interrupted.store(true, ordering: .sequentiallyConsistent)
            default:
                break
            }
            continuation.yield(.key(key))
        }
    }

    /// Reads everything waiting in the wake pipe.
    private func drainWakePipe() -> Set<UInt8> {
        var seen: Set<UInt8> = []
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(wake, &bytes, bytes.count)
            if count > 0 {
                seen.formUnion(bytes[0..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return seen
            }
        }
    }
}
