import PartyServer
import VaporCSQLite

/// One SQLite database file, called synchronously (SQLite's C library as sqlite-nio builds it).
/// A journal's appends are short transactions on the session's event loop; a thread pool and a
/// future per append would cost more than the write.
///
/// `@unchecked Sendable`: SQLite is built thread-safe (serialized), and `SQLiteJournalStore`
/// makes its calls one at a time.
final class SQLiteDatabase: @unchecked Sendable {
    let path: String
    private let handle: OpaquePointer

    /// Opens (and creates) the database at `path`; `readOnly` opens an existing one for reading only.
    init(path: String, readOnly: Bool = false) throws(SQLiteFailure) {
        self.path = path
        var handle: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_FULLMUTEX
        let code = sqlite_nio_sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite_nio_sqlite3_errmsg($0)) } ?? "cannot open"
            if let handle { sqlite_nio_sqlite3_close_v2(handle) }
            throw SQLiteFailure(code: code, message: message)
        }
        self.handle = handle
        sqlite_nio_sqlite3_extended_result_codes(handle, 1)
        sqlite_nio_sqlite3_busy_timeout(handle, 2_000)
    }

    deinit {
        sqlite_nio_sqlite3_close_v2(handle)
    }

    /// Runs `sql` (one or more statements, no results).
    func execute(_ sql: String) throws(SQLiteFailure) {
        var error: UnsafeMutablePointer<CChar>?
        let code = sqlite_nio_sqlite3_exec(handle, sql, nil, nil, &error)
        guard code == SQLITE_OK else {
            let message = error.map { String(cString: $0) } ?? failureMessage
            sqlite_nio_sqlite3_free(error)
            throw SQLiteFailure(code: code, message: message)
        }
    }

    /// A prepared statement for `sql`.
    func prepare(_ sql: String) throws(SQLiteFailure) -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sqlite_nio_sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else { throw SQLiteFailure(code: code, message: failureMessage) }
        return SQLiteStatement(statement, database: self)
    }

    /// The integer the first column of `sql`'s first row holds (nil: no row).
    func integer(_ sql: String) throws(SQLiteFailure) -> Int64? {
        let statement = try prepare(sql)
        return try statement.step() ? statement.integer(0) : nil
    }

    /// The text the first column of `sql`'s first row holds (nil: no row).
    func text(_ sql: String) throws(SQLiteFailure) -> String? {
        let statement = try prepare(sql)
        return try statement.step() ? statement.text(0) : nil
    }

    var failureMessage: String { String(cString: sqlite_nio_sqlite3_errmsg(handle)) }
}

/// A prepared statement: bind, step, read columns, reset.
final class SQLiteStatement {
    private let statement: OpaquePointer
    private let database: SQLiteDatabase

    init(_ statement: OpaquePointer, database: SQLiteDatabase) {
        self.statement = statement
        self.database = database
    }

    deinit {
        sqlite_nio_sqlite3_finalize(statement)
    }

    /// Binds `values` to the parameters 1, 2, … (after a reset).
    func bind(_ values: [SQLiteValue]) throws(SQLiteFailure) {
        sqlite_nio_sqlite3_reset(statement)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let number):
                code = sqlite_nio_sqlite3_bind_int64(statement, index, number)
            case .real(let number):
                code = sqlite_nio_sqlite3_bind_double(statement, index, number)
            case .text(let text):
                code = sqlite_nio_sqlite3_bind_text64(statement, index, text, UInt64(text.utf8.count), transient, UInt8(SQLITE_UTF8))
            case .null:
                code = sqlite_nio_sqlite3_bind_null(statement, index)
            }
            guard code == SQLITE_OK else { throw SQLiteFailure(code: code, message: database.failureMessage) }
        }
    }

    /// Runs an insert of a journal entry's six columns (party, sequence, instant, kind, peer, body)
    /// with no array of values in between: the one statement every input runs.
    func insertEntry(party: Int64, _ entry: JournalEntry) throws(SQLiteFailure) {
        sqlite_nio_sqlite3_reset(statement)
        var code = sqlite_nio_sqlite3_bind_int64(statement, 1, party)
        if code == SQLITE_OK { code = sqlite_nio_sqlite3_bind_int64(statement, 2, entry.sequence) }
        if code == SQLITE_OK { code = sqlite_nio_sqlite3_bind_int64(statement, 3, entry.instant) }
        if code == SQLITE_OK {
            code = sqlite_nio_sqlite3_bind_text64(statement, 4, entry.kind, UInt64(entry.kind.utf8.count), transient, UInt8(SQLITE_UTF8))
        }
        if code == SQLITE_OK { code = sqlite_nio_sqlite3_bind_int64(statement, 5, Int64(entry.peer)) }
        if code == SQLITE_OK {
            code = sqlite_nio_sqlite3_bind_text64(statement, 6, entry.body, UInt64(entry.body.utf8.count), transient, UInt8(SQLITE_UTF8))
        }
        guard code == SQLITE_OK else { throw SQLiteFailure(code: code, message: database.failureMessage) }
        while try step() {}
        sqlite_nio_sqlite3_reset(statement)
    }

    /// Steps once: true when a row is ready, false when the statement is done.
    @discardableResult
    func step() throws(SQLiteFailure) -> Bool {
        let code = sqlite_nio_sqlite3_step(statement)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            sqlite_nio_sqlite3_reset(statement)
            throw SQLiteFailure(code: code, message: database.failureMessage)
        }
    }

    /// Runs the statement with `values` to its end.
    func run(_ values: [SQLiteValue]) throws(SQLiteFailure) {
        try bind(values)
        while try step() {}
        sqlite_nio_sqlite3_reset(statement)
    }

    func integer(_ column: Int32) -> Int64 { sqlite_nio_sqlite3_column_int64(statement, column) }
    func real(_ column: Int32) -> Double { sqlite_nio_sqlite3_column_double(statement, column) }
    func isNull(_ column: Int32) -> Bool { sqlite_nio_sqlite3_column_type(statement, column) == SQLITE_NULL }

    func text(_ column: Int32) -> String {
        guard let bytes = sqlite_nio_sqlite3_column_text(statement, column) else { return "" }
        let count = Int(sqlite_nio_sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    private var transient: sqlite3_destructor_type { unsafeBitCast(-1, to: sqlite3_destructor_type.self) }
}

/// A value bound to a statement's parameter.
enum SQLiteValue {
    case integer(Int64)
    case real(Double)
    case text(String)
    case null
}

/// An error SQLite reported: its result code and message.
struct SQLiteFailure: Error, CustomStringConvertible {
    var code: Int32
    var message: String
    var description: String { "\(message) (SQLite code \(code))" }
    /// The file is not a database, or is damaged.
    var isDamage: Bool { [SQLITE_CORRUPT, SQLITE_NOTADB].contains(code & 0xff) }
}
