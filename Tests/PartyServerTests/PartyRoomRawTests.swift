import FourInARow
import Foundation
import PartyKit
import PartyServer
import PartyWire
import RockPaperScissors
import Snap
import Testing
import TwentyFour

/// The party room's wire, frame by frame, on raw connections.
@Suite("Party room on the wire")
struct PartyRoomRawTests {
    static let games = [
        HostedGame(FourInARow.self, configuration: .init()),
        HostedGame(Snap.self, configuration: .init()),
        HostedGame(TwentyFour.self, configuration: .init()),
    ]

    @Test("a protocol-2 newcomer gets welcome (party), lobby, room; votes answer with the room or a typed error")
    func welcomeLobbyRoomAndVotes() async throws {
        let settings = RoomSettings(games: Self.games, choice: .vote(countdownSeconds: 30), startDelayMilliseconds: 0)
        _ = try await withRoom(settings) { host, port in
            try await RawClient.with(port: port) { ann in
                try await ann.send("hello", #""protocol": 2, "client": "test", "clientVersion": "1", "name": "Ann""#)
                let welcome = try #require(try await ann.next())
                Self.show(ann)
                #expect(welcome["type"] as? String == "welcome")
                #expect(welcome["game"] as? String == "party")
                #expect(welcome["room"] as? Bool == true)
                #expect(welcome["maxPlayers"] as? Int == 16)
                let lobby = try #require(try await ann.next())
                #expect(lobby["type"] as? String == "lobby")
                let room = try #require(try await ann.next())
                Self.show(ann)
                #expect(room["type"] as? String == "room")
                #expect(room["state"] as? String == "choosing")
                try await ann.send("vote", #""game": "fourinarow""#)
                let refused = try #require(try await ann.next("error"))
                Self.show(ann)
                #expect(refused["reason"] as? String == "notPlayable")
                try await ann.send("vote", #""game": "chess""#)
                #expect(try await ann.next("error")?["reason"] as? String == "unknownGame")
                try await ann.send("vote", #""game": "twentyfour""#)
                _ = try #require(try await ann.next("room"))
                Self.show(ann)
            }
        }
    }

    /// Says a protocol-2 hello (no game: the room's).
    static func hello(_ client: inout RawClient, _ name: String, hostKey: String? = nil, extra: String = "") async throws {
        let key = hostKey.map { #", "hostKey": "\#($0)""# } ?? ""
        let more = extra.isEmpty ? "" : ", \(extra)"
        try await client.send("hello", #""protocol": 2, "client": "test", "clientVersion": "1", "name": "\#(name)""# + key + more)
    }

    /// The next `room` message whose state is `state`.
    static func room(_ client: inout RawClient, _ state: String) async throws -> [String: Any]? {
        while let room = try await client.next("room") {
            if room["state"] as? String == state { return room }
        }
        return nil
    }

    @Test("a protocol-1 client is refused by a room with unsupportedVersion, and welcomed with protocol 1 by a locked host")
    func protocolOne() async throws {
        let settings = RoomSettings(games: Self.games, choice: .vote(countdownSeconds: 30), startDelayMilliseconds: 0)
        _ = try await withRoom(settings) { _, port in
            try await RawClient.with(port: port) { old in
                try await old.hello("Old")
                let reject = try #require(try await old.next())
                Self.show(old)
                #expect(reject["reason"] as? String == "unsupportedVersion")
                #expect(reject["message"] as? String
                        == "This is a party room (a different game each time); it needs protocol 2 and your client speaks 1. Please update.")
            }
            try await RawClient.with(port: port) { lost in
                try await Self.hello(&lost, "Lost", extra: #""game": "chess""#)
                let reject = try #require(try await lost.next())
                Self.show(lost)
                #expect(reject["reason"] as? String == "wrongGame")
                #expect(reject["message"] as? String == "This party room plays Four in a Row, Snap! and TwentyFour, not chess.")
            }
            try await RawClient.with(port: port) { named in
                try await Self.hello(&named, "Named", extra: #""game": "snap""#)
                #expect(try await named.next()?["type"] as? String == "welcome")
            }
        }
        try await withHost(FourInARow.self) { _, port in
            try await RawClient.with(port: port) { old in
                try await old.hello("Old")
                let welcome = try #require(try await old.next())
                #expect(welcome["type"] as? String == "welcome")
                #expect(welcome["protocol"] as? Int == 1)
                #expect(welcome["room"] == nil)
            }
        }
    }

    @Test("--choose host: only the host's player picks; start refuses before a pick, ends the start delay after; errors while a game runs")
    func hostChoosesAndStarts() async throws {
        let settings = RoomSettings(games: Self.games, choice: .host, startDelayMilliseconds: 600_000)
        _ = try await withRoom(settings) { host, port in
            try await RawClient.with(port: port) { ann in
                try await RawClient.with(port: port) { bob in
                    try await Self.hello(&ann, "Ann", hostKey: host.hostKey)
                    _ = try await Self.room(&ann, "choosing")
                    try await Self.hello(&bob, "Bob")
                    let choosing = try #require(try await Self.room(&bob, "choosing"))
                    #expect(choosing["choice"] as? String == "host")
                    #expect(choosing["message"] as? String == "Ann (the host) chooses the next game.")
                    #expect(choosing["waitingFor"] as? [String] == ["Ann"])
                    try await bob.send("vote", #""game": "snap""#)
                    let refused = try #require(try await bob.next("error"))
                    Self.show(bob)
                    #expect(refused["reason"] as? String == "hostChooses")
                    try await ann.send("start")
                    #expect(try await ann.next("error")?["message"] as? String == "Nobody has voted yet.")
                    try await ann.send("vote", #""game": "fourinarow""#)
                    let starting = try #require(try await Self.room(&bob, "starting"))
                    Self.show(bob)
                    #expect((starting["countdownMs"] as? Int ?? 0) > 500_000)
                    #expect(starting["message"] as? String == "The host chose Four in a Row.")
                    try await bob.send("start")
                    #expect(try await bob.next("error")?["reason"] as? String == "notHost")
                    try await ann.send("start")
                    _ = try #require(try await Self.room(&bob, "playing"))
                    Self.show(bob)
                    let lobby = try #require(try await bob.next("lobby"))
                    Self.show(bob)
                    #expect(lobby["state"] as? String == "playing")
                    #expect(try await bob.next("view") != nil)
                    try await ann.send("start")
                    #expect(try await ann.next("error")?["message"] as? String == "A game is already running.")
                    try await bob.send("ready", #""ready": true"#)
                    try await bob.send("rematch")
                    let noRematch = try #require(try await bob.next("error"))
                    #expect(noRematch["reason"] as? String == "noRematch")
                    #expect(noRematch["inReplyTo"] as? Int == bob.seq)
                    try await ann.send("vote", #""game": "snap""#)
                    #expect(try await ann.next("error")?["reason"] as? String == "notChoosing")
                    // Bob leaves: Ann wins; gameOver with standings, the room chooses again with the result.
                    try await bob.send("leave")
                    let over = try #require(try await ann.next("gameOver"))
                    Self.show(ann)
                    #expect((over["standings"] as? [[String: Any]])?.map { $0["place"] as? Int } == [1, 2])
                    let after = try #require(try await ann.next("room"))
                    Self.show(ann)
                    #expect(after["state"] as? String == "choosing")
                    #expect((after["last"] as? [String: Any])?["game"] as? String == "fourinarow")
                    let table = try #require(try await ann.next())
                    Self.show(ann)
                    #expect(table["type"] as? String == "lobby" && table["state"] as? String == "lobby")
                    host.shutdown(message: "Good night.")
                    let ended = try #require(try await ann.next("ended"))
                    Self.show(ann)
                    let final = try #require(ended["scoreboard"] as? [[String: Any]])
                    #expect(final.map { $0["name"] as? String } == ["Ann", "Bob"])
                    #expect(final.map { $0["points"] as? Int } == [100, 0])
                    #expect(final.map { $0["present"] as? Bool } == [true, false])
                }
            }
        }
    }

    @Test("the host's own player quitting ends the party: the final standings do not call the host 'left'")
    func hostQuits() async throws {
        let settings = RoomSettings(games: Self.games, choice: .vote(countdownSeconds: 30), startDelayMilliseconds: 0)
        _ = try await withRoom(settings) { host, port in
            try await RawClient.with(port: port) { ann in
                try await RawClient.with(port: port) { bob in
                    try await Self.hello(&ann, "Ann", hostKey: host.hostKey)
                    _ = try await ann.next("welcome")
                    try await Self.hello(&bob, "Bob")
                    _ = try await bob.next("welcome")
                    // partyhost's own client says leave as it quits, then the host ends the room.
                    try await ann.send("leave")
                    while let lobby = try await bob.next("lobby"), (lobby["players"] as? [Any])?.count != 1 {}
                    host.shutdown(message: "Ann closed the party.")
                    let ended = try #require(try await bob.next("ended"))
                    let final = try #require(ended["scoreboard"] as? [[String: Any]])
                    #expect(final.map { $0["name"] as? String }.sorted { ($0 ?? "") < ($1 ?? "") } == ["Ann", "Bob"])
                    #expect(final.allSatisfy { $0["present"] as? Bool == true }, "\(final)")
                }
            }
        }
    }

    @Test("a vote starts the countdown, the room re-sends it while it runs, and it picks when it runs out; start picks at once")
    func countdownPicks() async throws {
        let settings = RoomSettings(games: Self.games, choice: .vote(countdownSeconds: 5), startDelayMilliseconds: 0)
        _ = try await withRoom(settings) { host, port in
            try await RawClient.with(port: port) { ann in
                try await RawClient.with(port: port) { bob in
                    try await Self.hello(&ann, "Ann", hostKey: host.hostKey)
                    try await Self.hello(&bob, "Bob")
                    _ = try await bob.next("welcome")
                    try await ann.send("vote", #""game": "twentyfour""#)
                    var countdowns: [Int] = []
                    var picked: [String: Any]?
                    while let room = try await bob.next("room") {
                        if let left = room["countdownMs"] as? Int, room["state"] as? String == "choosing" { countdowns.append(left) }
                        if room["state"] as? String != "choosing" {
                            picked = room
                            break
                        }
                    }
                    // The vote's own room, then at least one re-sent while the countdown ran (once a
                    // second: four chances in five seconds, however loaded the machine).
                    #expect(countdowns.count >= 2)
                    #expect(countdowns == countdowns.sorted(by: >))
                    #expect(picked?["message"] as? String == "TwentyFour has the most votes (1).")
                    // Bob watches nothing: TwentyFour seats everyone.
                    let current = try #require(picked?["current"] as? [String: Any])
                    #expect((current["players"] as? [Int])?.count == 2)
                }
            }
        }
        _ = try await withRoom(settings) { host, port in
            try await RawClient.with(port: port) { ann in
                try await RawClient.with(port: port) { bob in
                    // Ann must be seated before Bob votes: Snap needs two (on two connections the
                    // hellos' order is not fixed, and a lone Bob's vote for Snap is refused).
                    try await Self.hello(&ann, "Ann", hostKey: host.hostKey)
                    _ = try await ann.next("welcome")
                    try await Self.hello(&bob, "Bob")
                    _ = try await bob.next("welcome")
                    try await bob.send("vote", #""game": "snap""#)
                    while let room = try await ann.next("room"), (room["votes"] as? [Any])?.count != 1 {}
                    try await ann.send("start")
                    let playing = try #require(try await Self.room(&ann, "playing"))
                    #expect((playing["current"] as? [String: Any])?["game"] as? String == "snap")
                }
            }
        }
    }

    @Test("a playlist proposes its next playable game; a vote for another is refused; confirming starts it")
    func playlist() async throws {
        let settings = RoomSettings(games: Self.games, choice: .playlist(["fourinarow", "twentyfour"]), startDelayMilliseconds: 0)
        _ = try await withRoom(settings) { _, port in
            try await RawClient.with(port: port) { ann in
                try await Self.hello(&ann, "Ann")
                let choosing = try #require(try await Self.room(&ann, "choosing"))
                Self.show(ann)
                #expect(choosing["proposal"] as? String == "twentyfour")
                #expect(choosing["message"] as? String == "Next on the playlist: TwentyFour — vote for it to start.")
                try await ann.send("vote", #""game": "snap""#)
                #expect(try await ann.next("error")?["reason"] as? String == "playlist")
                try await ann.send("vote", #""game": "twentyfour""#)
                let playing = try #require(try await Self.room(&ann, "playing"))
                #expect((playing["current"] as? [String: Any])?["game"] as? String == "twentyfour")
            }
        }
    }

    /// With `ROOM_TEST_LOG` set, prints the frame `client` read last exactly as the host sent it
    /// (PROTOCOL.md's examples come from here).
    static func show(_ client: RawClient) {
        guard ProcessInfo.processInfo.environment["ROOM_TEST_LOG"] != nil else { return }
        print("WIRE", client.lastFrame)
    }
}
