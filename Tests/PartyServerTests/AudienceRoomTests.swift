import FourInARow
import Foundation
import PartyServer
import Testing
import TwentyFour

/// The audience in a party room: members who watch a game, and spectators, predict who wins it.
@Suite("The audience in a party room", .timeLimit(.minutes(10)))
struct AudienceRoomTests {
    /// A room of Four in a Row and TwentyFour (which lets it seat 16) without teams: in Four in a
    /// Row two play and the rest watch. No start delay.
    static let settings = RoomSettings(games: [HostedGame(FourInARow.self, configuration: .init()),
                                               HostedGame(TwentyFour.self, configuration: .init())],
                                       choice: .vote(countdownSeconds: 30), startDelayMilliseconds: 0)

    /// Predictions stay open 10 minutes unless a test says otherwise, and a silent client is kept as
    /// long: beside four CPU hogs the whole test took 430–440 s; a 60 s window closed by time before
    /// the first move it waits for, and a raw client (which answers no heartbeat) that said nothing
    /// for 60 s was timed out before it read the split.
    static func options(predictMs: Int64 = 600_000) -> HostOptions {
        var options = HostOptions.test(peerMs: 600_000)
        options.teams = false
        options.predictionMilliseconds = predictMs
        return options
    }

    /// The hello fields that ask for `predictions` messages (and, for the TV, say it is a shared screen).
    static let predictions = #""features": ["teams", "predictions"]"#
    static let display = #""role": "spectator", "features": ["predictions", "display"]"#

    @Test("""
    watchers and a spectator predict; the split goes to everyone who asked; bad predictions are refused \
    with typed reasons; the first move closes predictions; the right ones score 50 on the scoreboard, \
    the spectator on the spectators' board; a client that did not ask sees nothing new
    """)
    func predictAndScore() async throws {
        let hellos: [(name: String, extra: String)] = ["Ann", "Bob", "Cy", "Dan"].map { ($0, Self.predictions) }
            + [("Eve", #""role": "spectator", "features": ["predictions"]"#), ("TV", Self.display), ("Old", #""role": "spectator""#)]
        _ = try await withRoom(Self.settings, options: Self.options()) { _, port in
            try await TeamTestSupport.withClients(port: port, hellos) { clients in
                for index in 0..<4 { try await clients[index].send("vote", #""game": "fourinarow""#) }
                let playing = try #require(try await clients[0].next("room", where: { $0["state"] as? String == "playing" }))
                let current = try #require(playing["current"] as? [String: Any])
                // Member ids follow arrival (Ann 1 … Dan 4): clients[id - 1].
                let seated = try #require(current["players"] as? [Int]).map { $0 - 1 }
                let watching = try #require(current["watchers"] as? [Int]).map { $0 - 1 }
                try #require(seated.count == 2 && watching.count == 2)
                let (p0, p1, w0, w1) = (seated[0], seated[1], watching[0], watching[1])
                let names = ["Ann", "Bob", "Cy", "Dan"]
                let (eve, tv, old) = (4, 5, 6)

                // Opened at the start, for everyone who asked (players too).
                for index in [p0, w0, eve, tv] {
                    let open = try #require(try await clients[index].next("predictions"))
                    #expect(open["state"] as? String == "open")
                    #expect(open["total"] as? Int == 0)
                    #expect(open["points"] as? Int == 50)
                    #expect((open["closesMs"] as? Int ?? 0) > 50_000)
                    #expect(open["message"] as? String == "Who wins? Nobody has predicted yet.")
                    let choices = try #require(open["choices"] as? [[String: Any]])
                    #expect(choices.map { $0["name"] as? String } == [names[p0], names[p1]])
                    #expect(choices.map { $0["seat"] as? Int } == [0, 1])
                }

                // Two say seat 0, one seat 1.
                try await clients[w0].send("predict", #""seat": 0"#)
                let mine = try #require(try await clients[w0].next("prediction"))
                #expect(mine["seat"] as? Int == 0 && mine["message"] as? String == "You said \(names[p0]).")
                try await clients[eve].send("predict", #""seat": 0"#)
                _ = try #require(try await clients[eve].next("prediction"))
                try await clients[w1].send("predict", #""seat": 1"#)
                _ = try #require(try await clients[w1].next("prediction"))

                // The split, live, on the TV and for a player: read before the TV's own predict,
                // whose error reply a reader waiting for it would otherwise read past the split
                // (sent at once when 250 ms passed since the last one: on a busy machine, often).
                for index in [tv, p1] {
                    let split = try #require(try await clients[index].next("predictions", where: { $0["total"] as? Int == 3 }))
                    #expect(split["state"] as? String == "open")
                    let choices = try #require(split["choices"] as? [[String: Any]])
                    #expect(choices.map { $0["votes"] as? Int } == [2, 1])
                    #expect(choices.map { $0["percent"] as? Int } == [67, 33])
                    #expect(split["message"] as? String == "67 % think \(names[p0]) wins (2 of 3)")
                }

                // Refused, each with its reason; nothing changes.
                try await clients[p0].send("predict", #""seat": 0"#)
                #expect(try await clients[p0].next("error")?["reason"] as? String == "playing")
                try await clients[tv].send("predict", #""seat": 0"#)
                #expect(try await clients[tv].next("error")?["reason"] as? String == "display")
                try await clients[w0].send("predict", #""seat": 1"#)
                let twice = try #require(try await clients[w0].next("error"))
                #expect(twice["reason"] as? String == "alreadyPredicted")
                #expect(twice["message"] as? String == "You already said \(names[p0]) wins; a prediction cannot be changed.")
                #expect(twice["fatal"] as? Bool == false)
                var oldSeen: [String] = []
                try await clients[old].send("predict", #""seat": 7"#)
                #expect(try await clients[old].next("error", seen: &oldSeen)?["reason"] as? String == "unknownSeat")
                try await clients[eve].send("predict", #""seat": "Ann""#)
                let garbled = try #require(try await clients[eve].next("error"))
                #expect(garbled["reason"] as? String == "invalidFields")
                #expect(garbled["message"] as? String == #"The fields of this "predict" message are not valid: "seat" has the wrong type."#)

                // The first move closes predictions.
                try await clients[p0].drop(1)
                let closed = try #require(try await clients[tv].next("predictions", where: { $0["state"] as? String == "closed" }))
                #expect(closed["closesMs"] == nil)
                #expect(closed["message"] as? String == "Predictions closed: 67 % think \(names[p0]) wins (2 of 3)")
                try await clients[old].send("predict", #""seat": 0"#)
                let late = try #require(try await clients[old].next("error", seen: &oldSeen))
                #expect(late["reason"] as? String == "predictionsClosed")

                // Seat 0 wins in column 1.
                _ = try await clients[p1].next("view", where: { Board.discs($0) == 1 })
                for round in 0..<3 {
                    try await clients[p1].drop(2)
                    _ = try await clients[p0].next("view", where: { Board.discs($0) == 2 * round + 2 })
                    try await clients[p0].drop(1)
                    _ = try await clients[p1].next("view", where: { Board.discs($0) == 2 * round + 3 })
                }
                let right = try #require(try await clients[w0].next("prediction", where: { $0["right"] != nil }))
                #expect(right["right"] as? Bool == true && right["points"] as? Int == 50)
                #expect(right["message"] as? String == "You said \(names[p0]) — right! +50")
                let wrong = try #require(try await clients[w1].next("prediction", where: { $0["right"] != nil }))
                #expect(wrong["right"] as? Bool == false && wrong["points"] as? Int == 0)
                #expect(wrong["message"] as? String == "You said \(names[p1]) — not this time.")
                let evesResult = try #require(try await clients[eve].next("prediction", where: { $0["right"] != nil }))
                #expect(evesResult["right"] as? Bool == true)
                let settled = try #require(try await clients[eve].next("predictions", where: { $0["state"] as? String == "settled" }))
                #expect(settled["winners"] as? [Int] == [0])
                #expect(settled["message"] as? String == "\(names[p0]) won: 2 of 3 said so.")
                let board = try #require(settled["board"] as? [[String: Any]])
                #expect(board.count == 1)
                #expect(board.first?["name"] as? String == "Eve" && board.first?["points"] as? Int == 50 && board.first?["right"] as? Int == 1)
                // Players get the settled split without the spectators' board.
                let players = try #require(try await clients[p1].next("predictions", where: { $0["state"] as? String == "settled" }))
                #expect(players["board"] == nil)

                // The party scoreboard: the winner's 100, the right watcher's 50.
                let room = try #require(try await clients[w1].next("room", where: { $0["state"] as? String == "choosing" }))
                let lines = try #require(room["scoreboard"] as? [[String: Any]])
                let points = Dictionary(uniqueKeysWithValues: lines.map { ($0["name"] as? String ?? "?", $0["points"] as? Int ?? -1) })
                #expect(points == [names[p0]: 100, names[w0]: 50, names[p1]: 0, names[w1]: 0])
                let played = Dictionary(uniqueKeysWithValues: lines.map { ($0["name"] as? String ?? "?", $0["played"] as? Int ?? -1) })
                #expect(played[names[w0]] == 0)

                // The spectator that did not ask saw the game and nothing new.
                let seen = try await oldSeen + clients[old].types(through: "room")
                #expect(!seen.contains("predictions") && !seen.contains("prediction"))
                #expect(seen.contains("gameOver"))
            }
        }
    }
}

extension RawClient {
    /// The next message of `type`, adding the type of every message read on the way to `seen`.
    mutating func next(_ type: String, seen: inout [String]) async throws -> [String: Any]? {
        while let message = try await next() {
            seen.append(message["type"] as? String ?? "?")
            if message["type"] as? String == type { return message }
        }
        return nil
    }
}

extension AudienceRoomTests {
    @Test("a team game: a spectator's prediction of a team's seat is for the team (named as the team) and is right when it wins; a team member may not predict")
    func teamSeat() async throws {
        var options = Self.options()
        options.teams = true
        let hellos: [(name: String, extra: String)] = ["Ann", "Bob", "Cy"].map { ($0, Self.predictions) }
            + [("Eve", #""role": "spectator", "features": ["predictions"]"#)]
        _ = try await withRoom(Self.settings, options: options) { _, port in
            try await TeamTestSupport.withClients(port: port, hellos) { clients in
                for index in 0..<3 { try await clients[index].send("vote", #""game": "fourinarow""#) }
                let playing = try #require(try await clients[0].next("room", where: { $0["state"] as? String == "playing" }))
                #expect((playing["current"] as? [String: Any])?["teams"] as? [[Int]] == [[1, 3], [2]])
                let open = try #require(try await clients[3].next("predictions"))
                #expect((open["choices"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Team Ann & Cy", "Bob"])
                try await clients[2].send("predict", #""seat": 0"#)
                #expect(try await clients[2].next("error")?["reason"] as? String == "playing")
                try await clients[3].send("predict", #""seat": 0"#)
                let mine = try #require(try await clients[3].next("prediction"))
                #expect(mine["message"] as? String == "You said Team Ann & Cy.")
                // A proposal does not close predictions; the team's move played does.
                try await clients[0].drop(1)
                _ = try #require(try await clients[0].next("team", where: { ($0["proposals"] as? [Any])?.count == 1 }))
                try await clients[2].drop(1)
                let closed = try #require(try await clients[3].next("predictions", where: { $0["state"] as? String != "open" }))
                #expect(closed["state"] as? String == "closed")
                _ = try #require(try await clients[1].next("view", where: { Board.discs($0) == 1 }))
                for round in 0..<3 {
                    try await clients[1].drop(2)
                    _ = try #require(try await clients[0].next("view", where: { Board.discs($0) == 2 * round + 2 }))
                    _ = try #require(try await clients[2].next("view", where: { Board.discs($0) == 2 * round + 2 }))
                    try await clients[0].drop(1)
                    try await clients[2].drop(1)
                    _ = try #require(try await clients[1].next("view", where: { Board.discs($0) == 2 * round + 3 }))
                }
                let right = try #require(try await clients[3].next("prediction", where: { $0["right"] != nil }))
                #expect(right["message"] as? String == "You said Team Ann & Cy — right! +50")
                let settled = try #require(try await clients[3].next("predictions", where: { $0["state"] as? String == "settled" }))
                #expect(settled["message"] as? String == "Team Ann & Cy won: 1 of 1 said so.")
            }
        }
    }
}
