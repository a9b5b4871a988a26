import Foundation
@testable import PartyFleet
import PartyJournalTestSupport
import PartyServer
import PostgresNIO
import Synchronization
import Testing

/// The PostgreSQL journal beyond the shared contract: its schema's version, the databases and
/// roles it refuses, a crash of the server, and the private server the tests run it on.
@Suite("The PostgreSQL journal", .enabled(if: PrivatePostgres.isInstalled, Comment(rawValue: PrivatePostgres.missing)))
struct PostgresJournalStoreTests {
    typealias Samples = JournalSamples

    @Test("a fresh database gets the schema and its version; opening it again changes nothing")
    func schemaCreated() async throws {
        // Off the concurrency pool: the server's programs and the store's calls block.
        try await Blocking.run {
            try PrivatePostgres.with { server in
                let database = try server.createDatabase()
                let first = try PostgresJournalStore(configuration: server.configuration(database: database))
                let id = try first.begin(Samples.party()).id
                let second = try PostgresJournalStore(configuration: server.configuration(database: database))
                #expect(try second.unfinishedParty()?.id == id)
                try server.psql("DO $$ BEGIN IF (SELECT array_agg(version) FROM schema_version) <> ARRAY[2] THEN RAISE 'bad version'; END IF; END $$",
                                database: database)
            }
        }
    }

    @Test("nodes opening one new database at once create its schema once")
    func concurrentOpen() async throws {
        // Off the concurrency pool: the server's programs and the store's calls block.
        try await Blocking.run {
            try PrivatePostgres.with { server in
                let database = try server.createDatabase()
                let failures = Mutex<[String]>([])
                DispatchQueue.concurrentPerform(iterations: 4) { _ in
                    do {
                        _ = try PostgresJournalStore(configuration: server.configuration(database: database))
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                    }
                }
                #expect(failures.withLock { $0 } == [])
            }
        }
    }

    @Test("a database a newer partyhost migrated is refused with a sentence naming both versions")
    func newerSchema() async throws {
        // Off the concurrency pool: the server's programs and the store's calls block.
        try await Blocking.run {
            try PrivatePostgres.with { server in
                let database = try server.createDatabase()
                _ = try PostgresJournalStore(configuration: server.configuration(database: database))
                try server.psql("UPDATE schema_version SET version = 99", database: database)
                #expect {
                    _ = try PostgresJournalStore(configuration: server.configuration(database: database))
                } throws: { error in
                    guard case .newerSchema(_, 99, 2) = error as? PostgresJournalError else { return false }
                    return "\(error)".contains("newer partyhost") && "\(error)".contains("schema 99")
                }
            }
        }
    }

    @Test("a database whose tables partyhost did not make is refused, and left as it was")
    func unknownSchema() async throws {
        // Off the concurrency pool: the server's programs and the store's calls block.
        try await Blocking.run {
            try PrivatePostgres.with { server in
                let database = try server.createDatabase()
                try server.psql("CREATE TABLE entries(x integer)", database: database)
                #expect {
                    _ = try PostgresJournalStore(configuration: server.configuration(database: database))
                } throws: { error in
                    guard case .unknownSchema = error as? PostgresJournalError else { return false }
                    return true
                }
                try server.psql("DO $$ BEGIN IF to_regclass('schema_version') IS NOT NULL THEN RAISE 'changed'; END IF; END $$", database: database)
            }
        }
    }

    @Test("a role that may not write is refused at open: on an empty database, and on a journal it may only read")
    func noWritePermission() async throws {
        // Off the concurrency pool: the server's programs and the store's calls block.
        try await Blocking.run {
            try PrivatePostgres.with { server in
                let database = try server.createDatabase()
                try server.psql("CREATE ROLE reader LOGIN")
                let reader = server.configuration(database: database, username: "reader")
                #expect {
                    _ = try PostgresJournalStore(configuration: reader)
                } throws: { error in
                    guard case .noWritePermission = error as? PostgresJournalError else { return false }
                    return "\(error)".contains("may not write")
                }
                _ = try PostgresJournalStore(configuration: server.configuration(database: database))
                try server.psql("GRANT SELECT ON parties, entries, schema_version TO reader", database: database)
                #expect {
                    _ = try PostgresJournalStore(configuration: reader)
                } throws: { error in
                    guard case .noWritePermission = error as? PostgresJournalError else { return false }
                    return true
                }
            }
        }
    }

    @Test("a server that is not there is a readable error, not a hang")
    func cannotConnect() async throws {
        // Off the concurrency pool: the server's programs and the store's calls block.
        try await Blocking.run {
            try PrivatePostgres.with { server in
                let configuration = PostgresConnection.Configuration(unixSocketPath: server.directory + "/nothing", username: "postgres",
                                                                     password: nil, database: "postgres")
                #expect {
                    _ = try PostgresJournalStore(configuration: configuration)
                } throws: { error in
                    guard case .cannotConnect = error as? PostgresJournalError else { return false }
                    return true
                }
            }
        }
    }

    @Test("what append returned from survives a crash of the server; the store connects again after it")
    func survivesServerCrash() async throws {
        // Off the concurrency pool: the server's programs and the store's calls block.
        try await Blocking.run {
            try PrivatePostgres.with { server in
                let database = try server.createDatabase()
                let store = try PostgresJournalStore(configuration: server.configuration(database: database))
                let id = try store.begin(Samples.party()).id
                for sequence in Int64(1)...40 { try store.append(Samples.entries(sequence...sequence), party: id) }
                try server.crash()
                #expect(throws: JournalError.self) { try store.append(Samples.entries(41...41), party: id) }
                try server.startServer()
                // The writer tries a failed commit again: the store reconnects and it goes through.
                var tries = 0
                while (try? store.append(Samples.entries(41...41), party: id)) == nil, tries < 3 { tries += 1 }
                let again = try PostgresJournalStore(configuration: server.configuration(database: database))
                #expect(try again.entries(party: id).entries == Samples.entries(1...41))
            }
        }
    }

    @Test("the private server is stopped and its directory removed when a test's body throws")
    func harnessCleansUp() throws {
        struct Planned: Error {}
        let directory = Mutex<String?>(nil)
        #expect(throws: Planned.self) {
            try PrivatePostgres.with { server in
                directory.withLock { $0 = server.directory }
                throw Planned()
            }
        }
        let path = try #require(directory.withLock { $0 })
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
