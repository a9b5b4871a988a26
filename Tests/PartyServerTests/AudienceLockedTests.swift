import FourInARow
import Foundation
import PartyServer
import Testing

/// The audience of a session locked to one game: its spectators predict, with their own board.
@Suite("The audience of a locked session", .timeLimit(.minutes(10)))
struct AudienceLockedTests {
    static let spectator = #""role": "spectator", "features": ["predictions"]"#

    /// Raw clients answer no heartbeat: on a busy machine they are kept 10 minutes (as the room's).
    static func options(predictMs: Int64) -> HostOptions {
        var options = HostOptions.dedicated(startAt: 2)
        options.peerTimeoutMilliseconds = 600_000
        options.predictionMilliseconds = predictMs
        options.predictionPoints = 30
        return options
    }

    @Test("two spectators predict a game of Four in a Row; the one who said Bob gets 30 on the spectators' board; a player may not predict")
    func spectatorsBoard() async throws {
        let hellos: [(name: String, extra: String)] = [("Eve", Self.spectator), ("Zed", Self.spectator), ("Ann", ""), ("Bob", "")]
        try await withHost(FourInARow.self, options: Self.options(predictMs: 600_000)) { _, port in
            try await TeamTestSupport.withClients(port: port, hellos, protocolVersion: 1) { clients in
                let (eve, zed, ann, bob) = (0, 1, 2, 3)
                try await clients[ann].send("ready", #""ready": true"#)
                try await clients[bob].send("ready", #""ready": true"#)
                let open = try #require(try await clients[eve].next("predictions"))
                #expect(open["state"] as? String == "open" && open["points"] as? Int == 30)
                #expect((open["choices"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Ann", "Bob"])
                try await clients[eve].send("predict", #""seat": 1"#)
                _ = try #require(try await clients[eve].next("prediction"))
                try await clients[zed].send("predict", #""seat": 0"#)
                _ = try #require(try await clients[zed].next("prediction"))
                try await clients[ann].send("predict", #""seat": 0"#)
                let refused = try #require(try await clients[ann].next("error"))
                #expect(refused["reason"] as? String == "playing")
                #expect(refused["message"] as? String == "You play in this game; predictions are for those who watch it.")

                // Ann 1, Bob 2, three times; Ann 5; Bob 2 wins.
                for (turn, column) in [1, 2, 1, 2, 1, 2, 5, 2].enumerated() {
                    var mover = clients[turn % 2 == 0 ? ann : bob]
                    // Ann's first view went by while she waited for her refusal.
                    if turn > 0 { _ = try await mover.next("view", where: { Board.discs($0) == turn }) }
                    try await mover.drop(column)
                    clients[turn % 2 == 0 ? ann : bob] = mover
                }
                let over = try #require(try await clients[eve].next("gameOver"))
                #expect(over["winners"] as? [Int] == [1])
                let mine = try #require(try await clients[eve].next("prediction"))
                #expect(mine["message"] as? String == "You said Bob — right! +30")
                let settled = try #require(try await clients[zed].next("predictions", where: { $0["state"] as? String == "settled" }))
                #expect(settled["message"] as? String == "Bob won: 1 of 2 said so.")
                let board = try #require(settled["board"] as? [[String: Any]])
                #expect(board.map { $0["name"] as? String } == ["Eve", "Zed"])
                #expect(board.map { $0["points"] as? Int } == [30, 0])
                #expect(board.map { $0["place"] as? Int } == [1, 2])
                // Players who did not ask saw nothing new.
                let seen = try await clients[ann].types(through: "lobby")
                #expect(!seen.contains("predictions") && !seen.contains("prediction"))
            }
        }
    }

    @Test("predictions close when their time is up, with no move played; a prediction then is refused")
    func closeByTime() async throws {
        let hellos: [(name: String, extra: String)] = [("Eve", Self.spectator), ("Ann", ""), ("Bob", "")]
        try await withHost(FourInARow.self, options: Self.options(predictMs: 1_000)) { _, port in
            try await TeamTestSupport.withClients(port: port, hellos, protocolVersion: 1) { clients in
                try await clients[1].send("ready", #""ready": true"#)
                try await clients[2].send("ready", #""ready": true"#)
                let open = try #require(try await clients[0].next("predictions"))
                #expect(open["state"] as? String == "open")
                #expect((1...1_000).contains(open["closesMs"] as? Int ?? 0))
                // Closed with no move played: by the time. (Not timed here: on a starved machine the
                // open and the closed split were both waiting when the test read them, 0.1 ms apart.)
                var discs: [Int] = []
                var closing: [String: Any]?
                while let message = try await clients[0].next() {
                    if message["type"] as? String == "view" { discs.append(Board.discs(message)) }
                    if message["type"] as? String == "predictions", message["state"] as? String == "closed" {
                        closing = message
                        break
                    }
                }
                let closed = try #require(closing)
                #expect(discs.allSatisfy { $0 == 0 }, "a move was played before predictions closed: \(discs)")
                #expect(closed["message"] as? String == "Predictions closed; nobody predicted.")
                try await clients[0].send("predict", #""seat": 0"#)
                let late = try #require(try await clients[0].next("error"))
                #expect(late["reason"] as? String == "predictionsClosed")
                #expect(late["message"] as? String == "Predictions for this game are closed; predict in the next one.")
            }
        }
    }
}

extension AudienceLockedTests {
    @Test("a hundred spectators predict at once: every prediction is counted, the players get the split in a few messages, not a hundred, and the game goes on")
    func hundredAtOnce() async throws {
        var options = Self.options(predictMs: 600_000)
        options.maxSpectators = 150
        options.maxConnections = 200
        options.maxConnectionsPerAddress = 200
        let count = 100
        let hellos: [(name: String, extra: String)] = [("Ann", #""features": ["predictions"]"#), ("Bob", "")]
            + (0..<count).map { ("S\($0)", Self.spectator) }
        try await withHost(FourInARow.self, options: options) { _, port in
            try await TeamTestSupport.withClients(port: port, hellos, protocolVersion: 1) { clients in
                try await clients[0].send("ready", #""ready": true"#)
                try await clients[1].send("ready", #""ready": true"#)
                for index in 2..<clients.count { _ = try #require(try await clients[index].next("predictions")) }
                for index in 2..<clients.count { try await clients[index].send("predict", #""seat": \#(index % 2)"#) }
                var splits = 0
                var last: [String: Any]?
                while let message = try await clients[0].next("predictions") {
                    splits += 1
                    last = message
                    if message["total"] as? Int == count { break }
                }
                #expect(last?["total"] as? Int == count)
                #expect((last?["choices"] as? [[String: Any]])?.map { $0["votes"] as? Int } == [50, 50])
                #expect(splits < 20, "\(splits) predictions messages for \(count) predictions")
                try await clients[0].drop(4)
                let view = try #require(try await clients[1].next("view", where: { Board.discs($0) == 1 }))
                #expect(Board.last(view) == 4)
            }
        }
    }
}
