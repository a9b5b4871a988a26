import Foundation
import FourInARow
import PartyJournal
import PartyJournalTestSupport
import PartyKit
@testable import PartyServer
import PartyWire
import Testing

/// A party journaled as a host journals it (ticks and heartbeats that changed nothing left out),
/// written to a SQLite journal, read back and replayed: the same table.
@Suite("Replaying a journal")
struct JournalReplayTests {
    @Test("a party of all five games, journaled and replayed from the file, is the same table")
    func replayFromFile() throws {
        let party = try TableReplayTests.party()
        let played = party.driver.table
        var table = Table.testTable(room: party.settings, options: party.options, seed: party.seed)
        var entries: [JournalEntry] = []
        var skipped = 0
        for (input, at) in party.driver.recorded {
            let unheard = table.unheard
            let effects = table.handle(input, at: at)
            if !table.mustJournal(input, effects: effects, unheardBefore: unheard) {
                skipped += 1
                continue
            }
            entries.append(input.journalEntry(sequence: Int64(entries.count + 1), instant: at))
        }
        #expect(skipped > 0)
        let folder = try SQLiteJournalStoreTests.folder()
        let store = try SQLiteJournalStore(path: folder + "/party.journal")
        let id = try store.begin(JournalSamples.party()).id
        for chunk in stride(from: 0, to: entries.count, by: 64) {
            try store.append(Array(entries[chunk..<min(chunk + 64, entries.count)]), party: id)
        }
        let reading = try SQLiteJournalStore(path: folder + "/party.journal").entries(party: id)
        #expect(reading.damage == nil)
        #expect(reading.entries == entries)

        var resumed = Table.testTable(room: party.settings, options: party.options, seed: party.seed)
        let replay = resumed.replay(reading.entries)
        #expect(replay.damage == nil && replay.replayed == entries.count)
        // The clock: a resumed party goes on from its last journaled input (the ticks after it
        // changed nothing), so only `now` may differ.
        resumed.now = played.now
        #expect(TableReplayTests.state(of: resumed) == TableReplayTests.state(of: played))
        #expect(resumed.report() == played.report())
    }

    @Test("replaying stops at a damaged entry and says which")
    func damagedEntry() throws {
        let party = try TableReplayTests.party()
        var entries = party.driver.recorded.prefix(200).enumerated().map { index, recorded in
            recorded.input.journalEntry(sequence: Int64(index + 1), instant: recorded.at)
        }
        entries[150].kind = "nonsense"
        var table = Table.testTable(room: party.settings, options: party.options, seed: party.seed)
        let replay = table.replay(entries)
        #expect(replay.replayed == 150)
        #expect(replay.damage?.contains("entry 151") == true)
    }

    @Test("a journal names its players from their hellos, not its spectators")
    func playerNames() throws {
        let party = try PartySimulation(players: 3, seed: 7)
        let names = party.driver.journal.compactMap(\.playerName)
        #expect(names == ["Ann", "Bob", "Cy"])
    }
}

/// What a host leaves out of its journal changes nothing, even when nobody is left to tell.
@Suite("Journaling a table nobody hears")
struct JournalUnheardTests {
    @Test("a held seat's countdown broadcast to nobody is journaled: the replay is the same table")
    func countdownToNobody() {
        var driver = fourInARowTable()
        driver.join("Ann", peer: 1)
        driver.feed(.departed(peer: 1, reason: .connectionClosed), at: at(100))
        // Ann's seat is held; her countdown goes out each second, though nobody is left to get it.
        for instant in stride(from: Int64(250), through: 3_000, by: 250) { driver.feed(.tick, at: at(instant)) }
        #expect(driver.table.lastGraceBroadcast == at(3_000))
        #expect(driver.journal.filter { $0.kind == "tick" }.count == 3)

        var replayed = Table.testTable(game: HostedGame(FourInARow.self, configuration: .init()))
        let replay = replayed.replay(driver.journal)
        #expect(replay.damage == nil)
        replayed.now = driver.table.now
        #expect(TableReplayTests.state(of: replayed) == TableReplayTests.state(of: driver.table))
    }
}
