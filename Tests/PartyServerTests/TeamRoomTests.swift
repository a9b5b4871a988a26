import FourInARow
import Foundation
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
