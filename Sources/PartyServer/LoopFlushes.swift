import NIOCore
import NIOPosix

/// What one event loop's thread wrote in this turn and must finish at its end: first the journals
/// (their inputs committed in one transaction per store), then the outboxes (one flush each). One task
/// per turn of the loop does it all, rather than one task per connection (a move writes to two);
/// and since the journals go first, nothing a client is sent leaves before the input that made it
/// is on disk.
///
/// `@unchecked Sendable`: an instance is reached only through its thread's thread-specific slot,
/// and its flush task runs on that thread's own event loop, so one thread alone ever touches it.
final class LoopFlushes: @unchecked Sendable {
    /// The calling thread's list; made on first use.
    private static let current = ThreadSpecificVariable<LoopFlushes>()

    /// The journals with inputs to commit at the end of this turn.
    private var journals: [JournalWriter] = []
    /// The outboxes to flush at the end of this turn, in the order they first wrote.
    private var due: [ConnectionOutbox] = []
    /// Whether the end-of-turn task is queued.
    private var scheduled = false

    private static var forThisThread: LoopFlushes {
        if let existing = current.currentValue { return existing }
        let flushes = LoopFlushes()
        current.currentValue = flushes
        return flushes
    }

    /// Flushes `outbox` once `loop` — the calling thread's — has handled what it is reading now.
    static func flush(_ outbox: ConnectionOutbox, on loop: any EventLoop) {
        let flushes = forThisThread
        flushes.due.append(outbox)
        flushes.schedule(on: loop)
    }

    /// Commits `journal`'s inputs once `loop` — the calling thread's — has handled what it is
    /// reading now, before any outbox of the turn is flushed.
    static func commit(_ journal: JournalWriter, on loop: any EventLoop) {
        let flushes = forThisThread
        flushes.journals.append(journal)
        flushes.schedule(on: loop)
    }

    /// Commits the journals due on this thread now: an outbox that must flush in the middle of a
    /// turn (a long burst to one client) calls this first.
    static func commitJournals() {
        guard let flushes = current.currentValue, !flushes.journals.isEmpty else { return }
        flushes.commitAll()
    }

    private func schedule(on loop: any EventLoop) {
        guard !scheduled else { return }
        scheduled = true
        loop.execute { self.flushAll() }
    }

    private func commitAll() {
        JournalWriter.commit(journals)
        journals.removeAll(keepingCapacity: true)
    }

    /// Commits every journal due, then flushes every outbox due (those added while flushing included).
    private func flushAll() {
        scheduled = false
        commitAll()
        var index = 0
        while index < due.count {
            due[index].flushNow()
            index += 1
        }
        due.removeAll(keepingCapacity: true)
    }
}
