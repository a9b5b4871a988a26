import Foundation
import Testing

/// A dedicated `partyhost` in line mode, hosting Four in a Row with one bot on 127.0.0.1.
enum LineModeHost {
    /// Starts the host as "Dee" on a free port, with `extra` options, and waits until it listens;
    /// the caller stops it.
    static func start(_ extra: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) async throws -> (host: LiveProcess, port: Int) {
        let port = TestTools.freePort()
        let host = try LiveProcess(Executables.path("partyhost"), [
            "--game", "fourinarow", "--dedicated", "--bots", "1", "--port", "\(port)", "--bind", "127.0.0.1",
            "--interface", "lo", "--line-mode", "--name", "Dee",
        ] + extra)
        let listening = await host.waitForLine(timeout: .seconds(10)) { $0.contains("on port \(port).") } != nil
        do {
            try #require(listening, "the host did not listen: \(host.transcript)", sourceLocation: sourceLocation)
        } catch {
            host.stop()
            throw error
        }
        return (host, port)
    }
}
