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
            let game = try await ServedGame.play(serverPort: serverPort, publicURL: String(door.url().dropLast()), caFile: door.authority.caFile,
                                                 name: "Door party", url: door.url, diagnostics: { door.errorLog })
            defer { game.stop() }
            let code = game.code
            // Through nginx: the room's start and its WebSocket, answered 201 and 101.
            #expect(door.accessLog.contains("POST /api/rooms HTTP/1.1\" 201"), "\(door.accessLog)")
            #expect(await Poll.until(timeout: .seconds(30)) { door.accessLog.contains("GET /\(code)/ws HTTP/1.1\" 101") }, "\(door.accessLog)")
        }
    }
}
