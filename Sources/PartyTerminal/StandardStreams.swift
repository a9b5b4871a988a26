import Glibc

/// Writes to standard output and standard error with plain `write(2)` calls that never trap.
///
/// Unbuffered (a script reading the other end sees every line at once) and without the stdio lock a
/// thread waiting for input may hold. When the reader of either stream has gone (`EPIPE`, as in
/// `partyhost … | head -1`), the process ends the way other Unix tools do: the terminal is put back
/// if it was taken, then the process is killed by SIGPIPE (status 141 in a shell), even when
/// SIGPIPE was being ignored. Any other failure (a closed descriptor, an I/O error) loses that text
/// and nothing else.
public enum StandardStreams {
    /// Writes `text` to standard output, completely.
    public static func writeOutput(_ text: String) {
        write(text, to: STDOUT_FILENO)
    }

    /// Writes `text` to standard error, completely.
    public static func writeError(_ text: String) {
        write(text, to: STDERR_FILENO)
    }

    /// Writes `text` to `descriptor`, retrying after interruptions and partial writes, and waiting
    /// while a non-blocking descriptor is full.
    static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                    continue
                }
                switch errno {
                case EINTR:
                    continue
                case EAGAIN:
                    var wait = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&wait, 1, -1)
                case EPIPE:
                    endForClosedOutput()
                default:
                    return
                }
            }
        }
    }

    /// Ends the process as an unhandled SIGPIPE would, after restoring the terminal.
    public static func endForClosedOutput() -> Never {
        TerminalGuard.restoreTerminal()
        signal(SIGPIPE, SIG_DFL)
        var pipeOnly = sigset_t()
        sigemptyset(&pipeOnly)
        sigaddset(&pipeOnly, SIGPIPE)
        pthread_sigmask(SIG_UNBLOCK, &pipeOnly, nil)
        raise(SIGPIPE)
        _exit(128 + SIGPIPE) // not reached: SIGPIPE's default action ends the process
    }
}
