import Foundation
import Logging
import NIOCore
import NIOPosix
import PartyServer
import PostgresNIO
import Synchronization

/// A fleet's journal: the same records as the embedded SQLite journal, in a PostgreSQL database
/// that every `partyhost serve` node of the fleet shares.
///
/// `JournalStore`'s calls are synchronous and made on a session's event loop, so the store keeps
/// one connection on an event loop thread of its own and waits for each answer there (never on
/// the caller's loop). Each append is one `INSERT … SELECT FROM unnest(…)` statement: one round
/// trip, one transaction for every batch of the call, all of them or none. With PostgreSQL's
/// default `synchronous_commit = on` the server answers only once the commit is in its
/// write-ahead log on disk, so what `append` returned from survives a crash of the server (a
/// stronger promise than the SQLite store's `synchronous = NORMAL`).
///
/// At open the schema is created or migrated (`schema_version` holds the version it is at), under
/// an advisory lock so that nodes opening one database together migrate it once.
public final class PostgresJournalStore: JournalStore, @unchecked Sendable {
    // @unchecked Sendable: `connection` is read and replaced only inside `lock`, and every other
    // stored property is a `let` of a Sendable type.

    /// The schema version this build writes: the number of migrations.
    public static var schemaVersion: Int { migrations.count }

    /// The statements that take the schema from version N to N + 1 (index N).
    static let migrations: [[String]] = [
        [
            """
            CREATE TABLE parties(
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name text NOT NULL, started double precision NOT NULL,
                version text NOT NULL, arguments text NOT NULL, seed bigint NOT NULL, session_id text NOT NULL,
                host_key text NOT NULL, join_code text, port bigint NOT NULL, finished text, finished_at double precision,
                results text)
            """,
            """
            CREATE TABLE entries(
                party bigint NOT NULL REFERENCES parties(id), sequence bigint NOT NULL, instant bigint NOT NULL,
                kind text NOT NULL CHECK (kind <> ''), peer bigint NOT NULL, body text NOT NULL,
                PRIMARY KEY (party, sequence))
            """,
        ],
        // A fleet: its nodes with their leases, the rooms each holds (with the epoch of its claim),
        // and the epoch each entry was written in.
        [
            """
            CREATE TABLE nodes(
                name text PRIMARY KEY, incarnation text NOT NULL UNIQUE, public_url text NOT NULL, address text NOT NULL,
                version text NOT NULL, alive_since timestamptz NOT NULL, lease_until timestamptz NOT NULL)
            """,
            """
            CREATE TABLE rooms(
                code text PRIMARY KEY, party bigint NOT NULL UNIQUE REFERENCES parties(id), incarnation text NOT NULL,
                epoch bigint NOT NULL, claimed timestamptz NOT NULL)
            """,
            "ALTER TABLE entries ADD COLUMN epoch bigint NOT NULL DEFAULT 0",
            // Every claim of a room, kept: one node per epoch of each party, by its primary key.
            """
            CREATE TABLE claims(
                party bigint NOT NULL REFERENCES parties(id), epoch bigint NOT NULL, node text NOT NULL, incarnation text NOT NULL,
                at timestamptz NOT NULL, PRIMARY KEY (party, epoch))
            """,
        ],
    ]

    /// The database as errors name it (`journal on /tmp/pg/.s.PGSQL.5432`).
    public let database: String
    private let configuration: PostgresConnection.Configuration
    private let group: MultiThreadedEventLoopGroup
    private let logger: Logger
    private let lock: Mutex<PostgresConnection?>
    /// Whether `close` was called (the store's thread is gone: every call throws).
    private let closed = Atomic<Bool>(false)
    /// The fleet node this store writes for (nil: a server of its own, no leases).
    public let membership: FleetMembership?
    /// How long a statement may take before its connection is closed (and the call fails).
    static let statementTimeout: TimeAmount = .seconds(3)
    /// How long a call waits for a statement's answer at most: its connection was closed at
    /// `statementTimeout`, which ends the statement, unless that is lost too.
    static let answerLimit: TimeAmount = .seconds(5)
    /// How long connecting may take at most.
    static let connectLimit: TimeAmount = .seconds(5)

    /// Connects to the database `configuration` names, creating or migrating the journal's schema.
    /// Throws `.newerSchema` for a database a newer partyhost migrated, `.unknownSchema` for one
    /// whose tables partyhost did not make, `.noWritePermission` for a role that may only read.
    /// With `membership` the store writes for a fleet node: a room's journal only while the node
    /// holds the room's current epoch (fencing), a new party together with its room's code.
    public init(configuration: PostgresConnection.Configuration, membership: FleetMembership? = nil,
                logger: Logger? = nil) throws(PostgresJournalError) {
        self.configuration = configuration
        self.membership = membership
        let place = configuration.unixSocketPath ?? "\(configuration.host ?? "?"):\(configuration.port ?? 5432)"
        let database = "\(configuration.database ?? configuration.username) on \(place)"
        self.database = database
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        self.group = group
        var quiet = logger ?? Logger(label: "partyhost.journal.postgres")
        if logger == nil { quiet.logLevel = .critical }
        self.logger = quiet
        let connection: PostgresConnection
        do {
            connection = try Self.connect(configuration, group: group, logger: quiet)
        } catch {
            group.shutdownGracefully { _ in }
            throw .cannotConnect(database: database, detail: error.detail)
        }
        lock = Mutex(connection)
        do {
            try migrate(connection)
        } catch {
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Closes the connection and stops the store's thread (without waiting: safe on any thread).
    public func close() {
        closed.store(true, ordering: .sequentiallyConsistent)
        lock.withLock { connection in
            if let open = connection { Self.close(open) }
            connection = nil
        }
        group.shutdownGracefully { _ in }
    }

    /// Closes `connection` without waiting.
    static func close(_ connection: PostgresConnection) {
        // PostgresConnection must outlive its close (its deinit checks it was closed).
        let closing: EventLoopFuture<Void> = connection.close()
        closing.whenComplete { _ in withExtendedLifetime(connection) {} }
    }

    private static func connect(_ configuration: PostgresConnection.Configuration, group: MultiThreadedEventLoopGroup,
                                logger: Logger) throws(PostgresFailure) -> PostgresConnection {
        do {
            return try PostgresConnection.connect(on: group.next(), configuration: configuration, id: 1, logger: logger)
                .blockingWait(atMost: connectLimit, what: "connect") { Self.close($0) }
        } catch {
            throw PostgresFailure(error)
        }
    }

    /// Creates the schema or brings it to `schemaVersion`, in one transaction under an advisory lock.
    private func migrate(_ connection: PostgresConnection) throws(PostgresJournalError) {
        do {
            _ = try run("BEGIN", on: connection)
            // Nodes opening one database at once wait for each other here (the key is "partyhost" in ASCII).
            _ = try run("SELECT pg_advisory_xact_lock(\(Int64(0x7061_7274_7968_6F73)))", on: connection)
            let tables = try run("""
                SELECT to_regclass('schema_version') IS NOT NULL, to_regclass('parties') IS NOT NULL, to_regclass('entries') IS NOT NULL
                """, on: connection).first.map { try $0.decode((Bool, Bool, Bool).self) } ?? (false, false, false)
            var found = 0
            if tables.0 {
                let versions = try run("SELECT version FROM schema_version", on: connection).map { try $0.decode(Int.self) }
                guard versions.count == 1, let version = versions.first, version >= 1 else {
                    throw PostgresJournalError.unknownSchema(database: database, detail: "schema_version holds \(versions)")
                }
                found = version
            } else if tables.1 || tables.2 {
                throw PostgresJournalError.unknownSchema(database: database, detail: "tables parties or entries without schema_version")
            }
            if found > Self.schemaVersion {
                throw PostgresJournalError.newerSchema(database: database, found: found, known: Self.schemaVersion)
            }
            if found < Self.schemaVersion {
                if found == 0 { _ = try run("CREATE TABLE schema_version(version integer NOT NULL)", on: connection) }
                for migration in Self.migrations[found...] {
                    for statement in migration { _ = try run(PostgresQuery(unsafeSQL: statement), on: connection) }
                }
                _ = try run("DELETE FROM schema_version", on: connection)
                _ = try run("INSERT INTO schema_version(version) VALUES (\(Self.schemaVersion))", on: connection)
            }
            // A role that may read an existing journal but not write it is refused now, not at its first move.
            let writable = try run("""
                SELECT has_table_privilege('entries', 'INSERT, DELETE') AND has_table_privilege('parties', 'INSERT, UPDATE')
                """, on: connection).first.map { try $0.decode(Bool.self) } ?? false
            guard writable else {
                throw PostgresJournalError.noWritePermission(database: database, detail: "no INSERT, UPDATE or DELETE on parties and entries")
            }
            _ = try run("COMMIT", on: connection)
        } catch let error as PostgresJournalError {
            _ = try? run("ROLLBACK", on: connection)
            throw error
        } catch let failure as PostgresFailure {
            _ = try? run("ROLLBACK", on: connection)
            throw failure.isPermission ? .noWritePermission(database: database, detail: failure.detail) : .failed(database: database, detail: failure.detail)
        } catch {
            _ = try? run("ROLLBACK", on: connection)
            throw .failed(database: database, detail: "\(error)")
        }
    }

    /// Runs `query` on `connection` and waits for all its rows (on the store's thread, not the caller's).
    func run(_ query: PostgresQuery, on connection: PostgresConnection) throws(PostgresFailure) -> PostgresQueryResult {
        // A server that stops answering (a lost network) must not hold the caller's event loop:
        // past the timeout the connection is closed, which fails the query; the next call connects again.
        let watchdog = group.next().scheduleTask(in: Self.statementTimeout) { Self.close(connection) }
        defer { watchdog.cancel() }
        do {
            return try connection.query(query, logger: logger).blockingWait(atMost: Self.answerLimit, what: "a statement")
        } catch {
            throw PostgresFailure(error)
        }
    }

    /// Runs `body` with the connection, one call at a time; a connection the server closed (a
    /// restart) is opened again first, so a writer that tries again gets through.
    func locked<T: Sendable>(_ body: (PostgresConnection) throws -> T) throws(JournalError) -> T {
        do {
            return try lock.withLock { connection in
                guard !closed.load(ordering: .sequentiallyConsistent) else {
                    throw JournalError.writeFailed(detail: "\(database): the store was closed")
                }
                if connection == nil || connection?.isClosed == true {
                    connection = try Self.connect(configuration, group: group, logger: logger)
                }
                do {
                    return try body(connection!)
                } catch let failure as PostgresFailure where failure.isNoAnswer {
                    // A connection whose statement got no answer, even once closed, is not used again.
                    if let open = connection { Self.close(open) }
                    connection = nil
                    throw failure
                }
            }
        } catch let failure as PostgresFailure {
            throw JournalError.writeFailed(detail: "\(database): \(failure.detail)")
        } catch let error as JournalError {
            throw error
        } catch {
            throw JournalError.writeFailed(detail: "\(database): \(PostgresFailure(error).detail)")
        }
    }

    func query(_ query: PostgresQuery) throws(JournalError) -> PostgresQueryResult {
        try locked { connection in try run(query, on: connection) }
    }

    public func append(_ entries: [JournalEntry], party: Int64) throws {
        try append(batches: [JournalBatch(party: party, entries: entries)])
    }

    /// Appends every batch in one statement, so in one transaction: all of them or none.
    public func append(batches: [JournalBatch]) throws {
        let count = batches.reduce(0) { $0 + $1.entries.count }
        guard count > 0 else { return }
        if let membership { return try fencedAppend(batches: batches, count: count, membership: membership) }
        let (parties, sequences, instants, kinds, peers, bodies, _) = Self.columns(of: batches, count: count)
        _ = try query("""
            INSERT INTO entries(party, sequence, instant, kind, peer, body)
            SELECT * FROM unnest(\(parties)::bigint[], \(sequences)::bigint[], \(instants)::bigint[], \(kinds)::text[],
                                 \(peers)::bigint[], \(bodies)::text[])
            """)
    }

    /// The batches' entries as one array per column (what `unnest` takes), each entry's epoch from
    /// `epochs` by party (0 for a party not in it).
    static func columns(of batches: [JournalBatch], count: Int, epochs byParty: [Int64: Int64] = [:])
        -> ([Int64], [Int64], [Int64], [String], [Int64], [String], [Int64]) {
        var parties: [Int64] = [], sequences: [Int64] = [], instants: [Int64] = [], kinds: [String] = []
        var peers: [Int64] = [], bodies: [String] = [], epochs: [Int64] = []
        parties.reserveCapacity(count); sequences.reserveCapacity(count); instants.reserveCapacity(count)
        kinds.reserveCapacity(count); peers.reserveCapacity(count); bodies.reserveCapacity(count); epochs.reserveCapacity(count)
        for batch in batches {
            let epoch = byParty[batch.party] ?? 0
            for entry in batch.entries {
                parties.append(batch.party)
                sequences.append(entry.sequence)
                instants.append(entry.instant)
                kinds.append(entry.kind)
                peers.append(Int64(entry.peer))
                bodies.append(entry.body)
                epochs.append(epoch)
            }
        }
        return (parties, sequences, instants, kinds, peers, bodies, epochs)
    }

    public func entries(party: Int64) throws -> JournalReading {
        let rows = try query("SELECT sequence, instant, kind, peer, body FROM entries WHERE party = \(party) ORDER BY sequence")
        var entries: [JournalEntry] = []
        for row in rows {
            do {
                let (sequence, instant, kind, peer, body) = try row.decode((Int64, Int64, String, Int64, String).self)
                entries.append(JournalEntry(sequence: sequence, instant: instant, kind: kind, peer: Int(peer), body: body))
            } catch {
                return JournalReading(entries: entries, damage: "\(error)")
            }
        }
        return JournalReading(entries: entries, damage: nil)
    }

    public func begin(_ party: JournalParty) throws -> JournalParty {
        if let membership { return try beginRoom(party, membership: membership) }
        let arguments = String(decoding: (try? JSONEncoder().encode(party.arguments)) ?? Data("[]".utf8), as: UTF8.self)
        let rows = try query("""
            INSERT INTO parties(name, started, version, arguments, seed, session_id, host_key, join_code, port)
            VALUES (\(party.name), \(party.started), \(party.version), \(arguments), \(Int64(bitPattern: party.seed)),
                    \(party.sessionID), \(party.hostKey), \(party.joinCode), \(Int64(party.port)))
            RETURNING id
            """)
        guard let id = try rows.first?.decode(Int64.self) else { throw JournalError.writeFailed(detail: "\(database): no id for the new party") }
        var begun = party
        begun.id = id
        return begun
    }

    public func unfinishedParty() throws -> JournalParty? {
        try readParties("WHERE finished IS NULL ORDER BY id DESC LIMIT 1").first
    }

    public func parties() throws -> [JournalParty] {
        try readParties("ORDER BY id")
    }

    func readParties(_ clause: String) throws(JournalError) -> [JournalParty] {
        let rows = try query(PostgresQuery(unsafeSQL: """
            SELECT id, name, started, version, arguments, seed, session_id, host_key, join_code, port, finished, finished_at, results
            FROM parties \(clause)
            """))
        do {
            return try rows.map { row in
                let (id, name, started, version, arguments, seed, sessionID, hostKey, joinCode, port, finished, finishedAt, results) =
                    try row.decode((Int64, String, Double, String, String, Int64, String, String, String?, Int64, String?, Double?, String?).self)
                var party = JournalParty(name: name, started: started, version: version,
                                         arguments: (try? JSONDecoder().decode([String].self, from: Data(arguments.utf8))) ?? [],
                                         seed: UInt64(bitPattern: seed), sessionID: sessionID, hostKey: hostKey, joinCode: joinCode,
                                         port: Int(port))
                party.id = id
                party.finished = finished
                party.finishedAt = finishedAt
                party.results = results
                return party
            }
        } catch {
            throw JournalError.unreadable(path: database, detail: "\(error)")
        }
    }

    public func truncate(party: Int64, after sequence: Int64) throws {
        _ = try query("DELETE FROM entries WHERE party = \(party) AND sequence > \(sequence)")
    }

    public func savePort(_ port: Int, party: Int64) throws {
        _ = try query("UPDATE parties SET port = \(Int64(port)) WHERE id = \(party)")
    }

    public func saveResults(_ json: String, party: Int64) throws {
        _ = try query("UPDATE parties SET results = \(json) WHERE id = \(party)")
    }

    public func finish(party: Int64, reason: String, at: Double) throws {
        if let membership { return try finishRoom(party: party, reason: reason, at: at, membership: membership) }
        _ = try query("UPDATE parties SET finished = \(reason), finished_at = \(at) WHERE id = \(party) AND finished IS NULL")
    }
}

/// An error PostgresNIO reported, with what a person needs of it (PSQLError's own description
/// hides the server's message on purpose).
struct PostgresFailure: Error {
    /// SQLSTATE, when the server sent one (`42501`: insufficient privilege).
    var sqlState: String?
    /// The server's message, or the client's error.
    var detail: String
    /// The call got no answer in its time (`NoAnswer`).
    var isNoAnswer = false

    init(_ error: any Error) {
        if let failure = error as? PostgresFailure {
            self = failure
        } else if let timeout = error as? NoAnswer {
            detail = "\(timeout)"
            isNoAnswer = true
        } else if let error = error as? PSQLError {
            sqlState = error.serverInfo?[.sqlState]
            if let message = error.serverInfo?[.message] {
                detail = "\(message) (SQLSTATE \(sqlState ?? "?"))"
            } else {
                detail = "\(error.code)" + (error.underlying.map { ": \($0)" } ?? "")
            }
        } else {
            detail = "\(error)"
        }
    }

    /// The server refused for want of a privilege (or a read-only transaction/server).
    var isPermission: Bool { ["42501", "25006"].contains(sqlState) }
    /// A row with the same key exists (a room code another node holds).
    var isUniqueViolation: Bool { sqlState == "23505" }
}
