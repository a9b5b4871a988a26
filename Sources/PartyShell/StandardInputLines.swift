import Foundation
import Synchronization

/// Lines typed on standard input, read on one thread of their own so nothing async ever blocks.
///
/// The process has one reader: each `stream()` takes over from the previous one, and a line
/// typed while nobody listens (between the session list and the game, say) waits for the next
/// stream instead of being lost.
enum StandardInputLines {
    private struct State {
        var started = false
        var ended = false
        var pending: [String] = []
        var consumer: (id: Int, continuation: AsyncStream<String>.Continuation)?
        var nextID = 0
    }

    private static let state = Mutex(State())

    /// A stream of lines from now on (with any typed since the last stream ended); it finishes at
    /// end of input, or when a newer stream takes over.
    static func stream() -> AsyncStream<String> {
        let (lines, continuation) = AsyncStream<String>.makeStream()
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        // Set before the stream is shared; it takes the lock, so nothing below finishes a stream
        // while holding it.
        continuation.onTermination = { _ in
            state.withLock { state in
                if state.consumer?.id == id { state.consumer = nil }
            }
        }
        let (previous, ended, start) = state.withLock { state in
            let previous = state.consumer?.continuation
            state.consumer = (id, continuation)
            for line in state.pending { continuation.yield(line) }
            state.pending.removeAll()
            defer { state.started = true }
            return (previous, state.ended, !state.started)
        }
        previous?.finish()
        if ended { continuation.finish() }
        if start { Thread { readAll() }.start() }
        return lines
    }

    /// Reads standard input to its end, handing each line to the current stream (or keeping it).
    private static func readAll() {
        while let line = readLine(strippingNewline: true) {
            state.withLock { state in
                if let consumer = state.consumer, case .enqueued = consumer.continuation.yield(line) { return }
                state.pending.append(line)
            }
        }
        let consumer = state.withLock { state in
            state.ended = true
            return state.consumer?.continuation
        }
        consumer?.finish()
    }
}
