import NIOCore
import PartyKit

/// A party's journal as its session writes it: the inputs of one turn of the session's event loop
/// gather here and are committed in one transaction at the turn's end, before anything the turn
/// wrote to a client is flushed (`LoopFlushes`). A write that fails (a full or read-only disk)
/// leaves the party going on in memory: the inputs wait here (up to `backlogLimit`) and are
/// written with the next commit that works, a few seconds later.
///
/// `@unchecked Sendable`: used only on the session's event loop.
final class JournalWriter: @unchecked Sendable {
    /// How many inputs may wait for a disk that refuses them; beyond it the journal stops.
    static let backlogLimit = 1_000_000
    /// How long after a failed write the next is tried, in milliseconds.
    let retryMilliseconds: Int64

    let store: any JournalStore
    let party: Int64
    /// The last entry's number.
    private(set) var sequence: Int64
    /// Entries not yet committed.
    private var pending: [JournalEntry] = []
    /// Whether a commit is due at the end of this turn.
    private var due = false
    /// Why the last write failed, while writes fail.
    private(set) var failure: String?
    /// When the last write failed (the loop's clock, in milliseconds).
    private var failedAt: Int64 = 0
    /// Whether the journal gave up (its backlog outgrew the limit).
    private(set) var stopped = false
    /// Told once when writes start failing, and once when they work again.
    let onProblem: @Sendable (String) -> Void

    /// A writer appending to `party` after entry `sequence`.
    init(store: any JournalStore, party: Int64, sequence: Int64, retryMilliseconds: Int64 = 5_000,
         onProblem: @escaping @Sendable (String) -> Void) {
        self.retryMilliseconds = retryMilliseconds
        self.store = store
        self.party = party
        self.sequence = sequence
        self.onProblem = onProblem
    }

    /// Records `input`, accepted at `instant`; committed at the end of this turn of `loop`.
    func record(_ input: TableInput, at instant: GameInstant, on loop: any EventLoop) {
        guard !stopped else { return }
        sequence += 1
        pending.append(input.journalEntry(sequence: sequence, instant: instant))
        guard !due else { return }
        due = true
        LoopFlushes.commit(self, on: loop)
    }

    /// Commits what `writers` hold (the journals of one turn of an event loop): those that share a
    /// store, in one transaction; each alone when that fails (so each learns of its own fault).
    static func commit(_ writers: [JournalWriter]) {
        guard writers.count > 1 else {
            writers.first?.commit()
            return
        }
        var groups: [ObjectIdentifier: [JournalWriter]] = [:]
        for writer in writers { groups[ObjectIdentifier(writer.store), default: []].append(writer) }
        for group in groups.values {
            let ready = group.filter { $0.failure == nil && !$0.stopped && !$0.pending.isEmpty }
            if ready.count > 1 {
                do {
                    try HostMetrics.timingCommit {
                        try ready[0].store.append(batches: ready.map { JournalBatch(party: $0.party, entries: $0.pending) })
                    }
                    for writer in ready { writer.pending.removeAll(keepingCapacity: true) }
                } catch {
                    // Each on its own below, to learn whose fault it is.
                }
            }
            // What is left (all of it when the batch failed, or one writer alone) goes one by one.
            group.forEach { $0.commit() }
        }
    }

    /// Writes nothing more: the room's journal belongs to another node now. Returns what waited
    /// unwritten (a fleet node writes it later under the epoch it was accepted in, if it still can).
    @discardableResult
    func seal() -> [JournalEntry] {
        let unwritten = stopped ? [] : pending
        stopped = true
        pending = []
        due = false
        return unwritten
    }

    /// Writes what is pending (called by `LoopFlushes` on the loop, or before the session ends).
    func commit() {
        due = false
        guard !pending.isEmpty, !stopped else { return }
        let now = NIODeadline.now().uptimeNanoseconds / 1_000_000
        if failure != nil, Int64(now) - failedAt < retryMilliseconds { return }
        do {
            try HostMetrics.timingCommit { try store.append(pending, party: party) }
            pending.removeAll(keepingCapacity: true)
            if failure != nil {
                failure = nil
                onProblem("The journal is written again; the party is safe on disk.")
            }
        } catch JournalError.fenced(let detail) {
            // Another node holds the room now: nothing more is written here, ever.
            seal()
            onProblem("\(JournalError.fenced(detail: detail))")
        } catch {
            failedAt = Int64(now)
            if failure == nil {
                failure = "\(error)"
                onProblem("\(error) The party goes on in memory; if this host stops now, what happened since is lost.")
            }
            if pending.count > Self.backlogLimit {
                stopped = true
                pending = []
                onProblem("The journal stopped: too much waited for the disk. The party goes on in memory only.")
            }
        }
    }
}
