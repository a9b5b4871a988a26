import Glibc
import Synchronization

/// The process-wide part of full-screen mode: the saved terminal settings, the signal handlers and
/// the `atexit` hook that put the terminal back however the process ends, and job control (Ctrl-Z
/// and SIGTSTP put the terminal back and stop; SIGCONT in the foreground takes it again).
///
/// A terminal is one per process, and C signal handlers and `atexit` hooks cannot capture context, so
/// this state is global. Everything a signal handler touches is either an `Atomic` or memory written
/// before the handler is installed (see `savedSettings` and `previousActions`).
enum TerminalGuard {
    /// Nothing to restore.
    static let idle = 0
    /// `enterFullScreen` is saving the settings; they are not valid yet.
    static let entering = 1
    /// Raw mode may be on: the saved settings are valid and must be restored.
    static let active = 2
    /// A normal `restore()` is running.
    static let restoring = 3

    /// Where full-screen mode stands (one of the constants above).
    static let phase = Atomic<Int>(idle)
    /// Whether a SIGINT is reported as an event (true) or ends the process after restoring (false).
    static let reportsInterrupts = Atomic<Bool>(false)
    /// Whether the `atexit` hook is registered.
    static let exitHookRegistered = Atomic<Bool>(false)
    /// Whether Ctrl-Z may stop the process (our SIGTSTP handler is installed).
    static let suspendable = Atomic<Bool>(false)
    /// Whether the terminal was given back for a stop that has not been resumed from yet.
    static let suspended = Atomic<Bool>(false)
    /// How many times the terminal was taken back after a stop: the screen must then be repainted.
    static let resumptions = Atomic<Int>(0)
    /// Whether the person pressed Ctrl-C, or SIGINT was reported, in full-screen mode.
    static let interrupted = Atomic<Bool>(false)

    /// The terminal settings from before raw mode.
    ///
    /// Written only by `enter` while `phase` is `entering`, before `phase` becomes `active` (a
    /// sequentially consistent store); read only when `phase` was seen `active` or `restoring`. The
    /// memory is allocated once and never freed, so the pointer is always valid.
    nonisolated(unsafe) static let savedSettings: UnsafeMutablePointer<termios> = {
        let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        pointer.initialize(to: termios())
        return pointer
    }()

    /// The raw-mode settings, to take the terminal again after a stop.
    ///
    /// Written only by `enter` while `phase` is `entering`; read by the SIGTSTP and SIGCONT handlers
    /// only when `phase` is `active`. Allocated once, never freed.
    nonisolated(unsafe) static let rawSettings: UnsafeMutablePointer<termios> = {
        let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        pointer.initialize(to: termios())
        return pointer
    }()

    /// The dispositions our handlers replaced, indexed by signal number.
    ///
    /// Written only by `installHandlers` before the corresponding handler is installed, read by the
    /// handler and by `removeHandlers` (both after the write). Allocated once, never freed.
    nonisolated(unsafe) static let previousActions: UnsafeMutablePointer<sigaction> = {
        let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: signalSlots)
        pointer.initialize(repeating: sigaction(), count: signalSlots)
        return pointer
    }()

    /// Which signals currently have our handler, indexed by signal number; only touched by the one
    /// thread that owns full-screen mode (between `entering` and `idle`).
    nonisolated(unsafe) static let installed: UnsafeMutablePointer<Bool> = {
        let pointer = UnsafeMutablePointer<Bool>.allocate(capacity: signalSlots)
        pointer.initialize(repeating: false, count: signalSlots)
        return pointer
    }()

    /// Room for every signal number.
    static let signalSlots = 65

    /// The self-pipe that wakes the input reader: `w` resize, `i` interrupt, `q` stop. Both ends
    /// are non-blocking and close-on-exec; they stay open for the life of the process so that a
    /// signal handler can never write to a closed or reused descriptor.
    static let wakePipe: (read: Int32, write: Int32)? = {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        return (fds[0], fds[1])
    }()
    /// The write end of `wakePipe` for signal handlers (-1 when there is none).
    static let wakeWriteEnd = Atomic<Int32>(-1)

    /// Signals that end the process: the terminal is restored first, then the old disposition runs.
    static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGTRAP]
    /// Faults: after restoring, the faulting instruction runs again under the old disposition.
    static let faultSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE]
    /// Job control: SIGTSTP gives the terminal back and stops, SIGCONT takes it again.
    static let jobControlSignals: [Int32] = [SIGTSTP, SIGCONT]

    /// Saves the terminal settings of standard input and takes ownership of full-screen mode.
    static func enter(reportInterrupts: Bool) throws(TerminalError) {
        guard phase.compareExchange(expected: idle, desired: entering, ordering: .sequentiallyConsistent).exchanged else {
            throw .alreadyActive
        }
        guard tcgetattr(STDIN_FILENO, savedSettings) == 0 else {
            let code = errno
            phase.store(idle, ordering: .sequentiallyConsistent)
            throw .systemCall("tcgetattr", code)
        }
        if let wakePipe { wakeWriteEnd.store(wakePipe.write, ordering: .sequentiallyConsistent) }
        reportsInterrupts.store(reportInterrupts, ordering: .sequentiallyConsistent)
        if !exitHookRegistered.exchange(true, ordering: .sequentiallyConsistent) {
            atexit { TerminalGuard.restoreTerminal() }
        }
        rawSettings.pointee = Terminal.rawSettings(from: savedSettings.pointee)
        suspended.store(false, ordering: .sequentiallyConsistent)
        installHandlers()
        phase.store(active, ordering: .sequentiallyConsistent)
        guard tcsetattr(STDIN_FILENO, TCSANOW, rawSettings) == 0 else {
            let code = errno
            leave()
            throw .systemCall("tcsetattr", code)
        }
        write(ANSI.enterFullScreen)
    }

    /// Restores the terminal and gives up ownership of full-screen mode (does nothing when idle).
    static func leave() {
        guard phase.compareExchange(expected: active, desired: restoring, ordering: .sequentiallyConsistent).exchanged else {
            // A signal handler may have restored the terminal already; its handlers are still ours.
            if phase.load(ordering: .sequentiallyConsistent) == idle { removeHandlers() }
            return
        }
        writeRestoreSequence()
        tcsetattr(STDIN_FILENO, TCSADRAIN, savedSettings)
        removeHandlers()
        phase.store(idle, ordering: .sequentiallyConsistent)
    }

    /// Restores the terminal if full-screen mode is on; async-signal-safe (atomics, `write`,
    /// `tcsetattr` only). Used by signal handlers and the `atexit` hook.
    static func restoreTerminal() {
        let previous = phase.exchange(idle, ordering: .sequentiallyConsistent)
        guard previous == active || previous == restoring else { return }
        writeRestoreSequence()
        tcsetattr(STDIN_FILENO, TCSANOW, savedSettings)
    }

    /// Writes `ANSI.leaveFullScreen` without allocating.
    static func writeRestoreSequence() {
        writeStatic(ANSI.leaveFullScreen)
    }

    /// Gives the terminal back and stops the process (SIGTSTP's default action), then takes the
    /// terminal again if it was continued in the foreground. Async-signal-safe; runs in the SIGTSTP
    /// handler.
    static func suspend() {
        if phase.load(ordering: .sequentiallyConsistent) == active {
            writeRestoreSequence()
            tcsetattr(STDIN_FILENO, TCSANOW, savedSettings)
            suspended.store(true, ordering: .sequentiallyConsistent)
        }
        var ours = sigaction()
        sigaction(SIGTSTP, previousActions + Int(SIGTSTP), &ours)
        var stop = sigset_t()
        sigemptyset(&stop)
        sigaddset(&stop, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &stop, nil)
        raise(SIGTSTP) // stops here until SIGCONT (whose handler usually resumes first)
        sigaction(SIGTSTP, &ours, nil)
        // Not stopped after all (an orphaned process group), or continued without a SIGCONT handler run.
        if suspended.exchange(false, ordering: .sequentiallyConsistent) { resume() }
    }

    /// Takes the terminal again after a stop, if full-screen mode is on and this process is in the
    /// foreground (in the background it waits for `fg`, which sends SIGCONT again): raw mode, the
    /// alternate screen, and a repaint. Async-signal-safe; runs in the SIGCONT handler.
    static func resume() {
        guard phase.load(ordering: .sequentiallyConsistent) == active,
              tcgetpgrp(STDIN_FILENO) == getpgrp() else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, rawSettings)
        writeStatic(ANSI.reenterFullScreen)
        resumptions.add(1, ordering: .sequentiallyConsistent)
        wake(UInt8(ascii: "w")) // the program hears a resize and draws everything again
    }

    /// Takes the terminal again if someone else changed its settings while full-screen mode is on
    /// and this process is in the foreground: a shell does after an outside SIGSTOP, and `fg` on a
    /// job that an outside SIGCONT had already continued sends no SIGCONT at all.
    static func retakeIfLost() {
        guard phase.load(ordering: .sequentiallyConsistent) == active else { return }
        var current = termios()
        guard tcgetattr(STDIN_FILENO, &current) == 0 else { return }
        if current.c_lflag & tcflag_t(ICANON | ECHO | ISIG) != 0 { resume() }
    }

    /// Stops the process group as Ctrl-Z does in a terminal not in raw mode; nothing when SIGTSTP
    /// was ignored when full-screen mode began.
    static func suspendFromKeyboard() {
        guard suspendable.load(ordering: .sequentiallyConsistent) else { return }
        kill(0, SIGTSTP)
    }

    /// Whether this process may draw on the terminal now: it is in the terminal's foreground
    /// process group (not stopped in the background after Ctrl-Z and `bg`).
    static var ownsTerminal: Bool {
        tcgetpgrp(STDOUT_FILENO) == getpgrp()
    }

    /// Writes `text` to standard output without allocating (for signal handlers).
    static func writeStatic(_ text: StaticString) {
        text.withUTF8Buffer { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }

    /// Writes `text` to standard output completely (retrying after interruptions and partial writes).
    static func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else if written < 0 && errno == EAGAIN {
                    var output = pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)
                    guard poll(&output, 1, 1000) > 0 else { return }
                } else {
                    return
                }
            }
        }
    }

    /// Installs our handler for every signal we watch (not for those the process ignores).
    static func installHandlers() {
        let watched = endingSignals + faultSignals + jobControlSignals + [SIGWINCH]
        for signal in watched {
            var old = sigaction()
            guard sigaction(signal, nil, &old) == 0 else { continue }
            let ignored = unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
            let alwaysWatched = signal == SIGWINCH || signal == SIGCONT || (signal == SIGINT && reportsInterrupts.load(ordering: .relaxed))
            if ignored && !alwaysWatched {
                continue
            }
            previousActions[Int(signal)] = old
            var action = sigaction()
            action.__sigaction_handler.sa_handler = terminalSignalHandler
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            if sigaction(signal, &action, nil) == 0 { installed[Int(signal)] = true }
        }
        suspendable.store(installed[Int(SIGTSTP)], ordering: .sequentiallyConsistent)
    }

    /// Puts back the dispositions `installHandlers` replaced.
    static func removeHandlers() {
        suspendable.store(false, ordering: .sequentiallyConsistent)
        for signal in 1..<Int32(signalSlots) where installed[Int(signal)] {
            sigaction(signal, previousActions + Int(signal), nil)
            installed[Int(signal)] = false
        }
    }

    /// Wakes the input reader with `byte`; async-signal-safe.
    static func wake(_ byte: UInt8) {
        let fd = wakeWriteEnd.load(ordering: .relaxed)
        guard fd >= 0 else { return }
        var byte = byte
        _ = Glibc.write(fd, &byte, 1)
    }
}

/// The handler for every watched signal. Async-signal-safe: it only uses atomics, `write`,
/// `tcsetattr`, `tcgetpgrp`, `getpgrp`, `sigaction`, `pthread_sigmask` and `raise`, and allocates
/// nothing.
private func terminalSignalHandler(_ signal: Int32) {
    let savedErrno = errno
    defer { errno = savedErrno }
    switch signal {
    case SIGWINCH:
        TerminalGuard.wake(UInt8(ascii: "w"))
        return
    case SIGTSTP:
        TerminalGuard.suspend()
        return
    case SIGCONT:
        TerminalGuard.suspended.store(false, ordering: .sequentiallyConsistent)
        TerminalGuard.resume()
        return
    default:
        break
    }
    if signal == SIGINT && TerminalGuard.reportsInterrupts.load(ordering: .relaxed) {
        TerminalGuard.wake(UInt8(ascii: "i"))
        return
    }
    TerminalGuard.restoreTerminal()
    sigaction(signal, TerminalGuard.previousActions + Int(signal), nil)
    switch signal {
    case SIGSEGV, SIGBUS, SIGILL, SIGFPE:
        return // returning runs the faulting instruction again, now under the old disposition
    default:
        raise(signal)
    }
}
