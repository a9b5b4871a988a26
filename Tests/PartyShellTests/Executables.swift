import Foundation
import PartyTestSupport

/// Finds and runs the built `partyhost` and `partyclient` executables.
///
/// They sit next to the test bundle in the build folder (`swift build --build-tests` builds them);
/// `PARTYHOST_BIN_DIR` overrides the folder.
enum Executables {
    /// The folder holding the executables.
    static var directory: URL {
        if let override = ProcessInfo.processInfo.environment["PARTYHOST_BIN_DIR"] {
            return URL(fileURLWithPath: override)
        }
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        // From …/debug/partyhostPackageTests.xctest (a file on Linux) up to …/debug.
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            if FileManager.default.isExecutableFile(atPath: url.appendingPathComponent("partyhost").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug")
    }

    /// The path of `name` (`partyhost` or `partyclient`).
    static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// Runs `name` with `arguments` to the end; returns its exit code and standard output. The wait
    /// holds a thread of its own, not the test pool's (`Blocking`).
    static func run(_ name: String, _ arguments: [String], timeout: TimeInterval = 30) async throws -> (status: Int32, output: String) {
        try await Blocking.run { try runBlocking(name, arguments, timeout: timeout) }
    }

    private static func runBlocking(_ name: String, _ arguments: [String], timeout: TimeInterval) throws -> (status: Int32, output: String) {
        // Journals and seats are kept per run, never in the home folder of whoever runs the tests.
        let state = FileManager.default.temporaryDirectory.appendingPathComponent(TestTools.unique("state")).path
        let child = try Spawned(path(name), arguments, environment: ["XDG_STATE_HOME": state], stdout: .pipe, stderr: .output)
        // Past the deadline the program is ended, and what it printed so far is returned.
        let deadline = DispatchWorkItem { child.signal(SIGTERM) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: deadline)
        let data = Spawned.readAll(child.output)
        deadline.cancel()
        return (child.wait(), String(decoding: data, as: UTF8.self))
    }
}
