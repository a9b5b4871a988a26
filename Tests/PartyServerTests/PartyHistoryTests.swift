import Foundation
import PartyHistory
import PartyJournal
import PartyServer
import PartyWire
import Testing

/// `partyhost history`: parties read back from journal files, the JSON, the all-time standings,
/// and journals that cannot be read.
@Suite("Party history from the journals")
struct PartyHistoryTests {
    /// A fresh state directory under the temporary folder.
    static func stateDirectory() throws -> StateDirectory {
        let path = FileManager.default.temporaryDirectory.path + "/history-tests-\(UInt32.random(in: 0...UInt32.max))"
        let state = StateDirectory(explicit: path)
        try state.create()
        return state
    }

    /// A scoreboard line.
    static func line(_ place: Int, _ name: String, points: Int, played: Int, wins: Int, bot: Bool? = nil) -> RoomScoreLine {
        RoomScoreLine(place: place, member: place, name: name, points: points, played: played, wins: wins, present: true, bot: bot)
    }

    /// A report of `games` games (one placement each: the first line wins) with `standings`.
    static func report(_ name: String, session: String, games: Int, standings: [RoomScoreLine]) -> String {
        let results = (0..<games).map { number in
            RoomGameResult(number: number + 1, game: "rps", title: "Rock Paper Scissors",
                           placements: standings.map { RoomPlacement(member: $0.member, name: $0.name, place: $0.place, score: nil, points: 0) })
        }
        let report = RoomReport(sessionName: name, session: session, games: results, standings: standings)
        return String(decoding: try! ResultsFile.encode(report), as: UTF8.self)
    }

    /// A party begun in `store` at `started`, with `results` saved and finished at `finished` when given.
    @discardableResult
    static func party(_ store: SQLiteJournalStore, name: String, session: String, started: Double, results: String?,
                      finished: Double?) throws -> JournalParty {
        let party = try store.begin(JournalParty(name: name, started: started, version: "test", arguments: [], seed: 1,
                                                 sessionID: session, hostKey: "key", joinCode: nil, port: 0))
        if let results { try store.saveResults(results, party: party.id) }
        if let finished { try store.finish(party: party.id, reason: "ended", at: finished) }
        return party
    }

    /// Two journal files, three parties: Ann's party twice (finished, then unfinished with no
    /// game yet), Bob's party once (finished). Started 2025-05-01 18:00, 2025-05-08 18:00 and
    /// 2025-05-03 18:00 UTC. The stores stay open, as a host's would.
    static func threeParties() throws -> (StateDirectory, [SQLiteJournalStore]) {
        let state = try stateDirectory()
        let ann = try SQLiteJournalStore(path: state.journalPath(for: "Ann's party"))
        let bob = try SQLiteJournalStore(path: state.journalPath(for: "Bob's party"))
        try party(ann, name: "Ann's party", session: "a1", started: 1_746_122_400,
                  results: report("Ann's party", session: "a1", games: 3, standings: [
                      line(1, "Ann", points: 30, played: 3, wins: 2), line(2, "Bob", points: 20, played: 3, wins: 1),
                      line(3, "Bot 1", points: 5, played: 3, wins: 0, bot: true),
                  ]), finished: 1_746_133_200)
        try party(ann, name: "Ann's party", session: "a2", started: 1_746_727_200, results: nil, finished: nil)
        try party(bob, name: "Bob's party", session: "b1", started: 1_746_295_200,
                  results: report("Bob's party", session: "b1", games: 2, standings: [
                      line(1, "Bob", points: 25, played: 2, wins: 2), line(2, "Cy", points: 10, played: 2, wins: 0),
                      line(3, "Ann", points: 5, played: 1, wins: 0),
                  ]), finished: 1_746_302_400)
        return (state, [ann, bob])
    }

    @Test("Three parties from two journals, oldest first, with games, winner and status")
    func listing() throws {
        let (state, stores) = try Self.threeParties()
        let history = PartyHistory.read(state)
        #expect(history.warnings.isEmpty)
        #expect(history.parties.map(\.session) == ["a1", "b1", "a2"])
        #expect(history.parties.map(\.games) == [3, 2, 0])
        #expect(history.parties.map(\.winner) == ["Ann", "Bob", nil])
        #expect(history.parties.map(\.isFinished) == [true, true, false])
        let table = history.table(timeZone: TimeZone(identifier: "UTC")!)
        #expect(table == """
            Date              Name         Games  Winner  Status
            2025-05-01 18:00  Ann's party      3  Ann     finished
            2025-05-03 18:00  Bob's party      2  Bob     finished
            2025-05-08 18:00  Ann's party      0  —       unfinished
            An unfinished party resumes when its host starts it again.

            """, "\(table)")
        withExtendedLifetime(stores) {}
    }

    @Test("--json: name, started, finished (ISO 8601 or null), games, winner, session, standings")
    func json() throws {
        let (state, stores) = try Self.threeParties()
        let text = PartyHistory.read(state).json()
        #expect(text.hasSuffix("]\n"))
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(array.count == 3)
        #expect(Set(array[0].keys) == ["name", "started", "finished", "games", "winner", "session", "standings"])
        #expect(array[0]["name"] as? String == "Ann's party")
        #expect(array[0]["started"] as? String == "2025-05-01T18:00:00Z")
        #expect(array[0]["finished"] as? String == "2025-05-01T21:00:00Z")
        #expect(array[0]["games"] as? Int == 3)
        #expect(array[0]["winner"] as? String == "Ann")
        #expect(array[0]["session"] as? String == "a1")
        let standings = try #require(array[0]["standings"] as? [[String: Any]])
        #expect(standings.map { $0["name"] as? String } == ["Ann", "Bob", "Bot 1"])
        #expect(standings.first?["points"] as? Int == 30)
        // The unfinished party without a game: nulls, not missing keys.
        #expect(array[2]["finished"] is NSNull)
        #expect(array[2]["winner"] is NSNull)
        #expect(array[2]["games"] as? Int == 0)
        #expect((array[2]["standings"] as? [Any])?.isEmpty == true)
        withExtendedLifetime(stores) {}
    }

    @Test("All-time standings: points, wins and games summed by name, parties counted, best first")
    func standings() throws {
        let (state, stores) = try Self.threeParties()
        let history = PartyHistory.read(state)
        let lines = history.standings
        #expect(lines.map(\.name) == ["Bob", "Ann", "Cy", "Bot 1"])
        #expect(lines[0] == AllTimeStanding(name: "Bob", place: 1, points: 45, wins: 3, played: 5, parties: 2))
        #expect(lines[1] == AllTimeStanding(name: "Ann", place: 2, points: 35, wins: 2, played: 4, parties: 2))
        #expect(lines[2] == AllTimeStanding(name: "Cy", place: 3, points: 10, wins: 0, played: 2, parties: 1))
        #expect(lines[3] == AllTimeStanding(name: "Bot 1", place: 4, points: 5, wins: 0, played: 3, parties: 1, isBot: true))
        #expect(history.standingsTable() == """
            Place  Name         Points  Wins  Games  Parties
                1  Bob              45     3      5        2
                2  Ann              35     2      4        2
                3  Cy               10     0      2        1
                4  Bot 1 (bot)       5     0      3        1

            """, "\(history.standingsTable())")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(history.standingsJSON().utf8)) as? [[String: Any]])
        #expect(json.map { $0["name"] as? String } == ["Bob", "Ann", "Cy", "Bot 1"])
        #expect(Set(json[0].keys) == ["place", "name", "points", "wins", "played", "parties", "bot"])
        #expect(json[0]["points"] as? Int == 45)
        withExtendedLifetime(stores) {}
    }

    @Test("Players level on points, wins and games share a place")
    func tiedPlaces() {
        let history = PartyHistory(directory: "/state", parties: [
            PastParty(name: "P", started: Date(timeIntervalSince1970: 0), finishedAt: nil, finishedReason: nil, session: "s",
                      report: RoomReport(sessionName: "P", session: "s", games: [], standings: [
                          Self.line(1, "Zed", points: 10, played: 1, wins: 1), Self.line(1, "Amy", points: 10, played: 1, wins: 1),
                          Self.line(3, "Cy", points: 0, played: 1, wins: 0),
                      ]), journal: "/state/p.journal"),
        ])
        #expect(history.standings.map { "\($0.place) \($0.name)" } == ["1 Amy", "1 Zed", "3 Cy"])
    }

    @Test("A file that is not a journal, an empty one and a newer journal are skipped with a warning naming them")
    func unreadable() throws {
        let (state, stores) = try Self.threeParties()
        let garbage = state.path + "/garbage.journal"
        let empty = state.path + "/empty.journal"
        try Data("this is not a database, not at all, not even close".utf8).write(to: URL(fileURLWithPath: garbage))
        try Data().write(to: URL(fileURLWithPath: empty))
        let newer = state.path + "/newer.journal"
        do {
            let store = try SQLiteJournalStore(path: newer)
            try Self.party(store, name: "Newer", session: "n1", started: 1, results: nil, finished: nil)
        }
        try Self.setUserVersion(of: newer, to: 99)
        let history = PartyHistory.read(state)
        #expect(history.parties.map(\.session) == ["a1", "b1", "a2"])
        #expect(history.warnings.count == 3, "\(history.warnings)")
        for file in [garbage, empty, newer] {
            #expect(history.warnings.contains { $0.contains(file) }, "\(file): \(history.warnings)")
        }
        #expect(history.warnings.contains { $0.contains("newer partyhost") }, "\(history.warnings)")
        // Reading changed nothing: the empty file is still empty.
        #expect((try? FileManager.default.attributesOfItem(atPath: empty)[.size] as? Int) == 0)
        withExtendedLifetime(stores) {}
    }

    @Test("A missing or empty state directory has no parties, and says so")
    func empty() throws {
        let missing = StateDirectory(explicit: FileManager.default.temporaryDirectory.path + "/history-none-\(UInt32.random(in: 0...UInt32.max))")
        let history = PartyHistory.read(missing)
        #expect(history.parties.isEmpty && history.warnings.isEmpty)
        #expect(history.table() == "No parties yet in \(missing.path).\n")
        #expect(history.json() == "[]\n")
        #expect(PartyHistory.read(try Self.stateDirectory()).standingsTable().hasPrefix("No parties yet in "))
    }

    /// Sets `PRAGMA user_version` of the SQLite file at `path` by rewriting its header (bytes 60–63,
    /// big-endian), as a newer partyhost's journal would have it.
    static func setUserVersion(of path: String, to version: UInt32) throws {
        // Checkpointed by the store's close: the header in the main file is the one read.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: 60)
        try handle.write(contentsOf: withUnsafeBytes(of: version.bigEndian) { Data($0) })
        try handle.close()
    }
}
