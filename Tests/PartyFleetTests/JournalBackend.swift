import Foundation
import PartyFleet
import PartyJournal
import PartyServer

/// A kind of journal store the conformance suite runs on: the embedded SQLite file, or PostgreSQL
/// (a private server for each test).
enum JournalBackend: String, Sendable, CustomStringConvertible {
    case sqlite
    case postgres

    /// The backends this machine can run: PostgreSQL only where Debian's package is installed
    /// (`PostgresJournalStoreTests` says what to install where it is not).
    static var available: [JournalBackend] { PrivatePostgres.isInstalled ? [.sqlite, .postgres] : [.sqlite] }

    var description: String { self == .sqlite ? "SQLite" : "PostgreSQL" }

    /// Makes a new, empty place for a journal (a file in a new folder; a new database on a new
    /// server) and runs `body` with a way to open a store on it, as many times as it likes (each
    /// call is another host or node). The place is removed (the server stopped) afterwards, also
    /// when `body` throws.
    func withPlace<T>(_ body: (_ open: () throws -> any JournalStore) throws -> T) throws -> T {
        switch self {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            return try body { try SQLiteJournalStore(path: folder + "/a.journal") }
        case .postgres:
            return try PrivatePostgres.with { server in
                let database = try server.createDatabase()
                return try body { try PostgresJournalStore(configuration: server.configuration(database: database)) }
            }
        }
    }
}
