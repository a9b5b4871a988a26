import Foundation
import NIOPosix
import PartyClient
@testable import PartyFleet
import PartyServe
import PartyServer
import PartyWire
import Testing

/// Two nodes of a fleet on one private PostgreSQL: a room started on one is known to the other,
/// and moves to it, whole, when the first dies or leaves.
@Suite("A fleet of two nodes", .enabled(if: PrivatePostgres.isInstalled, Comment(rawValue: PrivatePostgres.missing)))
struct FleetFailoverTests {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    @Test("a node that dies loses its room to the other, which resumes it with its seats, bot and VIP (how soon: Benchmarks/Scripts/fleet_failover.sh)")
    func deadNode() async throws {
        try await PrivatePostgres.withServer { server in
            let (a, b, _) = try await FleetHarness.pair(on: server, group: group)
            let started = try a.host.start(RoomRequest(name: "Ann's party", games: ["fourinarow"], bots: 1, botLevel: "easy"), from: "127.0.0.1")
            let token = try await PartyConnection.withConnection(to: a.address, hello: FleetHarness.hello("Ann", room: started.code, hostKey: started.key)) { connection, welcome in
                connection.leave()
                return welcome.token
            }
            // The other node's directory learns where the room is.
            let known = try await eventually(seconds: 10) { b.node.locate(code: started.code) }
            #expect(known == RoomPlace(node: "a", host: "127.0.0.1", port: a.port))
            #expect(b.server.room(started.code) == nil)

            await a.kill()
            let moved = try await eventually(seconds: 60) { b.server.room(started.code) }
            #expect(moved.name == "Ann's party")
            // Ann's token gives her seat back on the other node, with the VIP's key; the room's bot is back too.
            let (reconnected, isHost, players) = try await PartyConnection.withConnection(
                to: b.address, hello: FleetHarness.hello("Ann", room: started.code, token: token, hostKey: started.key)) { connection, welcome in
                connection.leave()
                return (welcome.reconnected, welcome.players.first { $0.name == "Ann" }?.host, welcome.players.map(\.name))
            }
            #expect(reconnected)
            #expect(isHost == true)
            #expect(players.contains("Ada"), "\(players)")
            // The journal says who wrote it: epoch 1 by the first node, epoch 2 by the second.
            let epochs = try b.store.query("SELECT DISTINCT epoch FROM entries ORDER BY epoch").map { try $0.decode(Int64.self) }
            #expect(epochs == [1, 2])
            await b.stop()
        }
    }

    @Test("a node that leaves on purpose hands its rooms over at once, not after its lease")
    func leavingNode() async throws {
        try await PrivatePostgres.withServer { server in
            let (a, b, _) = try await FleetHarness.pair(on: server, group: group, leaseMilliseconds: 30_000)
            var codes: [String] = []
            for index in 0..<3 {
                codes.append(try a.host.start(RoomRequest(name: "Room \(index)", games: ["rps"], bots: 2), from: "127.0.0.1").code)
            }
            let left = ContinuousClock.now
            await a.stop()
            for code in codes { _ = try await eventually(seconds: 25) { b.server.room(code) } }
            #expect(ContinuousClock.now - left < .seconds(30), "the lease is 30 s: leaving moved the rooms sooner")
            await b.stop()
        }
    }
}

/// A fleet test's own failure.
enum FleetTestError: Error, CustomStringConvertible {
    /// What a test waited for did not happen in time.
    case timedOut(seconds: Int)

    var description: String {
        switch self {
        case .timedOut(let seconds): "not within \(seconds) s"
        }
    }
}
