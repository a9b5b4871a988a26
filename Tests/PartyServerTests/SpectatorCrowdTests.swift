import FourInARow
import Foundation
import PartyServer
import Testing

/// Many spectators at once: arriving costs the host one lobby each, not a lobby to everyone each.
@Suite("A crowd of spectators", .timeLimit(.minutes(10)))
struct SpectatorCrowdTests {
    @Test("two hundred spectators join: each gets the table at once, the players get the new count in at most a lobby a second (not one per spectator), and everyone gets the move's view")
    func crowdJoins() async throws {
        var options = AudienceLockedTests.options(predictMs: 600_000)
        options.maxSpectators = 250
        options.maxConnections = 300
        options.maxConnectionsPerAddress = 300
        let count = 200
        let hellos: [(name: String, extra: String)] = [("Ann", ""), ("Bob", "")]
            + (0..<count).map { ("S\($0)", #""role": "spectator""#) }
        try await withHost(FourInARow.self, options: options) { _, port in
            try await TeamTestSupport.withClients(port: port, hellos, protocolVersion: 1) { clients in
                for index in 2..<clients.count {
                    let lobby = try #require(try await clients[index].next("lobby", within: .seconds(120)), "spectator \(index): no lobby")
                    #expect(lobby["you"] == nil)
                    #expect((lobby["spectators"] as? Int ?? 0) >= index - 1)
                }
                var lobbies = 0
                var counts: [Int] = []
                let clock = ContinuousClock()
                let deadline = clock.now + .seconds(120)
                // Read message by message (heartbeats included), so a count that never comes fails
                // the test saying what came, rather than waiting for the suite's time limit.
                while clock.now < deadline, let lobby = try await clients[0].next() {
                    guard lobby["type"] as? String == "lobby" else { continue }
                    lobbies += 1
                    counts.append(lobby["spectators"] as? Int ?? -1)
                    if lobby["spectators"] as? Int == count { break }
                }
                #expect(counts.last == count, "the players' lobbies counted \(counts) spectators")
                // At most one a second while they arrive (beside four CPU hogs 200 took ~20 s to
                // connect); one per arrival before, 200.
                #expect(lobbies < count / 2, "\(lobbies) lobbies for \(count) spectators")
                try await clients[0].send("ready", #""ready": true"#)
                try await clients[1].send("ready", #""ready": true"#)
                // Only once the game is on (Bob's ready may come after Ann's move).
                _ = try #require(try await clients[0].next("view", within: .seconds(120)), "the game did not start")
                try await clients[0].drop(4)
                for index in 2..<clients.count {
                    let view = try #require(try await clients[index].next("view", within: .seconds(120), where: { Board.discs($0) == 1 }),
                                            "spectator \(index): no view")
                    #expect(Board.last(view) == 4)
                }
            }
        }
    }

    @Test("a spectator who leaves is counted out with the next lobby, within about a second")
    func spectatorLeaves() async throws {
        let options = AudienceLockedTests.options(predictMs: 600_000)
        let hellos: [(name: String, extra: String)] = [("Ann", ""), ("Eve", #""role": "spectator""#), ("Fay", #""role": "spectator""#)]
        try await withHost(FourInARow.self, options: options) { _, port in
            try await TeamTestSupport.withClients(port: port, hellos, protocolVersion: 1) { clients in
                _ = try #require(try await clients[0].next("lobby", where: { $0["spectators"] as? Int == 2 }))
                try await clients[2].send("leave")
                let clock = ContinuousClock()
                let left = clock.now
                _ = try #require(try await clients[0].next("lobby", where: { $0["spectators"] as? Int == 1 }))
                _ = try #require(try await clients[1].next("lobby", where: { $0["spectators"] as? Int == 1 }))
                #expect(clock.now - left < .seconds(30))
            }
        }
    }
}

extension RawClient {
    /// The next message of `type` for which `condition` holds, read message by message (heartbeats
    /// included) for at most `limit`: nil when none came by then, or at close.
    mutating func next(_ type: String, within limit: Duration, where condition: ([String: Any]) -> Bool = { _ in true }) async throws -> [String: Any]? {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline, let message = try await next() {
            if message["type"] as? String == type, condition(message) { return message }
        }
        return nil
    }
}
