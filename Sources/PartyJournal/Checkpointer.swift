import Foundation
import Synchronization

/// Copies journals' write-ahead logs into their files once a second, on one thread of the
/// process and a connection per journal of its own (SQLite's passive checkpoint: it never blocks
/// the writer). The writers' connections never checkpoint, so no commit on a session's event loop
/// waits for the disk; one thread serves every journal of the process, however many rooms it hosts.
final class Checkpointer: Sendable {
    /// The process's checkpointer (its thread starts with the first journal).
    static let shared = Checkpointer()

    private let journals = Mutex<[Int: SQLiteDatabase]>([:])
    private let nextID = Atomic<Int>(0)

    private init() {
        let thread = Thread { [self] in
            while true {
                Thread.sleep(forTimeInterval: 1)
                let open = journals.withLock { Array($0.values) }
                for database in open { _ = try? database.text("PRAGMA wal_checkpoint(PASSIVE)") }
            }
        }
        thread.name = "journal checkpoints"
        thread.start()
    }

    /// Starts checkpointing the journal at `path`; returns the number `remove` takes.
    func add(path: String) throws(SQLiteFailure) -> Int {
        let database = try SQLiteDatabase(path: path)
        let id = nextID.wrappingAdd(1, ordering: .relaxed).newValue
        journals.withLock { $0[id] = database }
        return id
    }

    /// Stops checkpointing journal `id`, after a last, whole checkpoint (so that a journal closed
    /// leaves its file complete).
    func remove(_ id: Int) {
        let database = journals.withLock { $0.removeValue(forKey: id) }
        _ = try? database?.text("PRAGMA wal_checkpoint(TRUNCATE)")
    }
}
