import FourInARow
import Foundation
import PartyServer
import Testing
import TwentyFour

/// Issue 36, "PROTOCOL.md: exact for a third party": where sections 5, 6, 9, 16, 17 and 18
/// disagreed, the rule chosen, checked on the wire.
@Suite("PROTOCOL.md is exact for a third party", .timeLimit(.minutes(2)))
struct ExactProtocolTests {
    /// A locked session's options: dedicated, starting at `startAt`, raw clients kept 10 minutes.
    static func locked(startAt: Int, teams: Bool = false) -> HostOptions {
        var options = HostOptions.dedicated(startAt: startAt)
        options.peerTimeoutMilliseconds = 600_000
        options.predictionMilliseconds = 600_000
        options.teams = teams
        return options
    }

    @Test("a spectator that did not ask for predictions gets the answers to its own predict (prediction), never the split")
    func predictWithoutFeature() async throws {
        let hellos: [(name: String, extra: String)] = [("Eve", #""role": "spectator""#), ("Ann", ""), ("Bob", "")]
        try await withHost(FourInARow.self, options: Self.locked(startAt: 2)) { _, port in
            try await TeamTestSupport.withClients(port: port, hellos, protocolVersion: 1) { clients in
                let (eve, ann, bob) = (0, 1, 2)
                try await clients[ann].send("ready", #""ready": true"#)
                try await clients[bob].send("ready", #""ready": true"#)
                var seen = try await clients[eve].types(through: "view")
                try await clients[eve].send("predict", #""seat": 1"#)
                let (before, accepted) = try await clients[eve].collect(through: "prediction")
                seen += before
                #expect(accepted?["message"] as? String == "You said Bob.")
                // Ann 1, Bob 2, three times; Ann 5; Bob 2 wins.
                for (turn, column) in [1, 2, 1, 2, 1, 2, 5, 2].enumerated() {
                    let mover = turn % 2 == 0 ? ann : bob
                    _ = try await clients[mover].next("view", where: { Board.discs($0) == turn })
                    try await clients[mover].drop(column)
                }
                seen += try await clients[eve].types(through: "gameOver")
                let (after, settled) = try await clients[eve].collect(through: "prediction")
                seen += after
                #expect(settled?["message"] as? String == "You said Bob — right! +50")
                seen += try await clients[eve].types(through: "lobby")
                #expect(!seen.contains("predictions"), "\(seen)")
            }
        }
    }

    @Test("a party room's TwentyFour (5 rounds) that everybody who plays it leaves is abandoned: no gameOver, no prediction settled, nothing scored, the number not counted")
    func roomGameAbandoned() async throws {
        let settings = RoomSettings(games: [HostedGame(TwentyFour.self, configuration: TwentyFourConfiguration(roundSeconds: 95, rounds: 5))],
                                    choice: .vote(countdownSeconds: 600), startDelayMilliseconds: 0)
        var options = HostOptions.test(peerMs: 600_000)
        options.predictionMilliseconds = 600_000
        let hellos: [(name: String, extra: String)] = [("Sam", #""role": "spectator", "features": ["predictions"]"#), ("Ann", ""), ("Bob", "")]
        let ((), report) = try await withRoom(settings, options: options) { _, port in
            try await TeamTestSupport.withClients(port: port, hellos) { clients in
                let (sam, ann, bob) = (0, 1, 2)
                try await clients[ann].send("vote", #""game": "twentyfour""#)
                try await clients[bob].send("vote", #""game": "twentyfour""#)
                _ = try #require(try await clients[sam].next("predictions"))
                try await clients[sam].send("predict", #""seat": 0"#)
                _ = try #require(try await clients[sam].next("prediction"))
                try await clients[ann].send("leave")
                try await clients[bob].send("leave")
                var seen: [String] = []
                var choosing: [String: Any]?
                while let message = try await clients[sam].next() {
                    // A split sent while the game still ran (Ann gone, Bob not yet: on a loaded
                    // machine the held-back split can go out between the two) is no settlement.
                    let type = message["type"] as? String ?? "?"
                    seen.append(type == "predictions" ? "predictions(\(message["state"] as? String ?? "?"))" : type)
                    if type == "room", message["state"] as? String == "choosing" {
                        choosing = message
                        break
                    }
                }
                let room = try #require(choosing)
                #expect(!seen.contains("gameOver") && !seen.contains("prediction") && !seen.contains("predictions(settled)"), "\(seen)")
                #expect(room["number"] as? Int == 1)
                #expect(room["last"] == nil)
                let lines = try #require(room["scoreboard"] as? [[String: Any]])
                #expect(lines.allSatisfy { $0["points"] as? Int == 0 && $0["played"] as? Int == 0 }, "\(lines)")
            }
        }
        #expect(report.games.isEmpty)
    }

    @Test("a locked TwentyFour (5 rounds) that everybody who plays it leaves is abandoned: no gameOver, the table is a lobby again")
    func lockedGameAbandoned() async throws {
        let hellos: [(name: String, extra: String)] = [("Sam", #""role": "spectator""#), ("Ann", "")]
        try await withHost(TwentyFour.self, configuration: TwentyFourConfiguration(roundSeconds: 95, rounds: 5),
                           options: Self.locked(startAt: 1)) { _, port in
            try await TeamTestSupport.withClients(port: port, hellos) { clients in
                try await clients[1].send("ready", #""ready": true"#)
                _ = try #require(try await clients[0].next("view"))
                try await clients[1].send("leave")
                var seen: [String] = []
                while let message = try await clients[0].next() {
                    seen.append(message["type"] as? String ?? "?")
                    if message["type"] as? String == "lobby", message["state"] as? String != "playing" {
                        #expect(message["state"] as? String == "lobby")
                        break
                    }
                }
                #expect(!seen.contains("gameOver"), "\(seen)")
            }
        }
    }

    @Test("--game fourinarow --teams welcomes with the team capacity: 64 by default, 128 with --max-connections 200, 40 with 40",
          arguments: [(64, 64), (200, 128), (40, 40)])
    func lockedTeamCapacity(maxConnections: Int, capacity: Int) async throws {
        var options = TeamTestSupport.options(startAt: 2)
        options.maxConnections = maxConnections
        options.maxConnectionsPerAddress = maxConnections
        try await withHost(FourInARow.self, options: options) { _, port in
            try await RawClient.with(port: port) { ann in
                try await ann.hello("Ann")
                let welcome = try #require(try await ann.next("welcome"))
                #expect(welcome["maxPlayers"] as? Int == capacity)
                #expect(welcome["minPlayers"] as? Int == 2)
            }
        }
    }

    @Test("a party room's maxPlayers: with teams the larger of its menu's and min(128, --max-connections); without, its menu's largest",
          arguments: [(true, 64, 64), (true, 200, 128), (true, 40, 40), (true, 10, 16), (false, 200, 16)])
    func roomCapacity(teams: Bool, maxConnections: Int, capacity: Int) async throws {
        let settings = RoomSettings(games: [HostedGame(FourInARow.self, configuration: .init()), HostedGame(TwentyFour.self, configuration: .init())],
                                    choice: .vote(countdownSeconds: 600), startDelayMilliseconds: 0)
        var options = HostOptions.test()
        options.teams = teams
        options.maxConnections = maxConnections
        options.maxConnectionsPerAddress = maxConnections
        _ = try await withRoom(settings, options: options) { _, port in
            try await RawClient.with(port: port) { ann in
                try await PartyRoomRawTests.hello(&ann, "Ann")
                let welcome = try #require(try await ann.next("welcome"))
                #expect(welcome["maxPlayers"] as? Int == capacity)
            }
        }
    }

    @Test("--game fourinarow --teams: a newcomer while the game runs is welcomed (never gameInProgress) and joins the first of the smallest teams, which takes a team's name")
    func newcomerJoinsTeam() async throws {
        try await withHost(FourInARow.self, options: Self.locked(startAt: 2, teams: true)) { _, port in
            let hellos: [(name: String, extra: String)] = ["Ann", "Bob"].map { ($0, TeamTestSupport.teams) }
            try await TeamTestSupport.withClients(port: port, hellos) { clients in
                try await clients[0].send("ready", #""ready": true"#)
                try await clients[1].send("ready", #""ready": true"#)
                _ = try #require(try await clients[0].next("view"))
                try await RawClient.with(port: port) { cy in
                    try await cy.send("hello", #""protocol": 2, "client": "test", "clientVersion": "1", "name": "Cy", "features": ["teams"]"#)
                    let welcome = try #require(try await cy.next())
                    #expect(welcome["type"] as? String == "welcome", "\(welcome)")
                    let lobby = try #require(try await cy.next("lobby", where: { $0["state"] as? String == "playing" }))
                    // Two teams of one: the first (seat 0) takes the newcomer.
                    #expect(lobby["you"] as? Int == 0)
                    let team = try #require(try await cy.next("team"))
                    #expect(team["name"] as? String == "Team Ann & Cy")
                    #expect((team["members"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Ann", "Cy"])
                }
            }
        }
    }
}

extension RawClient {
    /// Reads up to and including the next message of `type`: the types of every message read on
    /// the way (that one included), and that message (nil at close).
    mutating func collect(through type: String) async throws -> (types: [String], message: [String: Any]?) {
        var seen: [String] = []
        while let message = try await next() {
            let kind = message["type"] as? String ?? "?"
            seen.append(kind)
            if kind == type { return (seen, message) }
        }
        return (seen, nil)
    }
}
