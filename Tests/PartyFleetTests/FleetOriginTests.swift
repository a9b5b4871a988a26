import Foundation
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import PartyServe
import PartyServer
import PartyWeb
import Testing

/// `/api/fleet` names the fleet's live nodes, and a page from one node may open another's
/// WebSocket: the Origins allowed follow the fleet as nodes come and go, the listener untouched.
@Suite("A fleet's nodes and their pages' origins", .enabled(if: PrivatePostgres.isInstalled, Comment(rawValue: PrivatePostgres.missing)))
struct FleetOriginTests {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    @Test("/api/fleet lists the live nodes, this one first; a node's pages may open another's WebSocket, also once that node is gone; a node that joins later is admitted")
    func fleetAndOrigins() async throws {
        try await PrivatePostgres.withServer { server in
            let (a, b, configuration) = try await FleetHarness.pair(on: server, group: group)
            let originA = "http://127.0.0.1:\(a.port)", originB = "http://127.0.0.1:\(b.port)"
            let listed = try await eventually(seconds: 30) { () -> [String]? in
                let nodes = try? await fleet(a)
                return nodes?.count == 2 ? nodes : nil
            }
            #expect(listed == [originA, originB])
            // B's own sweep may read the list a moment later.
            _ = try await eventually(seconds: 30) { try? await fleet(b) == [originB, originA] ? true : nil }
            let answer = try #require(await ask(a, "/api/fleet"))
            #expect(answer.headers.contains { $0 == ("Access-Control-Allow-Origin", "*") })

            let code = try a.host.start(RoomRequest(name: "Ann's party", games: ["rps"]), from: "127.0.0.1").code
            // A's room page may connect to B too (its policy names B), and B's page may open A's room
            // socket; a stranger's may not; A's own, as always.
            let page = try #require(await ask(a, "/\(code)"))
            let policy = page.headers.first { $0.0 == "Content-Security-Policy" }?.1 ?? ""
            #expect(policy.contains("connect-src 'self' \(originA) ws://127.0.0.1:\(a.port) \(originB) ws://127.0.0.1:\(b.port);"), "\(policy)")
            // …and show the room's QR code from whichever node serves the room (its answer may load anywhere).
            #expect(policy.contains("img-src 'self' \(originA) \(originB);"), "\(policy)")
            let qr = try #require(await ask(a, "/\(code)/join.svg"))
            #expect(qr.headers.contains { $0 == ("Cross-Origin-Resource-Policy", "cross-origin") }, "\(qr.headers)")

            #expect(try await upgradeStatus(port: a.port, path: "/\(code)/ws", origin: originB) == 101)
            #expect(try await upgradeStatus(port: a.port, path: "/\(code)/ws", origin: "http://evil.example") != 101)
            #expect(try await upgradeStatus(port: a.port, path: "/\(code)/ws", origin: originA) == 101)

            // B leaves: A no longer lists it, but B's pages still carry on through A.
            await b.stop()
            _ = try await eventually(seconds: 30) { try? await fleet(a) == [originA] ? true : nil }
            #expect(try await upgradeStatus(port: a.port, path: "/\(code)/ws", origin: originB) == 101)
            // A node that joins while A listens: its pages are admitted from A's next sweep on.
            let c = try await FleetHarness.start("c", configuration: configuration, loop: group.next())
            let originC = "http://127.0.0.1:\(c.port)"
            _ = try await eventually(seconds: 30) { try? await fleet(a) == [originA, originC] ? true : nil }
            #expect(try await upgradeStatus(port: a.port, path: "/\(code)/ws", origin: originC) == 101)
            await c.stop()
            await a.stop()
        }
    }

    @Test("a server of its own names only itself")
    func alone() async throws {
        let server = RoomServer(options: ServeOptions(host: HostOptions(bindAddress: "127.0.0.1", port: 0, sessionName: "alone")),
                                loop: group.next(), logger: Logger(label: "alone"))
        let serve = ServeHost(server: server, store: nil, logger: Logger(label: "alone"))
        let request = WebRequest(method: .GET, path: "/api/fleet", uri: "/api/fleet", headers: HTTPHeaders([("Host", "Party.test:8080")]),
                                 body: [], peerAddress: "198.51.100.7")
        let answer = try #require(ServeRoutes(host: serve, assets: .builtIn).answer(request))
        #expect(String(decoding: answer.body, as: UTF8.self) == #"{"nodes":["http://party.test:8080"]}"# + "\n")
    }

    /// The nodes `node`'s `/api/fleet` lists.
    func fleet(_ node: FleetHarness) async throws -> [String] {
        let answer = try #require(await ask(node, "/api/fleet"))
        #expect(answer.status == .ok)
        struct Fleet: Decodable { var nodes: [String] }
        return try JSONDecoder().decode(Fleet.self, from: Data(answer.body)).nodes
    }

    func ask(_ node: FleetHarness, _ path: String) async -> WebAnswer? {
        let request = WebRequest(method: .GET, path: path, uri: path, headers: HTTPHeaders([("Host", "127.0.0.1:\(node.port)")]),
                                 body: [], peerAddress: "127.0.0.1")
        return try? await node.server.loop.submit { node.routes.answer(request) }.get()
    }

    /// The status of a WebSocket handshake at `path` on the loopback `port`, as a page from `origin` makes it.
    func upgradeStatus(port: Int, path: String, origin: String) async throws -> Int {
        let channel = try await ClientBootstrap(group: group).connect(host: "127.0.0.1", port: port) { channel in
            channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
        }
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\n"
                + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nOrigin: \(origin)\r\n\r\n"))
            var text = ""
            for try await var chunk in inbound {
                text += chunk.readString(length: chunk.readableBytes) ?? ""
                if text.contains("\r\n") { break }
            }
            let parts = text.split(separator: " ")
            return parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        }
    }
}
