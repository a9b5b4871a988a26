import Foundation
import PartyFleet
import PartyJournalTestSupport
import PartyServer
import Synchronization
import Testing

/// What every `JournalStore` must do, whatever keeps it: each test runs on the embedded SQLite
/// file and on PostgreSQL (a private server of its own), each time in a new, empty place.
@Suite("The journal stores' shared contract")
struct JournalConformanceTests {
    typealias Samples = JournalSamples

    @Test("a party begun, appended in batches, read back in order, finished", arguments: JournalBackend.available)
    func roundTrip(_ backend: JournalBackend) async throws {
        // Off the concurrency pool: the server's programs and the store's calls block.
        try await Blocking.run {
            try backend.withPlace { open in
                let store = try open()
                #expect(try store.unfinishedParty() == nil)
                let begun = try store.begin(Samples.party())
                #expect(begun.id != 0)
                #expect(begun.seed == 7 && begun.joinCode == "1234" && begun.arguments == ["--dedicated", "--bots", "1"])
                try store.append(Samples.entries(1...3), party: begun.id)
                try store.append(Samples.entries(4...4), party: begun.id)
                try store.append(Samples.entries(5...200), party: begun.id)
                let reading = try store.entries(party: begun.id)
                #expect(reading.damage == nil)
                #expect(reading.entries == Samples.entries(1...200))
                #expect(try store.unfinishedParty() == begun)
                try store.savePort(7411, party: begun.id)
                try store.saveResults(#"{"games":[]}"#, party: begun.id)
                let saved = try store.unfinishedParty()
                #expect(saved?.port == 7411 && saved?.results == #"{"games":[]}"#)
                try store.finish(party: begun.id, reason: "hostQuit", at: 1_800_000_100)
                #expect(try store.unfinishedParty() == nil)
                #expect(try store.parties().map(\.finished) == ["hostQuit"])
                #expect(try store.parties().map(\.finishedAt) == [1_800_000_100])
                // Finishing twice keeps the first reason.
                try store.finish(party: begun.id, reason: "vipEnded", at: 1_800_000_200)
                #expect(try store.parties().map(\.finished) == ["hostQuit"])
            }
        }
    }

    @Test("a batch with an entry the store refuses is refused whole: none of it is kept", arguments: JournalBackend.available)
    func batchesAreAtomic(_ backend: JournalBackend) async throws {
        // Off the concurrency pool: the server's programs and the store's calls block.
        try await Blocking.run {
            try backend.withPlace { open in
                let store = try open()
                let begun = try store.begin(Samples.party())
                try store.append(Samples.entries(1...5), party: begun.id)
                var bad = Samples.entries(9...9)
                bad[0].kind = ""
                #expect(throws: JournalError.self) { try store.append(Samples.entries(6...8) + bad, party: begun.id) }
                #expect(try store.entries(party: begun.id).entries == Samples.entries(1...5))
                try store.append(Samples.entries(6...9), party: begun.id)
                #expect(try store.entries(party: begun.id).entries == Samples.entries(1...9))
                // Batches of several parties in one call, too.
                let other = try store.begin(Samples.party("Bob's party"))
                #expect(throws: JournalError.self) {
                    try store.append(batches: [JournalBatch(party: other.id, entries: Samples.entries(1...2)), JournalBatch(party: begun.id, entries: bad)])
                }
                #expect(try store.entries(party: other.id).entries.isEmpty)
                try store.append(batches: [JournalBatch(party: other.id, entries: Samples.entries(1...2)),
                                           JournalBatch(party: begun.id, entries: Samples.entries(10...10))])
                #expect(try store.entries(party: other.id).entries == Samples.entries(1...2))
                #expect(try store.entries(party: begun.id).entries == Samples.entries(1...10))
            }
        }
    }

    @Test("parties keep apart; truncation drops what follows; the newest unfinished one is found", arguments: JournalBackend.available)
    func partiesKeepApart(_ backend: JournalBackend) async throws {
        // Off the concurrency pool: the server's programs and the store's calls block.
        try await Blocking.run {
            try backend.withPlace { open in
                let store = try open()
                let first = try store.begin(Samples.party())
                try store.append(Samples.entries(1...10), party: first.id)
                try store.finish(party: first.id, reason: "hostQuit", at: 1)
                let second = try store.begin(Samples.party())
                try store.append(Samples.entries(1...20), party: second.id)
                try store.truncate(party: second.id, after: 12)
                #expect(try store.entries(party: second.id).entries == Samples.entries(1...12))
                // After a truncation the party goes on from there.
                try store.append(Samples.entries(13...14), party: second.id)
                #expect(try store.entries(party: second.id).entries == Samples.entries(1...14))
                #expect(try store.entries(party: first.id).entries == Samples.entries(1...10))
                #expect(try store.unfinishedParty()?.id == second.id)
                #expect(try store.parties().map(\.id) == [first.id, second.id])
            }
        }
    }

    @Test("what a store committed is there for the next host that opens it; a finished party is not resumed",
          arguments: JournalBackend.available)
    func reopened(_ backend: JournalBackend) async throws {
        // Off the concurrency pool: the server's programs and the store's calls block.
        try await Blocking.run {
            try backend.withPlace { open in
                let (finished, running): (Int64, Int64)
                do {
                    let store = try open()
                    finished = try store.begin(Samples.party()).id
                    try store.append(Samples.entries(1...7), party: finished)
                    try store.finish(party: finished, reason: "vipEnded", at: 2)
                    running = try store.begin(Samples.party()).id
                    try store.append(Samples.entries(1...50), party: running)
                }
                let again = try open()
                #expect(try again.unfinishedParty()?.id == running)
                #expect(try again.entries(party: running).entries == Samples.entries(1...50))
                try again.finish(party: running, reason: "hostQuit", at: 3)
                let third = try open()
                #expect(try third.unfinishedParty() == nil)
                #expect(try third.parties().map(\.finished) == ["vipEnded", "hostQuit"])
                #expect(try third.entries(party: finished).entries == Samples.entries(1...7))
            }
        }
    }

    @Test("two rooms appending at once, on one store and on two (two hosts or nodes), each read back whole and in order",
          arguments: JournalBackend.available)
    func concurrentRooms(_ backend: JournalBackend) async throws {
        // Off the concurrency pool: the server's programs and the store's calls block.
        try await Blocking.run {
            try backend.withPlace { open in
                let shared = try open()
                let stores = [shared, shared, try open(), try open()]
                let rooms = try stores.indices.map { try stores[$0].begin(Samples.party("Room \($0)")).id }
                let failures = Mutex<[String]>([])
                DispatchQueue.concurrentPerform(iterations: stores.count) { index in
                    do {
                        for sequence in Int64(1)...60 {
                            try stores[index].append(Samples.entries(sequence...sequence), party: rooms[index])
                        }
                    } catch {
                        failures.withLock { $0.append("room \(index): \(error)") }
                    }
                }
                #expect(failures.withLock { $0 } == [])
                // One turn of an event loop: the rooms of one node commit together.
                try shared.append(batches: rooms.enumerated().map { JournalBatch(party: $1, entries: Samples.entries(61...60 + Int64($0 + 1))) })
                for (index, room) in rooms.enumerated() {
                    #expect(try shared.entries(party: room).entries == Samples.entries(1...60 + Int64(index + 1)))
                }
            }
        }
    }
}
