import Foundation
import Testing

/// The systemd unit restarts a crashed partyhost, and the party resumes. No systemd runs here
/// (nor in CI), so the test does what the unit says: it reads `Restart=` and `StateDirectory=`
/// from Packaging/partyhost.service, starts the unit's `ExecStart` command line with the
/// environment systemd gives it (`STATE_DIRECTORY`), kills it with SIGKILL (a crash), and starts
/// the same command again, as `Restart=on-failure` does.
@Suite("The systemd unit's restart resumes the party", .timeLimit(.minutes(2)))
struct ServiceRestartTests {
    static let packaging = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Packaging")

    /// The value of `key=` in the unit (the last one, as systemd reads it).
    static func setting(_ key: String, in unit: String) -> String? {
        unit.split(separator: "\n").last { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
    }

    @Test("a service killed mid-game comes back with Restart=on-failure and resumes from its state directory")
    func crashAndRestart() async throws {
        let unit = try String(contentsOf: Self.packaging.appendingPathComponent("partyhost.service"), encoding: .utf8)
        #expect(Self.setting("Restart", in: unit) == "on-failure")
        let stateDirectory = try #require(Self.setting("StateDirectory", in: unit))
        let execStart = try #require(Self.setting("ExecStart", in: unit))
        #expect(execStart.contains("--dedicated") && execStart.contains("--line-mode"))

        // /var/lib/partyhost, as systemd makes it: here a folder of the test's own.
        let state = FileManager.default.temporaryDirectory.appendingPathComponent(TestTools.unique(stateDirectory)).path
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: state) }
        let port = TestTools.freePort()
        // ExecStart with /etc/default/partyhost's variables filled in, as systemd expands them.
        let options = ["--game", "fourinarow", "--bots", "2", "--bot-level", "easy", "--bind", "127.0.0.1", "--no-advertise", "--verbose"]
        let words = execStart.split(separator: " ").dropFirst().flatMap { word -> [String] in
            switch word {
            case "${PARTYHOST_NAME}": return ["Game room"]
            case "${PARTYHOST_PORT}": return ["\(port)"]
            case "$PARTYHOST_OPTIONS": return options
            default: return [String(word)]
            }
        }
        let environment: [String: String?] = ["STATE_DIRECTORY": state, "XDG_STATE_HOME": nil]

        let first = try LiveProcess(Executables.path("partyhost"), words, environment: environment, label: "partyhost (first)")
        defer { first.stop() }
        let started = await Poll.until(timeout: .seconds(30)) { first.errors.contains("game 1 (Four in a Row) started") }
        #expect(started, "\(first.transcript)")
        try await Task.sleep(for: .seconds(2))
        first.signal(SIGKILL)
        #expect(await first.waitForExit(timeout: .seconds(10)) != nil)

        let second = try LiveProcess(Executables.path("partyhost"), words, environment: environment, label: "partyhost (restarted)")
        defer { second.stop() }
        let resumed = await second.waitForLine(timeout: .seconds(30)) { $0.hasPrefix("Resumed from the journal:") }
        #expect(resumed?.contains("1 game played") == true, "\(second.transcript)")
        #expect(second.lines.first == "Hosting Game room's Four in a Row on port \(port).", "\(second.transcript)")
        // Both bots take their seats back with their tokens.
        let back = await Poll.until(timeout: .seconds(30)) { second.errors.components(separatedBy: "reconnected").count >= 3 }
        #expect(back, "\(second.transcript)")
        #expect(FileManager.default.fileExists(atPath: state + "/game-room-s-four-in-a-row.journal"))
        second.signal(SIGTERM)
        #expect(await second.waitForExit(timeout: .seconds(20)) != nil)
    }
}
