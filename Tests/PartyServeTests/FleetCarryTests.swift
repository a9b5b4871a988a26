import Foundation
import NIOCore
import NIOPosix
import PartyClient
import PartyServe
@testable import PartyServer
import PartyWire
import Synchronization
import Testing

/// Two nodes of a fleet in one process: a guest who reaches the node that does not hold the room
/// is carried to the one that does, over real loopback sockets.
@Suite("A fleet carries a guest to the room's node", .timeLimit(.minutes(3)))
struct FleetCarryTests {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    /// Node A (holds nothing, its directory names B) and node B (holds the rooms, believes A;
    /// its own directory names A for every code in A's, as a stale directory could).
    func fleet(aOptions: (inout ServeOptions) -> Void = { _ in }) async throws -> (a: ServeHarness, b: ServeHarness, directory: FakeDirectory) {
        let directory = FakeDirectory()
        let back = FakeDirectory()
        let b = try await ServeHarness.start(loop: group.next(), directory: back) { $0.fleetPeers = ["127.0.0.1"] }
        let a = try await ServeHarness.start(loop: group.next(), directory: directory, configure: aOptions)
        directory.node = RoomPlace(node: "b", host: "127.0.0.1", port: b.port)
        back.node = RoomPlace(node: "a", host: "127.0.0.1", port: a.port)
        back.follow = directory
        return (a, b, directory)
    }

    @Test("two guests open /CODE/ws on the node without the room and play Rock Paper Scissors to its end through it")
    func playThroughA() async throws {
        let (a, b, directory) = try await fleet()
        let started = try b.host.start(RoomRequest(name: "Ann's party", games: ["rps"]), from: "127.0.0.1")
        directory.rooms = [started.code]
        let target = WebSocketTarget(secure: false, address: a.address, room: started.code)
        let outcomes = try await withThrowingTaskGroup(of: String.self) { tasks in
            for (name, shape) in [("Ann", "rock"), ("Bob", "paper")] {
                tasks.addTask {
                    try await PartyConnection.withConnection(to: a.address, hello: ServeHarness.hello(name, room: started.code),
                                                             transport: .webSocket(target)) { connection, _ in
                        connection.send(Vote(game: "rps"))
                        for await event in connection.events {
                            switch event {
                            case .view: connection.send(MoveMessage(move: ShapeMove(shape: shape)))
                            case .gameOver(let over):
                                connection.leave()
                                return "\(name): over, winners \(over.winners)"
                            case .disconnected(let why): return "\(name) lost: \(why)"
                            default: break
                            }
                        }
                        return "\(name): the connection ended before the game did"
                    }
                }
            }
            var all: [String] = []
            for try await outcome in tasks { all.append(outcome) }
            return all.sorted()
        }
        #expect(outcomes.allSatisfy { $0.contains("over") }, "\(outcomes)")
        // The game was played on B; A holds no room and no session.
        let report = try #require(await b.server.room(started.code)?.report())
        #expect(report.games.count == 1, "\(report)")
        #expect(a.server.liveRooms.isEmpty)
        await a.stop()
        await b.stop()
    }

    @Test("B sees the guest's address (from A's trusted proxy), and B closing the room closes the guest's connection")
    func addressAndClose() async throws {
        let (a, b, directory) = try await fleet { $0.trustedProxies = ["127.0.0.1"] }
        let started = try b.host.start(RoomRequest(name: "Ann's party", games: ["rps"]), from: "127.0.0.1")
        directory.rooms = [started.code]
        let guest = try await join(a, code: started.code, extra: ["X-Forwarded-For: 198.51.100.1, 203.0.113.9"])
        let room = try #require(b.server.room(started.code))
        #expect(try await addresses(in: room, of: b) == ["203.0.113.9"])
        await b.server.close(room, reason: "test", message: "Closed by the test.")
        // Bounded generously: what is checked is that the close is carried at all (without it the
        // connection stays open until the node stops); how fast is the benchmarks' business.
        #expect(await guest.closed(within: .seconds(15)), "the guest's connection outlived the room's")
        #expect(guest.text.contains("Closed by the test."))
        await a.stop()
        await b.stop()
    }

    @Test("a guest's own X-Forwarded-For is not believed: B sees the address A saw")
    func forgedAddress() async throws {
        let (a, b, directory) = try await fleet()
        let started = try b.host.start(RoomRequest(name: "Ann's party", games: ["rps"]), from: "127.0.0.1")
        directory.rooms = [started.code]
        let guest = try await join(a, code: started.code, extra: ["X-Forwarded-For: 203.0.113.66"])
        let room = try #require(b.server.room(started.code))
        #expect(try await addresses(in: room, of: b) == ["127.0.0.1"])
        await guest.close()
        await a.stop()
        await b.stop()
    }

    @Test("pages and /api/rooms/CODE answer on the node without the room; a code no node has is the same 404 as before")
    func pagesAndUnknownCodes() async throws {
        let (a, b, directory) = try await fleet()
        let started = try b.host.start(RoomRequest(name: "Ann's party", games: ["rps"]), from: "127.0.0.1")
        directory.rooms = [started.code]
        let api = try await get("/api/rooms/\(started.code)", port: a.port)
        #expect(api.hasPrefix("HTTP/1.1 200"), "\(api)")
        #expect(api.contains(#"{"code":"\#(started.code)","name":"Ann's party"}"#), "\(api)")
        for page in ["/\(started.code)", "/\(started.code)/tv"] {
            let answer = try await get(page, port: a.port)
            #expect(answer.hasPrefix("HTTP/1.1 200") && answer.contains("text/html"), "\(page): \(answer.prefix(300))")
        }
        let qr = try await get("/\(started.code)/join.svg", port: a.port)
        #expect(qr.contains("<svg"), "\(qr.prefix(300))")
        // Several requests on one kept-alive connection: carried one by one, the connection stays.
        let guest = try await RawLoopbackClient.connect(port: a.port, group: group)
        for _ in 0..<3 {
            try await guest.send("GET /api/rooms/\(started.code) HTTP/1.1\r\nHost: party.test\r\n\r\n")
        }
        #expect(await guest.wait(upTo: .seconds(5)) { $0.components(separatedBy: "Ann's party").count == 4 }, "\(guest.text)")
        await guest.close()

        let unknown = started.code == "WXYZ" ? "WXYV" : "WXYZ"
        let alone = try await ServeHarness.start(loop: group.next())
        let fromA = try await get("/api/rooms/\(unknown)", port: a.port)
        let fromAlone = try await get("/api/rooms/\(unknown)", port: alone.port)
        #expect(fromA.hasPrefix("HTTP/1.1 404"), "\(fromA)")
        #expect(Self.body(fromA) == Self.body(fromAlone))
        // A directory that points back and forth (stale on both nodes) is not a loop: B answers 404.
        let ghost = started.code == "QQQQ" ? "QQQR" : "QQQQ"
        directory.rooms.insert(ghost)
        let looped = try await get("/api/rooms/\(ghost)", port: a.port)
        #expect(looped.hasPrefix("HTTP/1.1 404"), "\(looped)")
        await alone.stop()
        await a.stop()
        await b.stop()
    }

    @Test("a directory naming a node nobody listens on: 503 in one line, and the node serves on")
    func deadNode() async throws {
        let (a, b, directory) = try await fleet()
        let dead = try ClosedPort()
        defer { withExtendedLifetime(dead) {} }
        directory.node = RoomPlace(node: "gone", host: "127.0.0.1", port: dead.port)
        directory.rooms = ["DEAD"]
        let socket = try await RawLoopbackClient.connect(port: a.port, group: group)
        try await socket.send(TestWebSocket.upgrade(path: "/DEAD/ws", port: a.port))
        #expect(await socket.closed(within: .seconds(5)))
        #expect(socket.text.hasPrefix("HTTP/1.1 503"), "\(socket.text)")
        #expect(Self.body(socket.text).split(separator: "\n").count == 1, "\(socket.text)")
        let page = try await get("/api/rooms/DEAD", port: a.port)
        #expect(page.hasPrefix("HTTP/1.1 503"), "\(page)")
        do {
            let target = WebSocketTarget(secure: false, address: a.address, room: "DEAD")
            try await PartyConnection.withConnection(to: a.address, hello: ServeHarness.hello("Ann", room: "DEAD"), transport: .webSocket(target)) { _, _ in }
            Issue.record("a WebSocket to a dead node was welcomed")
        } catch {}
        let health = try await get("/healthz", port: a.port)
        #expect(health.hasPrefix("HTTP/1.1 200"), "\(health)")
        await a.stop()
        await b.stop()
    }

    @Test("a framed hello naming a room on another node is refused noSuchRoom (framed connections are not carried)")
    func framedRefused() async throws {
        let (a, b, directory) = try await fleet()
        let started = try b.host.start(RoomRequest(name: "Ann's party", games: ["rps"]), from: "127.0.0.1")
        directory.rooms = [started.code]
        do {
            try await PartyConnection.withConnection(to: a.address, hello: ServeHarness.hello("Ann", room: started.code)) { _, _ in }
            Issue.record("a framed hello for B's room was welcomed by A")
        } catch ClientError.rejected(let reason, _) {
            #expect(reason == "noSuchRoom")
        }
        await a.stop()
        await b.stop()
    }

    // MARK: Helpers

    /// A raw WebSocket guest of `code` through `node`, welcomed (its upgrade carries `extra` headers).
    func join(_ node: ServeHarness, code: String, extra: [String]) async throws -> RawLoopbackClient {
        let guest = try await RawLoopbackClient.connect(port: node.port, group: group)
        try await guest.send(TestWebSocket.upgrade(path: "/\(code)/ws", port: node.port, extra: extra))
        #expect(await guest.wait(upTo: .seconds(5)) { $0.contains("\r\n\r\n") })
        #expect(guest.text.hasPrefix("HTTP/1.1 101"), "\(guest.text)")
        let hello = try MessageCodec().encode(ServeHarness.hello("Ann", room: code), seq: 1)
        try await guest.send(TestWebSocket.textFrame(hello))
        #expect(await guest.wait(upTo: .seconds(5)) { $0.contains("\"welcome\"") }, "\(guest.text)")
        return guest
    }

    /// The addresses `room`'s session has for its connections.
    func addresses(in room: ServedRoom, of node: ServeHarness) async throws -> [String] {
        try await node.server.loop.submit { room.session.assumeIsolated { $0.links.values.map(\.address) } }.get()
    }

    /// One `GET` on its own connection (`Connection: close`): the whole answer as text.
    func get(_ path: String, port: Int) async throws -> String {
        let client = try await RawLoopbackClient.connect(port: port, group: group)
        try await client.send("GET \(path) HTTP/1.1\r\nHost: party.test\r\nConnection: close\r\n\r\n")
        _ = await client.closed(within: .seconds(5))
        return client.text
    }

    /// The body of an HTTP answer.
    static func body(_ answer: String) -> String {
        answer.range(of: "\r\n\r\n").map { String(answer[$0.upperBound...]) } ?? ""
    }

}

/// A port of 127.0.0.1 on which nobody listens and nobody can start to while the test runs: a
/// socket bound to it, never listening, kept open until the value is dropped (a port merely
/// closed again could be handed to another test meanwhile). A connection to it is refused.
final class ClosedPort: Sendable {
    /// The port.
    let port: Int
    private let descriptor: Int32

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard bound else {
            close(descriptor)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
}

/// A directory a test fills: every code in `rooms` (or in `follow`'s) is at `node`; those in
/// `moving` are on their way to another node.
final class FakeDirectory: RoomDirectory {
    private let state = Mutex<(node: RoomPlace?, rooms: Set<String>, follow: FakeDirectory?)>((nil, [], nil))
    private let movingCodes = Mutex<Set<String>>([])

    /// Codes of rooms whose node died, not claimed yet.
    var moving: Set<String> {
        get { movingCodes.withLock { $0 } }
        set { movingCodes.withLock { $0 = newValue } }
    }

    func isMoving(code: String) -> Bool { moving.contains(code) }

    private let peerAddresses = Mutex<Set<String>>([])

    /// Addresses of the fleet's other nodes (their relay hellos are accepted).
    var peers: Set<String> {
        get { peerAddresses.withLock { $0 } }
        set { peerAddresses.withLock { $0 = newValue } }
    }

    func isFleetNode(address: String) -> Bool { peers.contains(address) }

    /// Another directory whose codes this one names too.
    var follow: FakeDirectory? {
        get { state.withLock { $0.follow } }
        set { state.withLock { $0.follow = newValue } }
    }

    /// Where every listed room is.
    var node: RoomPlace? {
        get { state.withLock { $0.node } }
        set { state.withLock { $0.node = newValue } }
    }

    /// The codes the directory knows.
    var rooms: Set<String> {
        get { state.withLock { $0.rooms } }
        set { state.withLock { $0.rooms = newValue } }
    }

    func locate(code: String) -> RoomPlace? {
        let (node, rooms, follow) = state.withLock { ($0.node, $0.rooms, $0.follow) }
        return rooms.union(follow?.rooms ?? []).contains(code) ? node : nil
    }
}

/// A Rock Paper Scissors move as the wire has it.
struct ShapeMove: Codable, Sendable {
    var shape: String
}
