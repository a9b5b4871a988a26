import FourInARow
import Foundation
import PartyServer
import Snap
import Testing

/// What a team's members are told about the game on: the room before a newcomer's first view, and
/// how the game's moves are played (`team.moves`), as it changes during the game.
@Suite("A team's game as its members are told it", .timeLimit(.minutes(1)))
struct TeamLineRoomTests {
    @Test("a newcomer to a team game gets the room (which names the game) before its first view, so a page draws it with the game's presenter")
    func roomBeforeTheFirstView() async throws {
        let settings = RoomSettings(games: [HostedGame(FourInARow.self, configuration: .init())], choice: .vote(countdownSeconds: 30),
                                    startDelayMilliseconds: 0)
        var options = HostOptions.test()
        options.teams = true
        let hellos: [(name: String, extra: String)] = ["Ann", "Bob", "Cy"].map { ($0, TeamTestSupport.teams) }
        _ = try await withRoom(settings, options: options) { _, port in
            try await TeamTestSupport.withClients(port: port, hellos) { clients in
                for index in clients.indices { try await clients[index].send("vote", #""game": "fourinarow""#) }
                _ = try #require(try await clients[0].next("room", where: { $0["state"] as? String == "playing" }))
                try await RawClient.with(port: port) { dan in
                    try await dan.send("hello", #""protocol": 2, "client": "test", "clientVersion": "1", "name": "Dan", "features": ["teams"]"#)
                    let seen = try await dan.types(through: "view")
                    let room = try #require(seen.firstIndex(of: "room"), "no room before the first view: \(seen)")
                    #expect(room < seen.count - 1, "\(seen)")
                }
            }
        }
    }

    @Test("Snap!: a team confirms the deal by proposals (moves proposed), then is told that its turns and snaps play at once (moves direct)")
    func snapTeamMoves() async throws {
        let settings = RoomSettings(games: [HostedGame(Snap.self, configuration: .init(turnSeconds: 30, turnLimit: 40))],
                                    choice: .vote(countdownSeconds: 600), startDelayMilliseconds: 0)
        var options = HostOptions.test()
        options.teams = true
        let hellos: [(name: String, extra: String)] = ["Ann", "Bob", "Cy", "Dee", "Eve"].map { ($0, TeamTestSupport.teams) }
        _ = try await withRoom(settings, options: options) { _, port in
            try await TeamTestSupport.withClients(port: port, hellos) { clients in
                for index in clients.indices { try await clients[index].send("vote", #""game": "snap""#) }
                let playing = try #require(try await clients[0].next("room", where: { $0["state"] as? String == "playing" }))
                let teams = try #require((playing["current"] as? [String: Any])?["teams"] as? [[Int]])
                let pair = try #require(teams.first { $0.count == 2 }, "\(teams)")
                // Member ids follow arrival: member n is client n - 1.
                let member = pair[0] - 1
                let dealing = try #require(try await clients[member].next("team"))
                #expect(dealing["moves"] as? String == "proposed")
                for index in clients.indices { try await clients[index].send("move", #""move": {"confirmDeal": {}}"#) }
                let turning = try #require(try await clients[member].next("team", where: { $0["moves"] as? String == "direct" }))
                #expect(turning["proposals"] as? [Any] != nil)
            }
        }
    }
}
