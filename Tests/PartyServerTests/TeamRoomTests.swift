import FourInARow
import Foundation
import PartyClient
import PartyKit
import PartyServer
import PartyWire
import Testing

/// Teams in a party room: a game that seats fewer than are present is played by everyone.
@Suite("Teams in a party room", .timeLimit(.minutes(1)))
struct TeamRoomTests {
    @Test("three members, Four in a Row: Ann & Cy against Bob; the winning team's members each get the seat's 100 points and a win")
    func teamScoring() async throws {
        let settings = RoomSettings(games: [HostedGame(FourInARow.self, configuration: .init())], choice: .vote(countdownSeconds: 30),
                                    startDelayMilliseconds: 0)
        var options = HostOptions.test()
        options.teams = true
        let hellos: [(name: String, extra: String)] = ["Ann", "Bob", "Cy"].map { ($0, TeamTestSupport.teams) }
        _ = try await withRoom(settings, options: options) { _, port in
            try await TeamTestSupport.withClients(port: port, hellos) { clients in
                for index in clients.indices { try await clients[index].send("vote", #""game": "fourinarow""#) }
                let playing = try #require(try await clients[0].next("room", where: { $0["state"] as? String == "playing" }))
                let current = try #require(playing["current"] as? [String: Any])
                #expect(current["teams"] as? [[Int]] == [[1, 3], [2]])
                #expect(current["watchers"] as? [Int] == [])
                #expect((playing["message"] as? String)?.contains("everyone plays, in teams: Team Ann & Cy and Bob") == true)
                let first = try #require(try await clients[1].next("view"))
                #expect((first["view"] as? [String: Any])?["turn"] as? Int == 0)
                // Seat 0 (Ann and Cy, both must agree) drops four in column 1; Bob answers in column 2.
                for round in 0..<4 {
                    try await clients[0].drop(1)
                    try await clients[2].drop(1)
                    _ = try #require(try await clients[1].next("view", where: { Board.discs($0) == 2 * round + 1 }))
                    if round < 3 {
                        try await clients[1].drop(2)
                        _ = try #require(try await clients[0].next("view", where: { Board.discs($0) == 2 * round + 2 }))
                        _ = try #require(try await clients[2].next("view", where: { Board.discs($0) == 2 * round + 2 }))
                    }
                }
                let over = try #require(try await clients[2].next("gameOver"))
                #expect(over["winners"] as? [Int] == [0])
                #expect((over["standings"] as? [Any])?.count == 2)
                let room = try #require(try await clients[2].next("room", where: { $0["state"] as? String == "choosing" }))
                let lines = try #require(room["scoreboard"] as? [[String: Any]])
                let points = Dictionary(uniqueKeysWithValues: lines.map { ($0["name"] as? String ?? "?", $0["points"] as? Int ?? -1) })
                #expect(points == ["Ann": 100, "Cy": 100, "Bob": 0])
                let wins = Dictionary(uniqueKeysWithValues: lines.map { ($0["name"] as? String ?? "?", $0["wins"] as? Int ?? -1) })
                #expect(wins == ["Ann": 1, "Cy": 1, "Bob": 0])
                let placements = try #require((room["last"] as? [String: Any])?["placements"] as? [[String: Any]])
                #expect(placements.count == 3)
                #expect(Set(placements.filter { $0["place"] as? Int == 1 }.compactMap { $0["name"] as? String }) == ["Ann", "Cy"])
            }
        }
    }
}

extension TeamRoomTests {
    @Test("a bot in the room watches a team game; a newcomer during it joins the smallest team, gets the seat's view and the team message")
    func botWatchesNewcomerJoins() async throws {
        let settings = RoomSettings(games: [HostedGame(FourInARow.self, configuration: .init())], choice: .vote(countdownSeconds: 30),
                                    startDelayMilliseconds: 0)
        var options = HostOptions.test()
        options.teams = true
        let hellos: [(name: String, extra: String)] = [("Ada", #""bot": true"#)] + ["Ann", "Bob", "Cy"].map { ($0, TeamTestSupport.teams) }
        _ = try await withRoom(settings, options: options) { _, port in
            try await TeamTestSupport.withClients(port: port, hellos) { clients in
                for index in 1...3 { try await clients[index].send("vote", #""game": "fourinarow""#) }
                let playing = try #require(try await clients[1].next("room", where: { $0["state"] as? String == "playing" }))
                let current = try #require(playing["current"] as? [String: Any])
                // People 2, 3, 4 (Ann, Bob, Cy) in two teams; the bot (1) watches.
                #expect(current["teams"] as? [[Int]] == [[2, 4], [3]])
                #expect(current["watchers"] as? [Int] == [1])
                #expect((playing["message"] as? String)?.hasSuffix("in teams: Team Ann & Cy and Bob. Ada watches.") == true)
                _ = try #require(try await clients[1].next("view"))
                try await RawClient.with(port: port) { dan in
                    try await dan.send("hello", #""protocol": 2, "client": "test", "clientVersion": "1", "name": "Dan", "features": ["teams"]"#)
                    _ = try #require(try await dan.next("welcome"))
                    let lobby = try #require(try await dan.next("lobby", where: { $0["you"] as? Int == 1 }))
                    let me = (lobby["players"] as? [[String: Any]])?.first { $0["name"] as? String == "Dan" }
                    #expect(me?["team"] as? String == "Team Bob & Dan")
                    #expect(me?["watching"] == nil)
                    let team = try #require(try await dan.next("team"))
                    #expect(team["name"] as? String == "Team Bob & Dan" && team["seat"] as? Int == 1)
                    let view = try #require(try await dan.next("view"))
                    #expect((view["view"] as? [String: Any])?["you"] as? Int == 1)
                }
            }
        }
    }
}

/// What partyclient makes of teams: the status line and the seat's name.
@Suite("Teams on the client's table")
struct TeamTableStateTests {
    @Test("a team message takes the status line with the team's name and live proposals; the seat goes by the team's name; me is my own entry")
    func statusLine() {
        let cy = PlayerInfo(seat: 0, name: "Cy", ready: false, host: false, bot: false, team: "Team Ann & Cy")
        let ann = PlayerInfo(seat: 0, name: "Ann", ready: false, host: false, bot: false, team: "Team Ann & Cy")
        let bob = PlayerInfo(seat: 1, name: "Bob", ready: false, host: false, bot: false)
        let welcome = Welcome(session: "s", game: "fourinarow", title: "Four in a Row", sessionName: "Test", seat: 2, role: "player",
                              reconnected: false, name: "Cy", players: [ann, bob, cy], minPlayers: 2, maxPlayers: 64, token: "t")
        var table = TableState<FourInARowView>(welcome: welcome)
        _ = table.apply(.lobby(Lobby(state: "playing", players: [ann, cy, bob], you: 0, canStart: false, gamesPlayed: 1,
                                     message: "Four in a Row is on.")))
        #expect(table.names[SeatID(0)] == "Team Ann & Cy")
        #expect(table.names[SeatID(1)] == "Bob")
        #expect(table.me?.name == "Cy")
        let team = TeamMessage(game: 1, seat: 0, name: "Team Ann & Cy", members: [.init(name: "Ann", connected: true), .init(name: "Cy", connected: true)],
                               proposals: [.init(name: "Ann", label: "Drop in column 4", votes: 1)], windowMs: 9_200, majority: 2)
        #expect(table.apply(.team(team)) == .notice("Team Ann & Cy — proposals: Drop in column 4 (Ann) · 10 s"))
        let none = TeamMessage(game: 1, seat: 0, name: "Team Ann & Cy", members: team.members, proposals: [], windowMs: nil, majority: 2)
        #expect(table.apply(.team(none)) == .notice("Team Ann & Cy — 2 agreeing proposals play a move"))
    }
}
