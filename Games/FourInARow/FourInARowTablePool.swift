import Synchronization

/// The process's transposition tables, lent to one solve at a time so that a thousand bots in a
/// thousand games share a few tables rather than owning one each.
///
/// A solve borrows a table and gives it back when it finishes; a new table is made only when every
/// table is lent. Solves run synchronously on the threads of Swift's cooperative pool (one per core),
/// so the pool never holds more tables than threads solved at once: 40 MiB each, 80 MiB on two
/// cores, however many games are played. A table keeps what it learnt between solves, which
/// speeds up the next move of the same game and is harmless for others (entries are exact bounds).
public final class FourInARowTablePool: Sendable {
    /// The pool every perfect bot of this process uses.
    public static let shared = FourInARowTablePool()

    // Mutex makes the free list safe; a lent table is used by one thread only.
    private let free = Mutex<[FourInARowTableBox]>([])
    private let made = Atomic<Int>(0)

    /// An empty pool.
    public init() {}

    /// How many tables the pool has made so far.
    public var tablesMade: Int { made.load(ordering: .relaxed) }

    /// Runs `body` with a table nobody else is using, then takes the table back.
    public func withTable<Result>(_ body: (FourInARowTable) throws -> Result) rethrows -> Result {
        let box = free.withLock { $0.popLast() } ?? {
            made.add(1, ordering: .relaxed)
            return FourInARowTableBox(table: FourInARowTable())
        }()
        defer { free.withLock { $0.append(box) } }
        return try body(box.table)
    }
}

/// A table moved between threads by the pool.
// @unchecked: the pool hands a box to one borrower at a time (popped under the lock, pushed back
// when the borrower is done), so the table inside is never used by two threads at once.
struct FourInARowTableBox: @unchecked Sendable {
    let table: FourInARowTable
}
