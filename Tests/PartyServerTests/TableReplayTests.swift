import Foundation
import PartyKit
@testable import PartyServer
import PartyWire
import PartyJournalTestSupport
import Testing

/// The table is a state machine of its inputs: a whole party recorded once plays again, from an
/// empty table, to the same state and the same effects, byte for byte — what a journal replays.
@Suite("Replaying a party")
struct TableReplayTests {
    /// A party of all five games with teams, a spectator who predicts, a guest who arrives
    /// mid-game and a connection that drops and comes back.
    static func party() throws -> PartySimulation {
        var party = try PartySimulation(players: 5, seed: 2026)
        var joined = false
        var dropped: (peer: Int, at: GameInstant)?
        var back = false
        // At most two simulated hours: room games end by themselves.
        while party.driver.table.results.count < 5, party.now.milliseconds < 7_200_000 {
            try party.advance()
            let table = party.driver.table
            if !joined, table.gamesPlayed == 2, table.phase == .playing {
                joined = true
                party.arrive(name: "Late")
            }
            if dropped == nil, table.gamesPlayed == 3, table.phase == .playing {
                dropped = (3, party.now)
                party.drop(3)
            }
            if let gone = dropped, !back, party.now.milliseconds(since: gone.at) >= 2_000 {
                back = true
                party.arrive(name: "Cy", token: "token-3")
            }
        }
        return party
    }

    @Test("a party of all five games, with teams and a spectator, recorded and fed twice from an empty table, gives the same state and effects")
    func replay() throws {
        let party = try Self.party()
        let played = party.driver.table
        #expect(played.results.map(\.game).sorted() == ["fourinarow", "rps", "snap", "suntouch", "twentyfour"])
        // Teams played (a team message went out), the spectator's predictions were settled, the late
        // guest and the one who came back were welcomed.
        #expect(party.driver.transcript.contains { $0.contains(#""type":"team""#) })
        #expect(party.driver.transcript.contains { $0.contains(#""state":"settled""#) })
        #expect(party.driver.transcript.contains { $0.contains(#""reconnected":true"#) })
        #expect(played.players.count == 6)

        // The journal's form: every input through JSON and back.
        let recorded = party.driver.recorded
        let data = try JSONEncoder().encode(recorded.map { Recorded(input: $0.input, at: $0.at) })
        let read = try JSONDecoder().decode([Recorded].self, from: data)
        #expect(read.count == recorded.count)

        var states: [String] = []
        var transcripts: [[String]] = []
        for _ in 0..<2 {
            var again = TableDriver(table: .testTable(room: party.settings, options: party.options, seed: party.seed))
            for entry in read { again.feed(entry.input, at: entry.at) }
            transcripts.append(again.transcript)
            states.append(Self.state(of: again.table))
        }
        #expect(transcripts[0] == party.driver.transcript)
        #expect(transcripts[1] == party.driver.transcript)
        #expect(states[0] == Self.state(of: played))
        #expect(states[1] == states[0])
    }

    /// Everything the table holds, as text: every stored property, the game's state included, with
    /// dictionaries and sets in sorted order (their own order differs from one instance to another).
    static func state(of table: Table) -> String {
        Canonical.text(table)
    }

    /// An input and its instant, as a journal would keep them.
    struct Recorded: Codable {
        let input: TableInput
        let at: GameInstant
    }
}
