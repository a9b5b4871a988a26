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
            let game = try await ServedGame.play(serverPort: serverPort, publicURL: String(door.url().dropLast()), caFile: door.authority.caFile,
                                                 name: "Caddy party", url: door.url, diagnostics: { door.process.transcript })
            defer { game.stop() }
            let code = game.code

            // /metrics: served to the machine itself, 403 to anyone else (127.0.0.2 is another address on lo).
            let local = try await TestTools.running(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--cacert", door.authority.caFile, door.url("metrics")], timeout: 20)
            #expect(local.1 == "200", "\(local)")
            let other = try await TestTools.running(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--interface", "127.0.0.2",
                                           "--cacert", door.authority.caFile, door.url("metrics")], timeout: 20)
            #expect(other.1 == "403", "\(other)")
            // Through Caddy: the room's start and its WebSocket (Caddy logs a request when it is done).
            #expect(door.accessLog.contains(#""uri":"/api/rooms""#), "\(door.accessLog)")
            #expect(await Poll.until(timeout: .seconds(30)) { door.accessLog.contains(#""uri":"/\#(code.lowercased())/ws""#) || door.accessLog.contains(#""uri":"/\#(code)/ws""#) },
                    "\(door.accessLog)")
        }
    }
}
