import Dispatch
import Foundation
import Synchronization

/// SIGINT, SIGTERM and SIGHUP as an async stream, so a process can end its session cleanly
/// (tell every client, send goodbyes) instead of dying mid-write.
public enum TerminationSignals {
    /// Takes over the three signals and returns the stream of their numbers.
    ///
    /// The default actions are switched off first, as DispatchSource requires; the full-screen
    /// terminal then leaves these signals to us and restores itself when the shell returns.
    public static func stream() -> AsyncStream<Int32> {
        let (signals, continuation) = AsyncStream<Int32>.makeStream()
        let sources = [SIGINT, SIGTERM, SIGHUP].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        }
        let kept = Mutex(sources)
        continuation.onTermination = { _ in kept.withLock { $0.forEach { $0.cancel() } } }
        return signals
    }
}
