import Foundation
@testable import PartyFleet
import PartyJournalTestSupport
import PartyServer
import Testing

/// A fleet node's journal writes are fenced by its rooms' epochs, and codes are unique in the fleet.
@Suite("Fencing a fleet's journal", .enabled(if: PrivatePostgres.isInstalled, Comment(rawValue: PrivatePostgres.missing)))
struct FencingTests {
    typealias Samples = JournalSamples

    @Test("once another node claimed the room, the old holder's writes are refused and write nothing")
    func claimedRoom() async throws {
        // Off the concurrency pool: the server's programs and the store's calls block.
        try await Blocking.run {
            try PrivatePostgres.with { server in
                let configuration = server.configuration(database: try server.createDatabase())
                let a = try PostgresJournalStore(configuration: configuration, membership: FleetMembership(node: "a"))
                let b = try PostgresJournalStore(configuration: configuration, membership: FleetMembership(node: "b"))
                var party = Samples.party()
                party.joinCode = "ABCD"
                let begun = try a.begin(party)
                try a.append(Samples.entries(1...2), party: begun.id)
                // The same code cannot be had by another node while the room lives.
                #expect(throws: JournalError.codeTaken(code: "ABCD")) { _ = try b.begin(party) }
                // b claims the room, as its lease loop would: a new epoch, its incarnation.
                let incarnation = try #require(b.membership).incarnation
                _ = try b.query("UPDATE rooms SET incarnation = \(incarnation), epoch = epoch + 1 WHERE party = \(begun.id)")
                try #require(b.membership).hold(begun.id, code: "ABCD", epoch: 2)
                #expect(throws: JournalError.self) { try a.append(Samples.entries(3...3), party: begun.id) }
                do {
                    try a.append(Samples.entries(3...3), party: begun.id)
                } catch JournalError.fenced {
                } catch {
                    Issue.record("not fenced: \(error)")
                }
                #expect(try a.entries(party: begun.id).entries.count == 2)
                try b.append(Samples.entries(3...3), party: begun.id)
                #expect(try b.entries(party: begun.id).entries == Samples.entries(1...3))
                // Nor may the old holder end the party.
                #expect(throws: JournalError.self) { try a.finish(party: begun.id, reason: "idle", at: 1) }
                try b.finish(party: begun.id, reason: "idle", at: 1)
                #expect(try b.parties().first?.finished == "idle")
                // Its code is free again.
                var again = Samples.party()
                again.joinCode = "ABCD"
                _ = try a.begin(again)
            }
        }
    }
}
