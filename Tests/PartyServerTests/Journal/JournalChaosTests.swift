import Foundation
import PartyKit
@testable import PartyServer
import Testing

/// A host killed again and again: a party night of every game, with teams, a spectator who
/// predicts and players who come and go, whose host stops at 50 random points. Each time a new
/// table is made from the journal so far, and must be the table the host had; everyone comes back
/// with their tokens and the party goes on. At the end, the party equals an uninterrupted replay
/// of its journal.
@Suite("A host killed at 50 random points")
struct JournalChaosTests {
    @Test("after every restart the table is the one before it; the party ends as its journal replays")
    func fiftyRestarts() throws {
        var party = try PartySimulation(players: 5, seed: 4711)
        var random = SeededRandom(seed: 90210)
        var restarts = 0
        var steps = 0
        while party.driver.table.results.count < 5, party.now.milliseconds < 7_200_000 {
            try party.advance()
            steps += 1
            // About one restart every 400 steps (8 simulated seconds) until there were 50.
            guard restarts < 50, random.next() % 400 == 0 else { continue }
            restarts += 1
            let before = party.driver.table
            var resumed = Table.testTable(room: party.settings, options: party.options, seed: party.seed)
            let replay = resumed.replay(party.driver.journal)
            #expect(replay.damage == nil)
            // Only the clock may differ: a restarted host goes on from its last journaled input.
            var compared = resumed
            compared.now = before.now
            #expect(TableReplayTests.state(of: compared) == TableReplayTests.state(of: before), "restart \(restarts) at step \(steps)")
            party.restart(with: resumed)
        }
        #expect(restarts == 50)
        let played = party.driver.table
        #expect(played.results.map(\.game).sorted() == ["fourinarow", "rps", "snap", "suntouch", "twentyfour"])
        // Everyone came back every time: the host's player, four players and the spectator.
        #expect(played.players.filter(\.connected).count == 5)
        #expect(played.spectators.count == 1)

        var uninterrupted = Table.testTable(room: party.settings, options: party.options, seed: party.seed)
        _ = uninterrupted.replay(party.driver.journal)
        #expect(uninterrupted.report() == played.report())
        uninterrupted.now = played.now
        #expect(TableReplayTests.state(of: uninterrupted) == TableReplayTests.state(of: played))
    }
}
