import Foundation
import Testing

/// A party server behind a front door, as the front-door tests use it: `partyhost serve` trusting
/// the door, a room started through it with `POST /api/rooms`, and a terminal guest who plays the
/// room's Four in a Row against its bot to the end.
struct ServedGame {
    /// The running `partyhost serve`.
    let server: LiveProcess
    /// Its state directory.
    let state: String
    /// The room's code.
    let code: String

    /// Stops the server and removes its state directory.
    func stop() {
        server.stop()
        try? FileManager.default.removeItem(atPath: state)
    }

    /// Starts `partyhost serve` on 127.0.0.1:`serverPort` with the door's `publicURL`, starts a room
    /// named `name` through `url` (the door's URL for a path), and has partyclient join it by its
    /// link (trusting `caFile`) and play it to the end. `diagnostics` is added to failure messages.
    static func play(serverPort: Int, publicURL: String, caFile: String, name: String, url: (String) -> String,
                     diagnostics: () -> String) async throws -> ServedGame {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent(TestTools.unique("serve")).path
        let server = try LiveProcess(Executables.path("partyhost"),
                                     ["serve", "--port", "\(serverPort)", "--bind", "127.0.0.1", "--trusted-proxy", "127.0.0.1",
                                      "--public-url", publicURL, "--state", state, "--quiet"])
        do {
            try #require(await server.waitForLine(timeout: .seconds(30)) { $0.hasPrefix("Serving parties on port \(serverPort).") } != nil,
                         "\(server.transcript)")
            let request = #"{"name":"\#(name)","games":["fourinarow"],"bots":1,"botLevel":"easy"}"#
            let curl = try LiveProcess("curl", ["-s", "--cacert", caFile, "-X", "POST", "-d", request, url("api/rooms")])
            #expect(await curl.waitForExit(timeout: .seconds(20)) == 0, "\(curl.transcript)")
            let answer = try JSONSerialization.jsonObject(with: Data(curl.output.utf8)) as? [String: String]
            let code = try #require(answer?["code"], "\(curl.transcript)\n\(diagnostics())")

            let client = try LiveProcess(Executables.path("partyclient"),
                                         [url(code.lowercased()), "--ca-file", caFile, "--line-mode", "--name", "Bob"])
            defer { client.stop() }
            try #require(await client.waitForLine(timeout: .seconds(20)) { $0.hasPrefix("Joined \(name)") } != nil,
                         "\(client.transcript)\n\(server.transcript)\n\(diagnostics())")
            client.send("vote 1")
            let player = LinePlayer(client: client)
            let result = try #require(await player.play(timeout: .seconds(120)), "the game did not end:\n\(client.transcript)\n\(server.transcript)")
            #expect(result.moves >= 3)
            client.send("q")
            #expect(await client.waitForExit(timeout: .seconds(10)) == 0, "\(client.transcript)")
            return ServedGame(server: server, state: state, code: code)
        } catch {
            server.stop()
            try? FileManager.default.removeItem(atPath: state)
            throw error
        }
    }
}
