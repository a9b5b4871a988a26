import Foundation
import PartyJournal
import PartyTestSupport
import Testing

/// The built `partyhost history` end to end, on journals a test wrote (one still open, as a
/// running host's would be).
@Suite("partyhost history, the executable")
struct HistoryCommandTests {
    /// The built `partyhost`, beside the test bundle (`PARTYHOST_BIN_DIR` overrides the folder).
    static var executable: String {
        if let folder = ProcessInfo.processInfo.environment["PARTYHOST_BIN_DIR"] { return folder + "/partyhost" }
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent("partyhost").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return FileManager.default.currentDirectoryPath + "/.build/debug/partyhost"
    }

    /// Runs `partyhost` with `arguments`; its status, standard output and standard error.
    static func run(_ arguments: [String]) async throws -> (status: Int32, output: String, error: String) {
        let folder = FileManager.default.temporaryDirectory.path + "/history-run-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = FileManager.default.createFile(atPath: folder + "/out", contents: nil)
        _ = FileManager.default.createFile(atPath: folder + "/err", contents: nil)
        let status = try await Spawned(executable, arguments, stdout: .file(folder + "/out"), stderr: .file(folder + "/err")).exited()
        return (status, try String(contentsOfFile: folder + "/out", encoding: .utf8),
                try String(contentsOfFile: folder + "/err", encoding: .utf8))
    }

    @Test("history --state DIR --json lists the parties; an unreadable journal is named on standard error")
    func json() async throws {
        let (state, stores) = try PartyHistoryTests.threeParties()
        try Data("not a journal".utf8).write(to: URL(fileURLWithPath: state.path + "/broken.journal"))
        let (status, output, error) = try await Self.run(["history", "--state", state.path, "--json"])
        #expect(status == 0, "\(output)\(error)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]], "\(output)")
        #expect(array.map { $0["session"] as? String } == ["a1", "b1", "a2"])
        #expect(array.map { $0["winner"] as? String } == ["Ann", "Bob", nil])
        #expect(error.contains("broken.journal"), "\(error)")
        withExtendedLifetime(stores) {}
    }

    @Test("history prints a table and --standings the all-time standings; an empty directory says so")
    func tables() async throws {
        let (state, stores) = try PartyHistoryTests.threeParties()
        let (status, output, _) = try await Self.run(["history", "--state", state.path])
        #expect(status == 0)
        #expect(output.hasPrefix("Date"), "\(output)")
        #expect(output.contains("unfinished"), "\(output)")
        let standings = try await Self.run(["history", "--standings", "--state", state.path])
        #expect(standings.output.split(separator: "\n").dropFirst().first?.contains("Bob") == true, "\(standings.output)")
        let emptyPath = state.path + "/nothing-here"
        let empty = try await Self.run(["history", "--state", emptyPath])
        #expect(empty.status == 0)
        #expect(empty.output == "No parties yet in \(emptyPath).\n")
        let help = try await Self.run(["history", "--help"])
        #expect(help.output.contains("USAGE: partyhost history"), "\(help.output)")
        withExtendedLifetime(stores) {}
    }
}
