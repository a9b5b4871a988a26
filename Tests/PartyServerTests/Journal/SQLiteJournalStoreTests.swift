import Foundation
@testable import PartyJournal
import PartyJournalTestSupport
import PartyServer
import Testing

/// The embedded journal: what it does with files it cannot use (another version's, a damaged one,
/// one another host holds). The contract every store keeps (SQLite's and PostgreSQL's alike) is
/// `JournalConformanceTests` in PartyFleetTests.
@Suite("The SQLite journal")
struct SQLiteJournalStoreTests {
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("a journal of a newer format is refused with a sentence naming it")
    func newerFormat() throws {
        let path = try Self.folder() + "/a.journal"
        do {
            let database = try SQLiteDatabase(path: path)
            try database.execute("PRAGMA user_version = 99")
        }
        #expect(throws: JournalError.newerFormat(path: path, found: 99, known: 1)) { try SQLiteJournalStore(path: path) }
        #expect(JournalError.newerFormat(path: path, found: 99, known: 1).description.contains("newer partyhost"))
    }

    @Test("a file that is not a journal is refused as unreadable, and nothing crashes")
    func notAJournal() throws {
        let path = try Self.folder() + "/a.journal"
        try Data(repeating: 0x41, count: 10_000).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try SQLiteJournalStore(path: path)
        } throws: { error in
            guard case .unreadable(let named, _) = error as? JournalError else { return false }
            return named == path
        }
    }

    @Test("a journal cut short reads back a prefix of what was written, or is refused; never a crash")
    func truncatedFile() throws {
        let path = try Self.folder() + "/a.journal"
        let written = JournalSamples.entries(1...3_000)
        let id: Int64
        do {
            let store = try SQLiteJournalStore(path: path)
            id = try store.begin(JournalSamples.party()).id
            for chunk in stride(from: 0, to: written.count, by: 100) {
                try store.append(Array(written[chunk..<min(chunk + 100, written.count)]), party: id)
            }
        }
        // The last connection closed: the log is checkpointed into the file, which is now cut.
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(size * 2 / 3))
        try handle.close()
        do {
            let store = try SQLiteJournalStore(path: path)
            let reading = try store.entries(party: id)
            #expect(Array(written.prefix(reading.entries.count)) == reading.entries)
            #expect(reading.entries.count < written.count)
        } catch let error as JournalError {
            guard case .unreadable = error else { throw error }
        }
    }

    @Test("a second host on the same party's journal is told who holds it")
    func lock() throws {
        let path = try Self.folder() + "/a.journal"
        let held = try JournalLock(journal: path)
        #expect(throws: JournalError.locked(path: path, holder: "process \(getpid())")) { try JournalLock(journal: path) }
        _ = held
    }

    @Test("the state directory: --state, systemd's, XDG's, the home folder's; one file per party name")
    func stateDirectory() {
        #expect(StateDirectory(explicit: "/srv/p", environment: ["XDG_STATE_HOME": "/x"]).path == "/srv/p")
        #expect(StateDirectory(explicit: nil, environment: ["STATE_DIRECTORY": "/var/lib/partyhost", "XDG_STATE_HOME": "/x"]).path
            == "/var/lib/partyhost")
        #expect(StateDirectory(explicit: nil, environment: ["XDG_STATE_HOME": "/x", "HOME": "/h"]).path == "/x/partyhost")
        #expect(StateDirectory(explicit: nil, environment: ["HOME": "/h"]).path == "/h/.local/state/partyhost")
        let directory = StateDirectory(explicit: "/s")
        #expect(directory.journalPath(for: "Ann's party") == "/s/ann-s-party.journal")
        #expect(directory.journalPath(for: "Ann's Four in a Row") == "/s/ann-s-four-in-a-row.journal")
        #expect(directory.journalPath(for: "Zoë's party") != directory.journalPath(for: "Zoé's party"))
        #expect(directory.journalPath(for: "!!!") == "/s/party.journal")
    }
}
