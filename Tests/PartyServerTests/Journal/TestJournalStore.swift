import Foundation
import PartyServer
import Synchronization

/// A journal kept in memory, for tests: it can be slow (each append sleeps first), fail on
/// demand (a full disk), and be copied (what a restarted host would read).
final class TestJournalStore: JournalStore, @unchecked Sendable {
    private struct State {
        var parties: [JournalParty] = []
        var entries: [Int64: [JournalEntry]] = [:]
        var failing = false
        var appendDelay: Duration = .zero
    }
    private let state = Mutex(State())

    /// Appends sleep this long before they are kept.
    var appendDelay: Duration {
        get { state.withLock { $0.appendDelay } }
        set { state.withLock { $0.appendDelay = newValue } }
    }

    /// While true, every append fails as a full disk would.
    var failing: Bool {
        get { state.withLock { $0.failing } }
        set { state.withLock { $0.failing = newValue } }
    }

    /// Everything appended to `party` so far.
    func kept(_ party: Int64) -> [JournalEntry] {
        state.withLock { $0.entries[party] ?? [] }
    }

    /// A store holding what this one holds now.
    func copy() -> TestJournalStore {
        let copy = TestJournalStore()
        let now = state.withLock { $0 }
        copy.state.withLock {
            $0.parties = now.parties
            $0.entries = now.entries
        }
        return copy
    }

    /// Why `party` finished (`hostQuit`, `vipEnded`, …), or nil while it has not.
    func finishedReason(_ party: Int64) -> String? {
        state.withLock { $0.parties.first { $0.id == party }?.finished }
    }

    func unfinishedParty() throws -> JournalParty? {
        state.withLock { $0.parties.last { $0.finished == nil } }
    }

    func begin(_ party: JournalParty) throws -> JournalParty {
        state.withLock { state in
            var begun = party
            begun.id = Int64(state.parties.count + 1)
            state.parties.append(begun)
            return begun
        }
    }

    func append(_ entries: [JournalEntry], party: Int64) throws {
        let delay = appendDelay
        if delay > .zero { Thread.sleep(forTimeInterval: Double(delay.components.attoseconds) / 1e18 + Double(delay.components.seconds)) }
        try state.withLock { state in
            if state.failing { throw JournalError.writeFailed(detail: "No space left on device") }
            let last = state.entries[party]?.last?.sequence ?? 0
            guard entries.first.map({ $0.sequence == last + 1 }) ?? true else {
                throw JournalError.writeFailed(detail: "entry \(entries[0].sequence) after \(last)")
            }
            state.entries[party, default: []] += entries
        }
    }

    func entries(party: Int64) throws -> JournalReading {
        JournalReading(entries: kept(party), damage: nil)
    }

    func truncate(party: Int64, after sequence: Int64) throws {
        state.withLock { $0.entries[party]?.removeAll { $0.sequence > sequence } }
    }

    func savePort(_ port: Int, party: Int64) throws {
        state.withLock { state in
            if let index = state.parties.firstIndex(where: { $0.id == party }) { state.parties[index].port = port }
        }
    }

    func saveResults(_ json: String, party: Int64) throws {
        state.withLock { state in
            if let index = state.parties.firstIndex(where: { $0.id == party }) { state.parties[index].results = json }
        }
    }

    func finish(party: Int64, reason: String, at: Double) throws {
        state.withLock { state in
            if let index = state.parties.firstIndex(where: { $0.id == party }) {
                state.parties[index].finished = reason
                state.parties[index].finishedAt = at
            }
        }
    }

    func parties() throws -> [JournalParty] {
        state.withLock { $0.parties }
    }
}
