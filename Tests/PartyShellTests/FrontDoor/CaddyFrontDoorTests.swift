import Foundation
import Testing

extension EndToEnd {
    /// `partyhost serve` behind Caddy with docs/DEPLOY.md's Caddyfile: a room started through it, a
    /// terminal guest joining by the room's link, `/metrics` answered only to the machine itself.
    @Suite("A party server behind Caddy", .enabled(if: CaddyDoor.available, "needs caddy and openssl"),
           .timeLimit(.minutes(3)))
    struct CaddyFrontDoorTests {
        @Test("DEPLOY.md's Caddyfile: a room started through Caddy, partyclient https://…/CODE plays it to the end; /metrics only from the machine")
        func roomThroughCaddy() async throws {
            let serverPort = TestTools.freePort()
            let door = try await CaddyDoor(serverPort: serverPort)
            let state = FileManager.default.temporaryDirectory.appendingPathComponent(TestTools.unique("serve")).path
            defer { try? FileManager.default.removeItem(atPath: state) }
            let server = try LiveProcess(Executables.path("partyhost"),
                                         ["serve", "--port", "\(serverPort)", "--bind", "127.0.0.1", "--trusted-proxy", "127.0.0.1",
                                          "--public-url", String(door.url().dropLast()), "--state", state, "--quiet"])
            defer { server.stop() }
            try #require(await server.waitForLine(timeout: .seconds(30)) { $0.hasPrefix("Serving parties on port \(serverPort).") } != nil,
                         "\(server.transcript)")

            let request = #"{"name":"Caddy party","games":["fourinarow"],"bots":1,"botLevel":"easy"}"#
            let curl = try LiveProcess("curl", ["-s", "--cacert", door.authority.caFile, "-X", "POST", "-d", request, door.url("api/rooms")])
            #expect(await curl.waitForExit(timeout: .seconds(20)) == 0, "\(curl.transcript)")
            let answer = try JSONSerialization.jsonObject(with: Data(curl.output.utf8)) as? [String: String]
            let code = try #require(answer?["code"], "\(curl.transcript)\n\(door.process.transcript)")

            let client = try LiveProcess(Executables.path("partyclient"),
                                         [door.url(code.lowercased()), "--ca-file", door.authority.caFile, "--line-mode", "--name", "Bob"])
            defer { client.stop() }
            try #require(await client.waitForLine(timeout: .seconds(20)) { $0.hasPrefix("Joined Caddy party") } != nil,
                         "\(client.transcript)\n\(server.transcript)\n\(door.process.transcript)")
            client.send("vote 1")
            let player = LinePlayer(client: client)
            let result = try #require(await player.play(timeout: .seconds(120)), "the game did not end:\n\(client.transcript)\n\(server.transcript)")
            #expect(result.moves >= 3)
            client.send("q")
            #expect(await client.waitForExit(timeout: .seconds(10)) == 0, "\(client.transcript)")

            // /metrics: served to the machine itself, 403 to anyone else (127.0.0.2 is another address on lo).
            let local = try TestTools.run(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--cacert", door.authority.caFile, door.url("metrics")], timeout: 20)
            #expect(local.1 == "200", "\(local)")
            let other = try TestTools.run(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--interface", "127.0.0.2",
                                           "--cacert", door.authority.caFile, door.url("metrics")], timeout: 20)
            #expect(other.1 == "403", "\(other)")
            // Through Caddy: the room's start and its WebSocket (Caddy logs a request when it is done).
            #expect(door.accessLog.contains(#""uri":"/api/rooms""#), "\(door.accessLog)")
            #expect(await Poll.until(timeout: .seconds(30)) { door.accessLog.contains(#""uri":"/\#(code.lowercased())/ws""#) || door.accessLog.contains(#""uri":"/\#(code)/ws""#) },
                    "\(door.accessLog)")
        }
    }
}
