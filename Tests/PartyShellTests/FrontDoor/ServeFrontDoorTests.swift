import Foundation
import Testing

extension EndToEnd {
    /// `partyhost serve` behind a TLS front door (nginx with a test CA, as docs/DEPLOY.md sets it
    /// up): a room started through the door, and a terminal guest joining it by its URL.
    @Suite("A party server through a TLS front door", .enabled(if: FrontDoor.available, "needs nginx and openssl"),
           .timeLimit(.minutes(3)))
    struct ServeFrontDoorTests {
        @Test("a room started through nginx; partyclient https://…/CODE votes and plays Four in a Row against the room's bot to the end")
        func roomThroughTheDoor() async throws {
            let serverPort = TestTools.freePort()
            let door = try await FrontDoor(hostPort: serverPort, passOrigin: true)
            let state = FileManager.default.temporaryDirectory.appendingPathComponent(TestTools.unique("serve")).path
            defer { try? FileManager.default.removeItem(atPath: state) }
            let publicURL = String(door.url().dropLast())
            let server = try LiveProcess(Executables.path("partyhost"),
                                         ["serve", "--port", "\(serverPort)", "--bind", "127.0.0.1", "--trusted-proxy", "127.0.0.1",
                                          "--public-url", publicURL, "--state", state, "--quiet"])
            defer { server.stop() }
            try #require(await server.waitForLine(timeout: .seconds(30)) { $0.hasPrefix("Serving parties on port \(serverPort).") } != nil,
                         "\(server.transcript)")

            let request = #"{"name":"Door party","games":["fourinarow"],"bots":1,"botLevel":"easy"}"#
            let curl = try LiveProcess("curl", ["-s", "--cacert", door.authority.caFile, "-X", "POST", "-d", request, door.url("api/rooms")])
            #expect(await curl.waitForExit(timeout: .seconds(20)) == 0, "\(curl.transcript)")
            let answer = try JSONSerialization.jsonObject(with: Data(curl.output.utf8)) as? [String: String]
            let code = try #require(answer?["code"], "\(curl.transcript)\n\(door.errorLog)")

            let client = try LiveProcess(Executables.path("partyclient"),
                                         [door.url(code.lowercased()), "--ca-file", door.authority.caFile, "--line-mode", "--name", "Bob"])
            defer { client.stop() }
            try #require(await client.waitForLine(timeout: .seconds(20)) { $0.hasPrefix("Joined Door party") } != nil,
                         "\(client.transcript)\n\(server.transcript)\n\(door.errorLog)")
            client.send("vote 1")
            let player = LinePlayer(client: client)
            let result = try #require(await player.play(timeout: .seconds(120)), "the game did not end:\n\(client.transcript)\n\(server.transcript)")
            #expect(result.moves >= 3)
            client.send("q")
            #expect(await client.waitForExit(timeout: .seconds(10)) == 0, "\(client.transcript)")
            // Through nginx: the room's start and its WebSocket, answered 201 and 101.
            #expect(door.accessLog.contains("POST /api/rooms HTTP/1.1\" 201"), "\(door.accessLog)")
            #expect(await Poll.until(timeout: .seconds(30)) { door.accessLog.contains("GET /\(code)/ws HTTP/1.1\" 101") }, "\(door.accessLog)")
        }
    }
}
