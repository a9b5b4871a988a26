import Foundation

/// Copies a journal's write-ahead log into its file once a second, on a thread and a connection
/// of its own (SQLite's passive checkpoint: it never blocks the writer). The writer's connection
/// never checkpoints, so no commit on the session's event loop waits for the disk.
///
/// `@unchecked Sendable`: `stopping` and `done` are read and written under `condition`.
final class Checkpointer: @unchecked Sendable {
    private let condition = NSCondition()
    private var stopping = false
    private var done = false

    /// Starts checkpointing the journal at `path`.
    init(path: String) throws(SQLiteFailure) {
        let database = try SQLiteDatabase(path: path)
        let thread = Thread { [self] in
            condition.lock()
            while !stopping {
                _ = condition.wait(until: Date().addingTimeInterval(1))
                guard !stopping else { break }
                condition.unlock()
                _ = try? database.text("PRAGMA wal_checkpoint(PASSIVE)")
                condition.lock()
            }
            condition.unlock()
            // A last, whole one, so that a journal closed leaves its file complete.
            _ = try? database.text("PRAGMA wal_checkpoint(TRUNCATE)")
            condition.lock()
            done = true
            condition.broadcast()
            condition.unlock()
        }
        thread.name = "journal checkpoints"
        thread.start()
    }

    /// Stops, after a last checkpoint; returns when it is done.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while !done { condition.wait() }
        condition.unlock()
    }
}
