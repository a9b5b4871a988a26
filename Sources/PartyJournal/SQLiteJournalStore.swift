import Foundation
import PartyServer
import Synchronization

/// The embedded journal: one SQLite file per party name in the state directory, holding every
/// party hosted under that name (its header and results) and the inputs of each.
///
/// The entries are a plain table in the order they were written (no index): each commit adds to
/// its last page only, however many parties write into one file at once (a server's rooms), and
/// a party's journal is read back once, at a restart.
///
/// Write-ahead log, `synchronous = NORMAL`: a commit is in the file's log before `append`
/// returns, so a host killed at any moment loses nothing it committed; a power cut may lose the
/// last commits not yet checkpointed (SQLite's documented trade for WAL with NORMAL). The
/// checkpoints (which copy the log into the file and wait for the disk) run on the process's
/// checkpoint thread (`Checkpointer`), never on the session's event loop.
public final class SQLiteJournalStore: JournalStore, @unchecked Sendable {
    /// The journal format this build writes (`PRAGMA user_version`).
    public static let format: Int64 = 1

    /// The file.
    public let path: String
    private let database: SQLiteDatabase
    private let lock = Mutex(())
    private let insert: SQLiteStatement
    private let beginTransaction: SQLiteStatement
    private let commitTransaction: SQLiteStatement
    /// Its number at the process's `Checkpointer` (nil for a journal opened only to read).
    private let checkpoints: Int?

    /// Opens (or creates) the journal at `path`. Throws `JournalError.unreadable` for a file that
    /// is not a journal or is damaged, `.newerFormat` for one a newer partyhost wrote. `readOnly`
    /// opens an existing journal to read it (`partyhost history`), even while a host writes it, and
    /// changes nothing: a file that is not yet a journal is `.unreadable`.
    public init(path: String, readOnly: Bool = false) throws(JournalError) {
        self.path = path
        do {
            database = try SQLiteDatabase(path: path, readOnly: readOnly)
            let found = try database.integer("PRAGMA user_version") ?? 0
            if found > Self.format { throw JournalError.newerFormat(path: path, found: Int(found), known: Int(Self.format)) }
            if readOnly, found == 0 { throw JournalError.unreadable(path: path, detail: "no journal in it") }
            if !readOnly {
                _ = try database.text("PRAGMA journal_mode = WAL")
                try database.execute("PRAGMA synchronous = NORMAL")
            }
            if found == 0 {
                try database.execute("""
                    BEGIN;
                    CREATE TABLE IF NOT EXISTS parties(
                        id INTEGER PRIMARY KEY, name TEXT NOT NULL, started REAL NOT NULL, version TEXT NOT NULL,
                        arguments TEXT NOT NULL, seed INTEGER NOT NULL, session_id TEXT NOT NULL, host_key TEXT NOT NULL,
                        join_code TEXT, port INTEGER NOT NULL, finished TEXT, finished_at REAL, results TEXT);
                    CREATE TABLE IF NOT EXISTS entries(
                        party INTEGER NOT NULL, sequence INTEGER NOT NULL, instant INTEGER NOT NULL,
                        kind TEXT NOT NULL CHECK (kind <> ''), peer INTEGER NOT NULL, body TEXT NOT NULL);
                    PRAGMA user_version = \(Self.format);
                    COMMIT;
                    """)
            }
            // Reads the schema: a file that is not a database fails here.
            _ = try database.integer("SELECT count(*) FROM parties")
            _ = try database.integer("PRAGMA wal_autocheckpoint = 0")
            insert = try database.prepare("INSERT INTO entries(party, sequence, instant, kind, peer, body) VALUES (?, ?, ?, ?, ?, ?)")
            beginTransaction = try database.prepare("BEGIN")
            commitTransaction = try database.prepare("COMMIT")
            checkpoints = readOnly ? nil : try Checkpointer.shared.add(path: path)
        } catch let failure as SQLiteFailure {
            throw JournalError.unreadable(path: path, detail: failure.message)
        } catch let error as JournalError {
            throw error
        } catch {
            throw JournalError.unreadable(path: path, detail: "\(error)")
        }
    }

    deinit {
        if let checkpoints { Checkpointer.shared.remove(checkpoints) }
    }

    private func locked<T>(_ body: () throws(SQLiteFailure) -> T) throws(JournalError) -> T {
        do {
            return try lock.withLock { _ throws(SQLiteFailure) in try body() }
        } catch {
            throw error.isDamage ? JournalError.unreadable(path: path, detail: error.message) : JournalError.writeFailed(detail: error.message)
        }
    }

    public func append(_ entries: [JournalEntry], party: Int64) throws {
        try append(batches: [JournalBatch(party: party, entries: entries)])
    }

    /// Appends every batch in one transaction (the inputs of every room of the process that
    /// arrived in one turn of an event loop): one write to the log for all of them.
    public func append(batches: [JournalBatch]) throws {
        try locked { () throws(SQLiteFailure) in
            // One input alone is its own transaction.
            if batches.count == 1, batches[0].entries.count == 1 {
                return try insert(batches[0].entries[0], party: batches[0].party)
            }
            try beginTransaction.run([])
            do throws(SQLiteFailure) {
                for batch in batches {
                    for entry in batch.entries { try insert(entry, party: batch.party) }
                }
                try commitTransaction.run([])
            } catch {
                try? database.execute("ROLLBACK")
                throw error
            }
        }
    }

    private func insert(_ entry: JournalEntry, party: Int64) throws(SQLiteFailure) {
        try insert.insertEntry(party: party, entry)
    }

    public func entries(party: Int64) throws -> JournalReading {
        try locked { () throws(SQLiteFailure) in
            let select = try database.prepare("SELECT sequence, instant, kind, peer, body FROM entries WHERE party = ? ORDER BY rowid")
            try select.bind([.integer(party)])
            var entries: [JournalEntry] = []
            do throws(SQLiteFailure) {
                while try select.step() {
                    entries.append(JournalEntry(sequence: select.integer(0), instant: select.integer(1), kind: select.text(2),
                                                peer: Int(select.integer(3)), body: select.text(4)))
                }
            } catch {
                return JournalReading(entries: entries, damage: error.message)
            }
            return JournalReading(entries: entries, damage: nil)
        }
    }

    public func begin(_ party: JournalParty) throws -> JournalParty {
        let arguments = String(decoding: (try? JSONEncoder().encode(party.arguments)) ?? Data("[]".utf8), as: UTF8.self)
        return try locked { () throws(SQLiteFailure) in
            let statement = try database.prepare("""
                INSERT INTO parties(name, started, version, arguments, seed, session_id, host_key, join_code, port)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
                """)
            try statement.bind([.text(party.name), .real(party.started), .text(party.version), .text(arguments),
                                .integer(Int64(bitPattern: party.seed)), .text(party.sessionID), .text(party.hostKey),
                                party.joinCode.map { .text($0) } ?? .null, .integer(Int64(party.port))])
            guard try statement.step() else { throw SQLiteFailure(code: 1, message: "no id for the new party") }
            var begun = party
            begun.id = statement.integer(0)
            while try statement.step() {}
            return begun
        }
    }

    public func unfinishedParty() throws -> JournalParty? {
        try readParties("WHERE finished IS NULL ORDER BY id DESC LIMIT 1").first
    }

    public func parties() throws -> [JournalParty] {
        try readParties("ORDER BY id")
    }

    private func readParties(_ clause: String) throws(JournalError) -> [JournalParty] {
        try locked { () throws(SQLiteFailure) in
            let select = try database.prepare("""
                SELECT id, name, started, version, arguments, seed, session_id, host_key, join_code, port, finished, finished_at, results
                FROM parties \(clause)
                """)
            var parties: [JournalParty] = []
            while try select.step() {
                let arguments = (try? JSONDecoder().decode([String].self, from: Data(select.text(4).utf8))) ?? []
                var party = JournalParty(name: select.text(1), started: select.real(2), version: select.text(3), arguments: arguments,
                                         seed: UInt64(bitPattern: select.integer(5)), sessionID: select.text(6), hostKey: select.text(7),
                                         joinCode: select.isNull(8) ? nil : select.text(8), port: Int(select.integer(9)))
                party.id = select.integer(0)
                party.finished = select.isNull(10) ? nil : select.text(10)
                party.finishedAt = select.isNull(11) ? nil : select.real(11)
                party.results = select.isNull(12) ? nil : select.text(12)
                parties.append(party)
            }
            return parties
        }
    }

    public func truncate(party: Int64, after sequence: Int64) throws {
        try locked { () throws(SQLiteFailure) in
            try database.prepare("DELETE FROM entries WHERE party = ? AND sequence > ?").run([.integer(party), .integer(sequence)])
        }
    }

    public func savePort(_ port: Int, party: Int64) throws {
        try locked { () throws(SQLiteFailure) in
            try database.prepare("UPDATE parties SET port = ? WHERE id = ?").run([.integer(Int64(port)), .integer(party)])
        }
    }

    public func saveResults(_ json: String, party: Int64) throws {
        try locked { () throws(SQLiteFailure) in
            try database.prepare("UPDATE parties SET results = ? WHERE id = ?").run([.text(json), .integer(party)])
        }
    }

    public func finish(party: Int64, reason: String, at: Double) throws {
        try locked { () throws(SQLiteFailure) in
            try database.prepare("UPDATE parties SET finished = ?, finished_at = ? WHERE id = ? AND finished IS NULL")
                .run([.text(reason), .real(at), .integer(party)])
        }
    }
}
