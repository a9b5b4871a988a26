import FourInARow
import Foundation
import PartyKit
import PartyServer
import PartyWire
import Synchronization
import Testing
import TwentyFour

/// Who plays and who watches in a party room, newcomers during a game, and games nobody finishes.
@Suite("Party room seating")
struct PartyRoomSeatingTests {
    @Test("a game that seats fewer: its players take seats 0…n−1, the others watch from the seats after; a newcomer mid-game watches")
    func watchersAndNewcomers() async throws {
        let games = [HostedGame(FourInARow.self, configuration: .init()), HostedGame(TwentyFour.self, configuration: .init())]
        let settings = RoomSettings(games: games, choice: .vote(countdownSeconds: 600), startDelayMilliseconds: 0)
        _ = try await withRoom(settings) { host, port in
            try await RawClient.with(port: port) { ann in
                try await RawClient.with(port: port) { bob in
                    try await RawClient.with(port: port) { cy in
                        try await PartyRoomRawTests.hello(&cy, "Cy")
                        _ = try await cy.next("welcome")
                        try await PartyRoomRawTests.hello(&ann, "Ann", hostKey: host.hostKey)
                        _ = try await ann.next("welcome")
                        try await PartyRoomRawTests.hello(&bob, "Bob")
                        _ = try await bob.next("welcome")
                        // Ann and Bob vote first, then Cy: the first voters play.
                        // (Bob votes once Ann's vote is in: on two connections their order is not fixed.)
                        try await ann.send("vote", #""game": "fourinarow""#)
                        while let room = try await cy.next("room"), (room["votes"] as? [Any])?.count != 1 {}
                        try await bob.send("vote", #""game": "fourinarow""#)
                        while let room = try await cy.next("room"), (room["votes"] as? [Any])?.count != 2 {}
                        try await cy.send("vote", #""game": "fourinarow""#)
                        let playing = try #require(try await PartyRoomRawTests.room(&cy, "playing"))
                        PartyRoomRawTests.show(cy)
                        let current = try #require(playing["current"] as? [String: Any])
                        // Cy arrived first, but voted last: Ann and Bob play, Cy watches.
                        #expect((current["players"] as? [Int])?.count == 2)
                        #expect((current["watchers"] as? [Int])?.count == 1)
                        #expect(playing["message"] as? String
                                == "Four in a Row has the most votes (3). Four in a Row seats 2: Ann and Bob play (who played least first); Cy watches.")
                        let lobby = try #require(try await cy.next("lobby"))
                        PartyRoomRawTests.show(cy)
                        let players = try #require(lobby["players"] as? [[String: Any]])
                        let watching = players.filter { $0["watching"] as? Bool == true }
                        #expect(watching.map { $0["seat"] as? Int } == [2])
                        #expect(lobby["you"] as? Int == 2)
                        #expect(players.compactMap { $0["seat"] as? Int } == [0, 1, 2])
                        let view = try #require(try await cy.next("view"))
                        #expect(view["yourTurn"] as? Bool == false)
                        try await cy.send("move", #""move": {"column": 3}"#)
                        let refused = try #require(try await cy.next("moveRejected"))
                        PartyRoomRawTests.show(cy)
                        #expect(refused["reason"] as? String == "watching")
                        // Dan arrives during the game: Four in a Row takes nobody mid-game, so Dan watches it.
                        try await RawClient.with(port: port) { dan in
                            try await PartyRoomRawTests.hello(&dan, "Dan")
                            let welcome = try #require(try await dan.next())
                            #expect(welcome["type"] as? String == "welcome")
                            let danLobby = try #require(try await dan.next())
                            #expect(danLobby["type"] as? String == "lobby")
                            let danPlayers = try #require(danLobby["players"] as? [[String: Any]])
                            let me = danPlayers.first { $0["seat"] as? Int == danLobby["you"] as? Int }
                            #expect(me?["watching"] as? Bool == true)
                            let room = try #require(try await dan.next())
                            #expect(room["type"] as? String == "room")
                            #expect(((room["current"] as? [String: Any])?["watchers"] as? [Int])?.contains(room["you"] as? Int ?? -1) == true)
                            #expect(try await dan.next()?["type"] as? String == "view")
                        }
                    }
                }
            }
        }
    }

    @Test("a game everyone who plays it leaves is abandoned: the room chooses again and nothing is scored")
    func abandonedGameScoresNothing() async throws {
        let settings = RoomSettings(games: [HostedGame(TwentyFour.self, configuration: .init())], choice: .vote(countdownSeconds: 600),
                                    startDelayMilliseconds: 0)
        let ((), report) = try await withRoom(settings) { _, port in
            try await RawClient.with(port: port) { sam in
                try await PartyRoomRawTests.hello(&sam, "Sam", extra: #""role": "spectator""#)
                _ = try await sam.next("welcome")
                try await RawClient.with(port: port) { ann in
                    try await RawClient.with(port: port) { bob in
                        // Ann is seated before Bob says hello: on two connections the hellos' order is
                        // not fixed, and TwentyFour seats one, so a lone Bob's vote would start it without her.
                        try await PartyRoomRawTests.hello(&ann, "Ann")
                        _ = try await ann.next("welcome")
                        try await PartyRoomRawTests.hello(&bob, "Bob")
                        _ = try await bob.next("welcome")
                        try await ann.send("vote", #""game": "twentyfour""#)
                        try await bob.send("vote", #""game": "twentyfour""#)
                        _ = try await PartyRoomRawTests.room(&sam, "playing")
                        try await ann.send("leave")
                        try await bob.send("leave")
                    }
                }
                let last = try #require(try await PartyRoomRawTests.room(&sam, "choosing"))
                PartyRoomRawTests.show(sam)
                #expect(last["number"] as? Int == 1)
                #expect(last["last"] == nil)
                let scoreboard = try #require(last["scoreboard"] as? [[String: Any]])
                #expect(scoreboard.count == 2)
                #expect(scoreboard.allSatisfy { $0["points"] as? Int == 0 && $0["played"] as? Int == 0 && $0["present"] as? Bool == false })
            }
        }
        #expect(report.games.isEmpty)
        #expect(report.standings.allSatisfy { $0.points == 0 })
    }

    @Test("plain text is decided per game; a player who reconnects during a game gets welcome, lobby, room and the game's view")
    func plainTextPerGameAndReconnection() async throws {
        let games = [HostedGame(FourInARow.self, configuration: .init()), HostedGame(TwentyFour.self, configuration: .init())]
        let settings = RoomSettings(games: games, choice: .vote(countdownSeconds: 600), startDelayMilliseconds: 0)
        _ = try await withRoom(settings) { host, port in
            try await RawClient.with(port: port) { ann in
                try await RawClient.with(port: port) { bob in
                    // Ann's client draws Four in a Row only; Bob's draws every game.
                    try await PartyRoomRawTests.hello(&ann, "Ann", extra: #""games": ["fourinarow"]"#)
                    _ = try await ann.next("welcome")
                    try await PartyRoomRawTests.hello(&bob, "Bob")
                    let token = try #require(try await bob.next("welcome")?["token"] as? String)
                    try await ann.send("vote", #""game": "twentyfour""#)
                    try await bob.send("vote", #""game": "twentyfour""#)
                    let annView = try #require(try await ann.next("view")?["view"] as? [String: Any])
                    #expect(annView["text"] is String)
                    let bobView = try #require(try await bob.next("view")?["view"] as? [String: Any])
                    #expect(bobView["text"] == nil)
                    try await RawClient.with(port: port) { again in
                        try await PartyRoomRawTests.hello(&again, "Bob", extra: #""token": "\#(token)""#)
                        var types: [String] = []
                        while types.count < 4, let next = try await again.next() {
                            if next["type"] as? String != "heartbeat" { types.append(next["type"] as? String ?? "?") }
                        }
                        #expect(types == ["welcome", "lobby", "room", "view"])
                    }
                }
            }
        }
    }

    @Test("a room's status says it is a room, whether it is choosing or playing, and which game is on")
    func roomStatus() async throws {
        let settings = RoomSettings(games: [HostedGame(TwentyFour.self, configuration: .init())], choice: .vote(countdownSeconds: 600),
                                    startDelayMilliseconds: 0)
        let statuses = StatusLog()
        _ = try await withRoom(settings) { host, port in
            let watcher = Task { for await status in host.statusUpdates { statuses.record(status) } }
            try await RawClient.with(port: port) { ann in
                try await PartyRoomRawTests.hello(&ann, "Ann")
                _ = try await ann.next("welcome")
                #expect(await statuses.wait { $0.last?.players == 1 })
                #expect(statuses.all.last == SessionStatus(players: 1, maxPlayers: 16, state: "choosing", joinable: true, room: true, game: nil))
                try await ann.send("vote", #""game": "twentyfour""#)
                _ = try await PartyRoomRawTests.room(&ann, "playing")
                #expect(await statuses.wait { $0.last?.state == "playing" })
                #expect(statuses.all.last == SessionStatus(players: 1, maxPlayers: 16, state: "playing", joinable: true, room: true,
                                                           game: "twentyfour"))
            }
            watcher.cancel()
        }
    }

    @Test("a session locked to one game sends gameOver with every seat's standing")
    func lockedGameOverStandings() async throws {
        try await withHost(FourInARow.self) { host, port in
            try await RawClient.with(port: port) { alice in
                try await RawClient.with(port: port) { bob in
                    _ = try await ReconnectionTests.startGame(&alice, &bob, hostKey: host.hostKey)
                    try await bob.send("leave")
                    let over = try #require(try await alice.next("gameOver"))
                    PartyRoomRawTests.show(alice)
                    let standings = try #require(over["standings"] as? [[String: Any]])
                    #expect(standings.map { $0["seat"] as? Int } == [0, 1])
                    #expect(standings.map { $0["place"] as? Int } == [1, 2])
                    // A locked session never speaks of a room: the table comes next.
                    #expect(try await alice.next()?["type"] as? String == "lobby")
                }
            }
        }
    }
}

/// The statuses a host published, for tests.
final class StatusLog: Sendable {
    let statuses = Mutex<[SessionStatus]>([])

    func record(_ status: SessionStatus) { statuses.withLock { $0.append(status) } }

    var all: [SessionStatus] { statuses.withLock { $0 } }

    /// Waits (polling, up to a minute) until `condition` holds for what was published.
    func wait(until condition: ([SessionStatus]) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if condition(all) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition(all)
    }
}
