/// Why a PostgreSQL database cannot be opened as a fleet's journal.
public enum PostgresJournalError: Error, Equatable, Sendable {
    /// The server could not be reached or refused the connection (address, authentication).
    case cannotConnect(database: String, detail: String)
    /// The journal's schema is newer than this partyhost knows (a newer node migrated it).
    case newerSchema(database: String, found: Int, known: Int)
    /// The database holds tables of the journal's names but no schema version partyhost wrote.
    case unknownSchema(database: String, detail: String)
    /// The role may not create or write the journal's tables.
    case noWritePermission(database: String, detail: String)
    /// Anything else the server answered while the journal was opened.
    case failed(database: String, detail: String)
}

extension PostgresJournalError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .cannotConnect(let database, let detail):
            "Cannot connect to the PostgreSQL journal \(database): \(detail)."
        case .newerSchema(let database, let found, let known):
            "The PostgreSQL journal \(database) was migrated by a newer partyhost (schema \(found); this one knows up to \(known)): upgrade this node."
        case .unknownSchema(let database, let detail):
            "\(database) is not a journal partyhost knows (\(detail)): give it an empty database or one partyhost made."
        case .noWritePermission(database: let database, let detail):
            "The PostgreSQL role may not write the journal in \(database) (\(detail)): grant it CREATE on the schema and INSERT, UPDATE, DELETE on the journal's tables, or make it their owner."
        case .failed(let database, let detail):
            "The PostgreSQL journal \(database) could not be opened: \(detail)."
        }
    }
}
