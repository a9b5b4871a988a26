import Dispatch
import Foundation
import PartyTerminal
import Synchronization

/// SIGINT, SIGTERM and SIGHUP as an async stream, so a process can end its session cleanly
/// (tell every client, send goodbyes) instead of dying mid-write; and, once it has, ending the
/// process as an interrupted program does (`endAsSignalled()`): killed by SIGINT, status 130 in a
/// shell, after Ctrl-C. SIGTERM and SIGHUP end it with status 0, as servers do after a clean stop.
public enum TerminationSignals {
    /// Whether `stream()` delivered a SIGINT.
    private static let interrupted = Atomic<Bool>(false)

    /// Takes over the three signals and returns the stream of their numbers.
    ///
    /// The default actions are switched off first, as DispatchSource requires; the full-screen
    /// terminal then leaves these signals to us and restores itself when the shell returns.
    public static func stream() -> AsyncStream<Int32> {
        let (signals, continuation) = AsyncStream<Int32>.makeStream()
        let sources = [SIGINT, SIGTERM, SIGHUP].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if number == SIGINT { interrupted.store(true, ordering: .sequentiallyConsistent) }
                continuation.yield(number)
            }
            source.resume()
            return source
        }
        let kept = Mutex(sources)
        continuation.onTermination = { _ in kept.withLock { $0.forEach { $0.cancel() } } }
        return signals
    }

    /// Whether the person interrupted the program: a SIGINT that `stream()` delivered, or Ctrl-C
    /// in full-screen mode (`Terminal.wasInterrupted`).
    public static var wasInterrupted: Bool {
        interrupted.load(ordering: .sequentiallyConsistent) || Terminal.wasInterrupted
    }

    /// Call when the program is done, after cleaning up: when it was interrupted
    /// (`wasInterrupted`), ends the process by SIGINT's default action, as shells expect of a
    /// program they interrupt (status 130, and a script running it stops too); otherwise returns.
    public static func endAsSignalled() {
        guard wasInterrupted else { return }
        let number = SIGINT
        fflush(nil)
        signal(number, SIG_DFL)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, number)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(number)
        _exit(128 + number) // not reached: the default action of these signals ends the process
    }
}
