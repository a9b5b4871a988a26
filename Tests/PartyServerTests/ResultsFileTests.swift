import Foundation
import PartyHistory
import PartyJournal
import PartyServer
import PartyWire
import Testing

/// `--results FILE`: written atomically, in the same JSON, and never over another party's results.
@Suite("The results file")
struct ResultsFileTests {
    /// A fresh folder under the temporary one.
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/results-tests-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func report(session: String, points: Int = 10) -> RoomReport {
        RoomReport(sessionName: "Ann's party", session: session,
                   games: [RoomGameResult(number: 1, game: "rps", title: "Rock Paper Scissors", placements: [
                       RoomPlacement(member: 1, name: "Ann", place: 1, score: 2, points: points),
                   ])],
                   standings: [RoomScoreLine(place: 1, member: 1, name: "Ann", points: points, played: 1, wins: 1, present: true)])
    }

    @Test("Writes the report as before: pretty-printed, sorted keys, slashes as they are, a newline; nothing else left beside it")
    func format() throws {
        let folder = try Self.folder()
        let path = folder + "/party.json"
        var report = Self.report(session: "s1")
        report.sessionName = "Ann/Bob's party"
        try ResultsFile.write(report, to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        #expect(text == String(decoding: try encoder.encode(report), as: UTF8.self) + "\n")
        #expect(text.contains("\"Ann/Bob's party\""))
        #expect(try JSONDecoder().decode(RoomReport.self, from: Data(text.utf8)) == report)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["party.json"])
    }

    @Test("Rewriting replaces the whole file (a shorter report leaves nothing of the longer one)")
    func rewrite() throws {
        let path = try Self.folder() + "/party.json"
        var long = Self.report(session: "s1")
        long.standings += (2...40).map { RoomScoreLine(place: $0, member: $0, name: "Player \($0)", points: 0, played: 1, wins: 0, present: true) }
        try ResultsFile.write(long, to: path)
        let short = Self.report(session: "s1", points: 20)
        try ResultsFile.write(short, to: path)
        #expect(try JSONDecoder().decode(RoomReport.self, from: Data(contentsOf: URL(fileURLWithPath: path))) == short)
    }

    @Test("A file that cannot be written throws, naming it, and leaves no temporary file")
    func failure() throws {
        let folder = try Self.folder()
        let path = folder + "/missing/party.json"
        #expect(throws: ResultsFileError.self) { try ResultsFile.write(Self.report(session: "s1"), to: path) }
        do {
            try ResultsFile.write(Self.report(session: "s1"), to: path)
        } catch {
            #expect(error.description.contains(path), "\(error)")
        }
        // Over a directory: the rename fails and the temporary file goes.
        try FileManager.default.createDirectory(atPath: folder + "/taken.json/inside", withIntermediateDirectories: true)
        #expect(throws: ResultsFileError.self) { try ResultsFile.write(Self.report(session: "s1"), to: folder + "/taken.json") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["taken.json"])
    }

    @Test("The path itself when free or holding this party; else the first free NAME-N.json, never another party's")
    func destination() throws {
        let folder = try Self.folder()
        let path = folder + "/party.json"
        // Nothing there yet.
        #expect(ResultsFile.destination(for: path, session: "s1") == (path, nil))
        try ResultsFile.write(Self.report(session: "s1"), to: path)
        // This same party (its host restarted): the same file.
        #expect(ResultsFile.destination(for: path, session: "s1") == (path, nil))
        // Another party: party-2.json, and the host is told.
        let second = ResultsFile.destination(for: path, session: "s2")
        #expect(second.path == folder + "/party-2.json")
        #expect(second.notice == "\(path) holds another party's results; this party's go to \(folder)/party-2.json.")
        try ResultsFile.write(Self.report(session: "s2"), to: second.path)
        // The second party again: back to its own party-2.json; a third party: party-3.json.
        #expect(ResultsFile.destination(for: path, session: "s2").path == folder + "/party-2.json")
        #expect(ResultsFile.destination(for: path, session: "s3").path == folder + "/party-3.json")
        // Neither file was touched.
        #expect(try JSONDecoder().decode(RoomReport.self, from: Data(contentsOf: URL(fileURLWithPath: path))).session == "s1")
    }

    @Test("A file that is not a party's results (or has no session) is never overwritten", arguments: [
        "not json at all", "{\"sessionName\": \"old\", \"games\": [], \"standings\": []}", "",
    ])
    func foreignFile(content: String) throws {
        let folder = try Self.folder()
        let path = folder + "/results"
        try Data(content.utf8).write(to: URL(fileURLWithPath: path))
        let chosen = ResultsFile.destination(for: path, session: "s1")
        #expect(chosen.path == folder + "/results-2")
        #expect(chosen.notice != nil)
    }

    @Test("A relative path stays relative")
    func relative() {
        let name = "results-tests-\(UInt32.random(in: 0...UInt32.max)).json"
        #expect(ResultsFile.destination(for: name, session: "s1") == (name, nil))
    }
}
