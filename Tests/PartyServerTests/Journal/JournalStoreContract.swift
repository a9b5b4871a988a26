import Foundation
import PartyServer
import Testing

/// What every `JournalStore` must do, whatever keeps it (the SQLite file here; a fleet's
/// PostgreSQL runs the same checks): each check takes a fresh, empty store.
enum JournalStoreContract {
    static func party(_ name: String = "Ann's party") -> JournalParty {
        JournalParty.fresh(name: name, version: "test", arguments: ["--dedicated", "--bots", "1"], seed: 7, joinCode: "1234",
                           started: 1_800_000_000)
    }

    static func entries(_ range: ClosedRange<Int64>) -> [JournalEntry] {
        range.map { JournalEntry(sequence: $0, instant: $0 * 10, kind: $0 % 3 == 0 ? "tick" : "message", peer: Int($0 % 4),
                                 body: $0 % 3 == 0 ? "" : #"{"type":"move","seq":\#($0),"move":{"column":3}}"#) }
    }

    /// A party begun, appended in batches and read back in order; unfinished until finished.
    static func roundTrip(_ store: any JournalStore) throws {
        #expect(try store.unfinishedParty() == nil)
        let begun = try store.begin(party())
        #expect(begun.id != 0)
        #expect(begun.seed == 7 && begun.joinCode == "1234" && begun.arguments == ["--dedicated", "--bots", "1"])
        try store.append(entries(1...3), party: begun.id)
        try store.append(entries(4...4), party: begun.id)
        try store.append(entries(5...200), party: begun.id)
        let reading = try store.entries(party: begun.id)
        #expect(reading.damage == nil)
        #expect(reading.entries == entries(1...200))
        #expect(try store.unfinishedParty()?.id == begun.id)
        try store.savePort(7411, party: begun.id)
        try store.saveResults(#"{"games":[]}"#, party: begun.id)
        let saved = try store.unfinishedParty()
        #expect(saved?.port == 7411 && saved?.results == #"{"games":[]}"#)
        try store.finish(party: begun.id, reason: "hostQuit", at: 1_800_000_100)
        #expect(try store.unfinishedParty() == nil)
        #expect(try store.parties().map(\.finished) == ["hostQuit"])
    }

    /// A batch with an entry the store refuses (one of no kind) is refused whole: none of it is kept.
    static func batchesAreAtomic(_ store: any JournalStore) throws {
        let begun = try store.begin(party())
        try store.append(entries(1...5), party: begun.id)
        var bad = entries(9...9)
        bad[0].kind = ""
        #expect(throws: JournalError.self) { try store.append(entries(6...8) + bad, party: begun.id) }
        #expect(try store.entries(party: begun.id).entries == entries(1...5))
        try store.append(entries(6...9), party: begun.id)
        #expect(try store.entries(party: begun.id).entries == entries(1...9))
        // Batches of several parties in one call, too.
        let other = try store.begin(party("Bob's party"))
        #expect(throws: JournalError.self) {
            try store.append(batches: [JournalBatch(party: other.id, entries: entries(1...2)), JournalBatch(party: begun.id, entries: bad)])
        }
        #expect(try store.entries(party: other.id).entries.isEmpty)
        try store.append(batches: [JournalBatch(party: other.id, entries: entries(1...2)), JournalBatch(party: begun.id, entries: entries(10...10))])
        #expect(try store.entries(party: other.id).entries == entries(1...2))
        #expect(try store.entries(party: begun.id).entries == entries(1...10))
    }

    /// Truncating drops the entries after a number; parties keep apart; the newest unfinished one is found.
    static func partiesKeepApart(_ store: any JournalStore) throws {
        let first = try store.begin(party())
        try store.append(entries(1...10), party: first.id)
        try store.finish(party: first.id, reason: "hostQuit", at: 1)
        let second = try store.begin(party())
        try store.append(entries(1...20), party: second.id)
        try store.truncate(party: second.id, after: 12)
        #expect(try store.entries(party: second.id).entries == entries(1...12))
        #expect(try store.entries(party: first.id).entries == entries(1...10))
        #expect(try store.unfinishedParty()?.id == second.id)
        #expect(try store.parties().map(\.id) == [first.id, second.id])
    }
}
