import NIOCore
import NIOPosix

/// The outboxes of one event loop's thread that wrote and wait for their flush: one task per turn
/// of the loop flushes them all, rather than one task per connection (a move writes to two).
///
/// `@unchecked Sendable`: an instance is reached only through its thread's thread-specific slot,
/// and its flush task runs on that thread's own event loop, so one thread alone ever touches it.
final class LoopFlushes: @unchecked Sendable {
    /// The calling thread's list; made on first use.
    private static let current = ThreadSpecificVariable<LoopFlushes>()

    /// The outboxes to flush at the end of this turn, in the order they first wrote.
    private var due: [ConnectionOutbox] = []

    /// Flushes `outbox` once `loop` — the calling thread's — has handled what it is reading now.
    static func flush(_ outbox: ConnectionOutbox, on loop: any EventLoop) {
        let flushes: LoopFlushes
        if let existing = current.currentValue {
            flushes = existing
        } else {
            flushes = LoopFlushes()
            current.currentValue = flushes
        }
        flushes.due.append(outbox)
        guard flushes.due.count == 1 else { return }
        loop.execute { flushes.flushAll() }
    }

    /// Flushes every outbox due, those added while flushing included.
    private func flushAll() {
        var index = 0
        while index < due.count {
            due[index].flushNow()
            index += 1
        }
        due.removeAll(keepingCapacity: true)
    }
}
