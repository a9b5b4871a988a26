import Foundation
import NIOHTTP1
import NIOPosix
import PartyClient
@testable import PartyFleet
import PartyServe
import PartyServer
import PartyWeb
import PartyWire
import Testing

/// A fleet node whose database stops answering: its rooms go on from memory, new rooms are
/// refused in a sentence, it hands its rooms over before its lease could run out, and when the
/// database is back it writes what waited and serves its rooms again, losing nothing.
@Suite("A fleet's database down", .enabled(if: PrivatePostgres.isInstalled, Comment(rawValue: PrivatePostgres.missing)))
struct DatabaseDownTests {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    @Test("the room goes on, new rooms get a 503 sentence, the node stops serving before the lease ends, and the input accepted meanwhile is kept")
    func databaseDown() async throws {
        try await PrivatePostgres.withServer { server in
            let configuration = server.configuration(database: try await server.newDatabase())
            let a = try await FleetHarness.start("a", configuration: configuration, loop: group.next(), leaseMilliseconds: 6_000)
            try await a.waitForLease()
            let routes = ServeRoutes(host: a.host, assets: .builtIn, health: a.node)
            let started = try a.host.start(RoomRequest(name: "Ann's party", games: ["fourinarow", "rps"], bots: 1), from: "127.0.0.1")
            let (token, closedAfter) = try await PartyConnection.withConnection(
                to: a.address, hello: FleetHarness.hello("Ann", room: started.code, hostKey: started.key)) { connection, welcome in
                // The room's bot is seated first (else a vote for a game of two is refused).
                var events = connection.events.makeAsyncIterator()
                var seated = welcome.players.count
                while seated < 2, let event = await events.next() {
                    if case .lobby(let lobby) = event { seated = lobby.players.count }
                }
                try await server.crashed()
                let down = ContinuousClock.now
                // The room goes on from memory: Ann's vote is taken and counted.
                connection.send(Vote(game: "rps"))
                var counted = false
                var closed: Duration?
                while let event = await events.next() {
                    if case .room(let room) = event, room.votes.contains(where: { $0.game == "rps" }) || room.current?.game == "rps" { counted = true }
                    if case .closed = event.closedKind {
                        closed = ContinuousClock.now - down
                        break
                    }
                }
                closed = closed ?? ContinuousClock.now - down
                #expect(counted)
                return (welcome.token, closed)
            }
            // The node handed the room over before its lease (6 s) could run out in the database.
            let closed = try #require(closedAfter)
            #expect(closed < .seconds(6), "closed after \(closed)")
            #expect(!a.node.serving)
            #expect(a.server.room(started.code) == nil)
            // Nobody can start a room now: a sentence, not an error page.
            let request = WebRequest(method: .POST, path: "/api/rooms", uri: "/api/rooms", headers: HTTPHeaders(), body: Array("{}".utf8),
                                     peerAddress: "127.0.0.2")
            let answer = try #require(routes.answer(request))
            #expect(answer.status == .serviceUnavailable)
            #expect(String(decoding: answer.body, as: UTF8.self).contains("cannot start new parties right now"))

            try await server.restarted()
            let back: ServedRoom
            do {
                back = try await eventually(seconds: 60) { a.server.room(started.code) }
            } catch {
                Issue.record("the room did not come back: \(a.situation)")
                throw error
            }
            #expect(back.name == "Ann's party")
            // Ann's vote, taken while the database was down, is in the journal, and her seat is hers.
            let votes = try a.store.query("SELECT count(*) FROM entries WHERE body LIKE '%\"vote\"%'").first.map { try $0.decode(Int64.self) }
            #expect(votes == 1)
            let reconnected = try await PartyConnection.withConnection(
                to: a.address, hello: FleetHarness.hello("Ann", room: started.code, token: token)) { connection, welcome in
                connection.leave()
                return welcome.reconnected
            }
            #expect(reconnected)
            await a.stop()
        }
    }
}

extension ClientEvent {
    /// Whether the event ends the connection.
    var closedKind: ClosedKind {
        switch self {
        case .connectionLost, .disconnected, .ended, .hostRestarting: .closed
        default: .open
        }
    }

    enum ClosedKind { case open, closed }
}
