import FourInARow
import Foundation
import PartyServer
import Testing

/// Many spectators at once: arriving costs the host one lobby each, not a lobby to everyone each.
@Suite("A crowd of spectators", .timeLimit(.minutes(10)))
struct SpectatorCrowdTests {
    @Test("two hundred spectators join: each gets the table at once, the players get the new count in a few lobbies (not one per spectator), and everyone gets the move's view")
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
                    let lobby = try #require(try await clients[index].next("lobby"))
                    #expect(lobby["you"] == nil)
                    #expect((lobby["spectators"] as? Int ?? 0) >= index - 1)
                }
                var lobbies = 0
                while let lobby = try await clients[0].next("lobby") {
                    lobbies += 1
                    if lobby["spectators"] as? Int == count { break }
                }
                #expect(lobbies < 20, "\(lobbies) lobbies for \(count) spectators")
                try await clients[0].send("ready", #""ready": true"#)
                try await clients[1].send("ready", #""ready": true"#)
                try await clients[0].drop(4)
                for index in 2..<clients.count {
                    let view = try #require(try await clients[index].next("view", where: { Board.discs($0) == 1 }))
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
