import Foundation
import NIOPosix
@testable import PartyClient
import PartyServe
import PartyWire
import Testing

/// A client of a server's room (`http://A/CODE`, as partyclient joins) whose node dies carries on
/// through another node of the fleet, by itself, with its seat.
@Suite("A room's client fails over to another node", .enabled(if: PrivatePostgres.isInstalled, Comment(rawValue: PrivatePostgres.missing)))
struct FleetClientFailoverTests {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    @Test("node A killed: the session learned the fleet from /api/fleet and is back in its seat on node B")
    func clientFailsOver() async throws {
        try await PrivatePostgres.withServer { server in
            let (a, b, _) = try await FleetHarness.pair(on: server, group: group)
            _ = try await eventually(seconds: 30) { a.node.fleetOrigins().count == 2 ? true : nil }
            let started = try a.host.start(RoomRequest(name: "Ann's party", games: ["fourinarow"], bots: 1, botLevel: "easy"), from: "127.0.0.1")
            let target = try WebSocketTarget(url: "http://127.0.0.1:\(a.port)/\(started.code)")

            let hello = FleetHarness.hello("Ann", room: started.code, hostKey: started.key)
            let (welcome, back): (Welcome, Welcome?) = try await PartySession.withSession(
                to: target.address, hello: hello, transport: .webSocket(target)
            ) { (session: PartySession, welcome: Welcome) async throws -> (Welcome, Welcome?) in
                // The fleet's nodes, learned beside the first connection.
                _ = try await eventually(seconds: 30) { session.fleetNodes.withLock { $0 }?.count == 2 ? true : nil }
                await a.kill()
                for await event in session.events {
                    switch event {
                    case .reconnected(let again):
                        return (welcome, again)
                    case .disconnected(let why):
                        Issue.record("the session ended: \(why)")
                        return (welcome, nil)
                    default:
                        continue
                    }
                }
                return (welcome, nil)
            }
            let again = try #require(back)
            #expect(again.reconnected)
            #expect(again.name == welcome.name)
            #expect(again.players.first { $0.name == "Ann" }?.host == true)
            #expect(b.server.room(started.code) != nil)
            await b.stop()
        }
    }
}
