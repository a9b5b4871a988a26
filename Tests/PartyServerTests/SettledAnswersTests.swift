import FourInARow
import Foundation
import PartyServer
import Snap
import Testing
import TwentyFour

/// The answers the audits found the host and PROTOCOL.md disagreeing on (issue "The room must
/// never stick", point 13): each is checked on the wire, and the document is checked to say it.
@Suite("Answers PROTOCOL.md and the host now agree on", .timeLimit(.minutes(2)))
struct SettledAnswersTests {
    static let games = [
        HostedGame(FourInARow.self, configuration: .init()),
        HostedGame(Snap.self, configuration: .init()),
        HostedGame(TwentyFour.self, configuration: .init()),
    ]

    /// PROTOCOL.md's text with runs of white space made one space (sentences wrap across lines).
    static let protocolText: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/PROTOCOL.md")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }()

    /// Sends an HTTP request as bytes; with `untilClosed`, reads until the host closes the
    /// connection (a host that keeps it open fails the test by its time limit), else until the
    /// answer's head is in.
    static func http(_ request: String, port: Int, untilClosed: Bool) async throws -> String {
        try await RawClient.with(port: port) { client in
            try await client.sendBytes(Array(request.utf8))
            // A 101 leaves HTTP behind: nothing more to read for these tests.
            return try await client.readText { text, _ in
                (!untilClosed || text.hasPrefix("HTTP/1.1 101")) && text.contains("\r\n\r\n")
            }
        }
    }

    static func upgrade(path: String, port: Int, headers: String) -> String {
        "GET \(path) HTTP/1.1\r\n\(headers)Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    }

    @Test("an upgrade with several Host headers is 400 and closed, with or without Origin, as every HTTP/1.1 request")
    func upgradeWithSeveralHosts() async throws {
        try await withHost(FourInARow.self) { _, port in
            for origin in ["", "Origin: http://127.0.0.1:\(port)\r\n"] {
                let request = Self.upgrade(path: "/ws", port: port, headers: "Host: 127.0.0.1:\(port)\r\nHost: evil.example\r\n" + origin)
                let text = try await Self.http(request, port: port, untilClosed: true)
                #expect(text.hasPrefix("HTTP/1.1 400 Bad Request"), "\(origin.isEmpty ? "no Origin" : origin): \(text.prefix(300))")
                #expect(text.contains("Connection: close"))
            }
        }
        #expect(Self.protocolText.contains("An upgrade without exactly one `Host` header is `400 Bad Request`"))
    }

    @Test("an upgrade at another path is 404 and the connection closes; a plain 404 keeps it open")
    func upgradeAtAnotherPath() async throws {
        try await withHost(FourInARow.self) { _, port in
            let text = try await Self.http(Self.upgrade(path: "/socket", port: port, headers: "Host: 127.0.0.1:\(port)\r\n"),
                                           port: port, untilClosed: true)
            #expect(text.hasPrefix("HTTP/1.1 404 Not Found"), "\(text.prefix(300))")
            #expect(text.contains("Connection: close"), "\(text.prefix(400))")
            let plain = try await Self.http("GET /socket HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n", port: port, untilClosed: false)
            #expect(plain.hasPrefix("HTTP/1.1 404 Not Found") && plain.contains("Connection: keep-alive"), "\(plain.prefix(400))")
        }
        #expect(Self.protocolText.contains("an upgrade asked for at another path is `404`, and the connection closes"))
    }

    @Test("/join.svg is sent with Cache-Control: no-store, as the document says")
    func joinImageIsNotStored() async throws {
        try await withHost(FourInARow.self) { _, port in
            let text = try await Self.http("GET /join.svg HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n",
                                                port: port, untilClosed: true)
            #expect(text.hasPrefix("HTTP/1.1 200 OK"), "\(text.prefix(300))")
            #expect(text.contains("Cache-Control: no-store\r\n"), "\(text.prefix(600))")
        }
        #expect(Self.protocolText.contains("`no-store` for `/join.svg` (made per request) and for errors"))
    }

    @Test("the vote count is \"1 of 2 has voted.\" for one vote and \"have\" otherwise, as documented")
    func voteWording() async throws {
        let settings = RoomSettings(games: Self.games, choice: .vote(countdownSeconds: 60), startDelayMilliseconds: 0)
        _ = try await withRoom(settings) { _, port in
            try await RawClient.with(port: port) { ann in
                try await RawClient.with(port: port) { bob in
                    try await PartyRoomRawTests.hello(&ann, "Ann")
                    _ = try await ann.next("room")
                    try await PartyRoomRawTests.hello(&bob, "Bob")
                    var room = try await ann.next("room")
                    #expect(room?["message"] as? String == "Vote for the next game: 0 of 2 have voted.")
                    try await ann.send("vote", #""game": "twentyfour""#)
                    room = try await bob.next("room")
                    while let current = room, (current["votes"] as? [Any])?.isEmpty != false { room = try await bob.next("room") }
                    #expect(room?["message"] as? String == "Vote for the next game: 1 of 2 has voted.")
                }
            }
        }
        #expect(Self.protocolText.contains("(`Vote for the next game: 2 of 3 have voted.`, `… 1 of 3 has voted.`"))
    }

    @Test("vote refusals come in the documented order; a vote without a string game is invalidFields; a bot's vote is notAPlayer")
    func voteRefusalOrder() async throws {
        let settings = RoomSettings(games: Self.games, choice: .playlist(["snap", "twentyfour"]), startDelayMilliseconds: 600_000)
        _ = try await withRoom(settings) { _, port in
            try await RawClient.with(port: port) { ann in
                try await PartyRoomRawTests.hello(&ann, "Ann")
                let room = try await ann.next("room")
                // Ann alone: the playlist proposes TwentyFour (Snap! needs two).
                #expect(room?["proposal"] as? String == "twentyfour")
                // Not on the menu: unknownGame, before the playlist is asked.
                try await ann.send("vote", #""game": "chess""#)
                #expect(try await ann.next("error")?["reason"] as? String == "unknownGame")
                // On the menu, not proposed, and not playable by one either: playlist comes first.
                try await ann.send("vote", #""game": "fourinarow""#)
                let notProposed = try await ann.next("error")
                #expect(notProposed?["reason"] as? String == "playlist", "\(String(describing: notProposed))")
                // No game, or not a string: invalidFields naming the field.
                try await ann.send("vote")
                let missing = try #require(try await ann.next("error"))
                #expect(missing["reason"] as? String == "invalidFields")
                #expect(missing["message"] as? String == #"The fields of this "vote" message are not valid: missing field "game"."#)
                #expect(missing["inReplyTo"] as? Int == ann.seq)
                try await ann.send("vote", #""game": 5"#)
                let number = try #require(try await ann.next("error"))
                #expect(number["reason"] as? String == "invalidFields")
                #expect(number["message"] as? String == #"The fields of this "vote" message are not valid: "game" has the wrong type."#)
                try await RawClient.with(port: port) { bot in
                    try await PartyRoomRawTests.hello(&bot, "Ada (bot)", extra: #""bot": true"#)
                    _ = try await bot.next("room")
                    // A bot's vote: notAPlayer, before the game is even looked up.
                    try await bot.send("vote", #""game": "chess""#)
                    let fromBot = try #require(try await bot.next("error"))
                    #expect(fromBot["reason"] as? String == "notAPlayer")
                    #expect(fromBot["message"] as? String == "Bots do not vote; the people in the room choose the games.")
                }
            }
        }
        let text = Self.protocolText
        #expect(text.contains("checked in this order, and the first that fails is the answer"))
        #expect(text.contains(#"`The fields of this "vote" message are not valid: missing field "game".`"#))
        #expect(text.contains("| `notAPlayer` | `Bots do not vote; the people in the room choose the games.` |"))
    }

    @Test("--choose host: before the host's player sits down nobody else votes and nobody is waited for; then only the host")
    func hostChoosesBeforeSittingDown() async throws {
        let settings = RoomSettings(games: Self.games, choice: .host, startDelayMilliseconds: 600_000)
        var options = HostOptions.test()
        options.reserveHostSeat = true
        _ = try await withRoom(settings, options: options) { host, port in
            try await RawClient.with(port: port) { bob in
                try await PartyRoomRawTests.hello(&bob, "Bob")
                let early = try #require(try await bob.next("room"))
                #expect(early["waitingFor"] as? [String] == [], "\(early)")
                #expect(early["message"] as? String == "The host chooses the next game; waiting for the host's player to sit down.")
                try await bob.send("vote", #""game": "twentyfour""#)
                #expect(try await bob.next("error")?["reason"] as? String == "hostChooses")
                try await RawClient.with(port: port) { ann in
                    try await PartyRoomRawTests.hello(&ann, "Ann", hostKey: host.hostKey)
                    _ = try await ann.next("room")
                    var room = try await bob.next("room")
                    while let current = room, (current["waitingFor"] as? [String])?.isEmpty != false { room = try await bob.next("room") }
                    #expect(room?["waitingFor"] as? [String] == ["Ann"])
                    #expect(room?["message"] as? String == "Ann (the host) chooses the next game.")
                    #expect(room?["state"] as? String == "choosing")
                }
            }
        }
        #expect(Self.protocolText.contains("until the host's player has sat down, nobody votes"))
    }
}
