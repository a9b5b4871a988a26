import FourInARow
import Foundation
import PartyKit
import PartyServer
import PartyWire
import SunTouch
import Testing

/// Teams over loopback: several people hold one seat, propose its moves, and share its view.
@Suite("Teams over loopback", .timeLimit(.minutes(5)))
struct TeamLoopbackTests {
    static let five: [(name: String, extra: String)] = ["Ann", "Bob", "Cy", "Dan", "Eve"].map { ($0, TeamTestSupport.teams) }

    /// Everyone says ready and reads up to their first view; returns those views.
    static func start(_ clients: inout [RawClient]) async throws -> [[String: Any]] {
        for index in clients.indices { try await clients[index].send("ready", #""ready": true"#) }
        var views: [[String: Any]] = []
        for index in clients.indices { views.append(try #require(try await clients[index].next("view"))) }
        return views
    }

    static func viewField(_ view: [String: Any], _ key: String) -> Any? {
        (view["view"] as? [String: Any])?[key]
    }

    @Test("five people in Four in a Row (two seats): balanced teams, named, each member gets the seat's view and the team message")
    func teamsFormed() async throws {
        try await withHost(FourInARow.self, options: TeamTestSupport.options(startAt: 5)) { _, port in
            try await TeamTestSupport.withClients(port: port, Self.five) { clients in
                for index in clients.indices { try await clients[index].send("ready", #""ready": true"#) }
                var seats: [Int] = []
                for index in clients.indices {
                    let lobby = try #require(try await clients[index].next("lobby", where: { $0["state"] as? String == "playing" }))
                    seats.append(try #require(lobby["you"] as? Int))
                    let players = try #require(lobby["players"] as? [[String: Any]])
                    #expect(players.count == 5)
                    let team = try #require(try await clients[index].next("team"))
                    #expect(team["seat"] as? Int == seats[index])
                    let expected = seats[index] == 0 ? "Team Ann, Cy & Eve" : "Team Bob & Dan"
                    #expect(team["name"] as? String == expected)
                    #expect((players.first { $0["name"] as? String == ["Ann", "Bob", "Cy", "Dan", "Eve"][index] })?["team"] as? String == expected)
                    #expect((team["members"] as? [[String: Any]])?.count == (seats[index] == 0 ? 3 : 2))
                    #expect(team["majority"] as? Int == 2)
                    let view = try #require(try await clients[index].next("view"))
                    #expect(Self.viewField(view, "you") as? Int == seats[index])
                }
                // Arrival order, balanced: Ann, Cy, Eve hold seat 0; Bob and Dan seat 1.
                #expect(seats == [0, 1, 0, 1, 0])
            }
        }
    }

    @Test("a move is played when a majority agrees: a split team waits; refused proposals get the game's reason and do not count")
    func majorityAndRefusals() async throws {
        try await withHost(FourInARow.self, options: TeamTestSupport.options(startAt: 5)) { _, port in
            try await TeamTestSupport.withClients(port: port, Self.five) { clients in
                let views = try await Self.start(&clients)
                #expect(Self.viewField(views[0], "turn") as? Int == 0)
                // Ann proposes 1, then Cy 4: one each, no majority of three.
                try await clients[0].drop(1)
                _ = try #require(try await clients[0].next("team", where: { ($0["proposals"] as? [Any])?.count == 1 }))
                try await clients[2].drop(4)
                let split = try #require(try await clients[0].next("team", where: { ($0["proposals"] as? [Any])?.count == 2 }))
                let labels = (split["proposals"] as? [[String: Any]])?.compactMap { $0["label"] as? String }
                #expect(labels == ["Drop in column 1", "Drop in column 4"])
                // A proposal the rules refuse: the game's own reason, and it does not count.
                try await clients[4].drop(9)
                #expect(try await clients[4].next("moveRejected")?["reason"] as? String == "columnOutOfRange")
                // Out of turn: the game's notYourTurn, at once.
                try await clients[1].drop(2)
                #expect(try await clients[1].next("moveRejected")?["reason"] as? String == "notYourTurn")
                // Eve joins Cy: two of three, column 4 is played.
                try await clients[4].drop(4)
                for index in clients.indices {
                    let view = try #require(try await clients[index].next("view"))
                    #expect(Board.discs(view) == 1 && Board.last(view) == 4)
                }
                let closed = try #require(try await clients[2].next("team", where: { ($0["proposals"] as? [Any])?.isEmpty == true }))
                #expect(closed["windowMs"] == nil)
            }
        }
    }

    @Test("when the window ends, the most-proposed move is played; a tie goes to the earliest proposal")
    func windowTie() async throws {
        // The window must outlast the time between Ann's proposal and Cy's reaching the host: with
        // 1.5 s, beside four CPU hogs, it ended first and Ann's move was played alone. The test waits
        // the window out once.
        try await withHost(FourInARow.self, options: TeamTestSupport.options(startAt: 5, proposalMs: 15_000)) { _, port in
            try await TeamTestSupport.withClients(port: port, Self.five) { clients in
                _ = try await Self.start(&clients)
                try await clients[0].drop(6)
                _ = try #require(try await clients[0].next("team", where: { ($0["proposals"] as? [Any])?.count == 1 }))
                try await clients[2].drop(3)
                // Both proposals count in one window (the team saw them side by side, with a window).
                let both = try #require(try await clients[0].next("team", where: { ($0["proposals"] as? [Any])?.count == 2 }))
                #expect(both["windowMs"] is Int)
                let view = try #require(try await clients[0].next("view"))
                #expect(Board.discs(view) == 1 && Board.last(view) == 6)
            }
        }
    }

    @Test("a client that knows nothing of teams (protocol 2, plain text) plays in one: its move is its proposal, and it gets no team message")
    func oldClientInTeam() async throws {
        let hellos = Self.five.map { $0.name == "Cy" ? (name: "Cy", extra: #""games": []"#) : $0 }
        try await withHost(FourInARow.self, options: TeamTestSupport.options(startAt: 5)) { _, port in
            try await TeamTestSupport.withClients(port: port, hellos) { clients in
                let views = try await Self.start(&clients)
                // Cy's view is plain text with the seat's moves.
                #expect(Self.viewField(views[2], "text") is String)
                try await clients[0].drop(3)
                _ = try #require(try await clients[0].next("team", where: { ($0["proposals"] as? [Any])?.count == 1 }))
                try await clients[2].drop(3)
                let seen = try await clients[2].types(through: "view")
                #expect(!seen.contains("team"))
                let view = try #require(try await clients[0].next("view"))
                #expect(Board.last(view) == 3)
            }
        }
    }

    @Test("a member who drops is one fewer voter; back with the token, they vote again; a team that leaves keeps its seat while one is left")
    func dropAndReturn() async throws {
        let hellos: [(name: String, extra: String)] = [("Ann", TeamTestSupport.teams), ("Bob", TeamTestSupport.teams)]
        try await withHost(FourInARow.self, options: TeamTestSupport.options(startAt: 3)) { _, port in
            try await TeamTestSupport.withClients(port: port, hellos) { clients in
                // Cy arrives third (seat 0 with Ann), then drops without leaving.
                let token: String = try await RawClient.with(port: port) { cy in
                    try await cy.send("hello", #""protocol": 2, "client": "test", "clientVersion": "1", "name": "Cy", "features": ["teams"]"#)
                    let welcome = try #require(try await cy.next("welcome"))
                    for index in clients.indices { try await clients[index].send("ready", #""ready": true"#) }
                    try await cy.send("ready", #""ready": true"#)
                    let team = try #require(try await cy.next("team"))
                    #expect(team["name"] as? String == "Team Ann & Cy")
                    _ = try #require(try await cy.next("view"))
                    return try #require(welcome["token"] as? String)
                }
                _ = try #require(try await clients[0].next("view"))
                // Ann alone is the connected majority: her move is played at once.
                let away = try #require(try await clients[0].next("team", where: { team in
                    (team["members"] as? [[String: Any]])?.contains { $0["name"] as? String == "Cy" && $0["connected"] as? Bool == false } == true
                }))
                #expect(away["majority"] as? Int == 1)
                try await clients[0].drop(5)
                let played = try #require(try await clients[0].next("view"))
                #expect(Board.last(played) == 5)
                // Bob plays seat 1 alone.
                try await clients[1].drop(5)
                _ = try #require(try await clients[0].next("view", where: { Board.discs($0) == 2 }))
                try await RawClient.with(port: port) { cy in
                    try await cy.send("hello", #""protocol": 2, "client": "test", "clientVersion": "1", "name": "Cy", "features": ["teams"], "token": "\#(token)""#)
                    let welcome = try #require(try await cy.next("welcome"))
                    #expect(welcome["reconnected"] as? Bool == true)
                    let view = try #require(try await cy.next("view"))
                    #expect(Board.discs(view) == 2)
                    // Two connected again: Ann's proposal waits for Cy.
                    _ = try #require(try await clients[0].next("team", where: { $0["majority"] as? Int == 2 }))
                    try await clients[0].drop(1)
                    _ = try #require(try await cy.next("team", where: { ($0["proposals"] as? [Any])?.count == 1 }))
                    try await cy.drop(1)
                    let both = try #require(try await cy.next("view"))
                    #expect(Board.discs(both) == 3 && Board.last(both) == 1)
                    // Cy leaves for good: the game goes on, Ann holds the seat.
                    try await cy.send("leave")
                }
                try await clients[1].drop(2)
                _ = try #require(try await clients[0].next("view", where: { Board.discs($0) == 4 }))
                try await clients[0].drop(1)
                let alone = try #require(try await clients[0].next("view", where: { Board.discs($0) == 5 }))
                #expect(Self.viewField(alone, "outcome") == nil)
            }
        }
    }

    @Test("real-time moves are played at once from any member: a SunTouch strike from one of two")
    func realTimeFromAnyMember() async throws {
        let config = SunTouchConfiguration(suns: 4, timeLimitSeconds: 30, strikeDuration: 0.4)
        let hellos: [(name: String, extra: String)] = ["Ann", "Bob", "Cy"].map { ($0, TeamTestSupport.teams) }
        var options = TeamTestSupport.options(startAt: 3)
        options.proposalMilliseconds = 60_000
        try await withHost(SunTouch.self, configuration: config, options: options) { _, port in
            try await TeamTestSupport.withClients(port: port, hellos) { clients in
                _ = try await Self.start(&clients)
                // The toss is a turn: Ann and Cy agree on it; Bob alone tosses at once.
                for index in [0, 2] { try await clients[index].send("move", #""move": {"toss": {"value": 7}}"#) }
                try await clients[1].send("move", #""move": {"toss": {"value": 8}}"#)
                _ = try #require(try await clients[2].next("view", where: { Self.viewField($0, "phase") as? String == "playing" }))
                _ = try #require(try await clients[0].next("view", where: { Self.viewField($0, "phase") as? String == "playing" }))
                // A strike from Cy is played at once: the next thing the team hears of it is a view.
                try await clients[2].send("move", #""move": {"strike": {"x": 0.5, "y": 0.5, "radius": 0.1}}"#)
                while let message = try await clients[0].next() {
                    let type = message["type"] as? String
                    if type == "team" { #expect((message["proposals"] as? [Any])?.isEmpty == true) }
                    if type == "view", let strikes = Self.viewField(message, "strikes") as? [[String: Any]], !strikes.isEmpty {
                        #expect(strikes.first?["seat"] as? Int == 0)
                        break
                    }
                }
            }
        }
    }
}
