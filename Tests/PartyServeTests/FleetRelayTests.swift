import Foundation
import NIOCore
import NIOPosix
import PartyClient
import PartyServe
@testable import PartyServer
import PartyWire
import Synchronization
import Testing

/// Watchers of a room on the node that does not hold it, over real loopback sockets: node A
/// relays B's room (one connection to B) to every watcher who opens `/CODE/ws?watch` at A.
@Suite("A fleet relays a room to the watchers of another node", .timeLimit(.minutes(3)))
struct FleetRelayTests {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let carry = FleetCarryTests()

    @Test("three watchers at A: B has one connection for them, counts three, they see the game, and a prediction counts once")
    func watchersThroughA() async throws {
        let (a, b, directory) = try await carry.fleet()
        let started = try b.host.start(RoomRequest(name: "Ann's party", games: ["rps"]), from: "127.0.0.1")
        directory.rooms = [started.code]
        let room = try #require(b.server.room(started.code))

        var watchers: [RawLoopbackClient] = []
        for name in ["Kim", "Lou", "Max"] {
            watchers.append(try await watch(a, code: started.code, name: name))
        }
        // Each says something every 2 s, as a page does (a silent one is dropped after 10 s).
        let numbers = watchers.map { _ in Counter(after: 1) }
        let all = watchers
        let beats = Task {
            while !Task.isCancelled {
                for (watcher, number) in zip(all, numbers) {
                    try? await watcher.send(TestWebSocket.textFrame(MessageCodec().encode(Heartbeat(), seq: number.next())))
                }
                try? await Task.sleep(for: .seconds(2))
            }
        }
        defer { beats.cancel() }
        for (watcher, name) in zip(watchers, ["Kim", "Lou", "Max"]) {
            #expect(watcher.text.contains(#""role":"spectator""#) && watcher.text.contains(#""name":"\#(name)""#), "\(watcher.text)")
        }
        // B: one spectator connection (the relay), which stands for three.
        #expect(await Poll.until(timeout: .seconds(10)) { await holds(room, of: b) { $0.relays == (1, 3) } })
        #expect(try await table(room, of: b) { $0.spectators.count } == 1)
        // A counts them as its own watchers (/metrics, /healthz).
        #expect(try await a.server.loop.submit { a.server.census().watchers }.get() == 3)

        // Two players at B; they move once a watcher has predicted.
        let predicted = Gate()
        let players = Task {
            try await withThrowingTaskGroup(of: String.self) { tasks in
                for name in ["Ann", "Bob"] {
                    tasks.addTask { try await play(name, at: b, code: started.code, after: predicted) }
                }
                var all: [String] = []
                for try await outcome in tasks { all.append(outcome) }
                return all.sorted()
            }
        }
        // Predictions open at the game's start: Kim says seat 1 (who throws paper and wins) through the relay.
        #expect(await watchers[0].wait(upTo: .seconds(30)) { $0.contains(#""state":"open""#) }, "\(watchers[0].text)")
        try await watchers[0].send(TestWebSocket.textFrame(MessageCodec().encode(Predict(seat: 1), seq: numbers[0].next())))
        #expect(await watchers[0].wait(upTo: .seconds(10)) { $0.contains(#""type":"prediction""#) && $0.contains("You said ") },
                "\(watchers[0].text)")
        #expect(!watchers[0].text.contains(#""watcher""#), "the relay's numbers stay between the nodes: \(watchers[0].text)")
        // Bad input from a watcher: answered at A, the connection stays.
        try await watchers[1].send(TestWebSocket.textFrame(ByteBuffer(string: "not json")))
        try await watchers[1].send(TestWebSocket.textFrame(MessageCodec().encode(MoveMessage(move: ShapeMove(shape: "rock")), seq: numbers[1].next())))
        try await watchers[1].send(TestWebSocket.textFrame(MessageCodec().encode(AudienceMessage(count: 99), seq: numbers[1].next())))
        #expect(await watchers[1].wait(upTo: .seconds(10)) { $0.contains(#""reason":"notARelay""#) }, "\(watchers[1].text)")
        #expect(watchers[1].text.contains(#""reason":"invalidJSON""#) && watchers[1].text.contains(#""type":"moveRejected""#), "\(watchers[1].text)")
        #expect(try await table(room, of: b) { $0.predictions?.total } == 1)
        predicted.open.withLock { $0 = true }

        let outcomes = try await players.value
        #expect(outcomes.allSatisfy { $0.contains("over") }, "\(outcomes)")
        for watcher in watchers {
            #expect(await watcher.wait(upTo: .seconds(10)) { $0.contains(#""type":"gameOver""#) }, "\(watcher.text)")
        }
        // Kim was right: her verdict came back to her alone, and the board names her.
        #expect(await watchers[0].wait(upTo: .seconds(10)) { $0.contains(" — right! +") }, "\(watchers[0].text)")
        #expect(!watchers[1].text.contains("You said"))
        #expect(watchers[1].text.contains(#""board":[{"place":1,"name":"Kim""#), "\(watchers[1].text)")

        // A watcher leaves: B's count follows.
        await watchers[2].close()
        #expect(await Poll.until(timeout: .seconds(10)) { await holds(room, of: b) { $0.relays == (1, 2) } })
        for watcher in watchers { await watcher.close() }
        await a.stop()
        await b.stop()
    }

    @Test("a player at ?watch is refused watchOnly; the room's end closes the relay's watchers; relay from a stranger is relayRefused")
    func refusalsAndEnd() async throws {
        let (a, b, directory) = try await carry.fleet()
        let started = try b.host.start(RoomRequest(name: "Ann's party", games: ["rps"]), from: "127.0.0.1")
        directory.rooms = [started.code]
        let player = try await RawLoopbackClient.connect(port: a.port, group: group)
        try await player.send(TestWebSocket.upgrade(path: "/\(started.code)/ws?watch", port: a.port))
        try await player.send(TestWebSocket.textFrame(MessageCodec().encode(ServeHarness.hello("Ann", room: started.code), seq: 1)))
        #expect(await player.closed(within: .seconds(10)))
        #expect(player.text.contains(#""reason":"watchOnly""#), "\(player.text)")

        let watcher = try await watch(a, code: started.code, name: "Kim")
        let room = try #require(b.server.room(started.code))
        await b.server.close(room, reason: "test", message: "Closed by the test.")
        #expect(await watcher.closed(within: .seconds(15)), "the watcher outlived the room")
        #expect(watcher.text.contains(#""type":"ended""#) && watcher.text.contains("Closed by the test."), "\(watcher.text)")
        #expect(await Poll.until(timeout: .seconds(10)) { a.server.relays.withLock { $0.isEmpty } })

        // A server alone trusts no node: a hello saying relay is refused.
        let alone = try await ServeHarness.start(loop: group.next())
        let other = try alone.host.start(RoomRequest(name: "Bea's party", games: ["rps"]), from: "127.0.0.1")
        var hello = ServeHarness.hello("Relay", room: other.code, spectator: true)
        hello.features = ["relay"]
        do {
            try await PartyConnection.withConnection(to: alone.address, hello: hello) { _, _ in }
            Issue.record("a stranger's relay hello was welcomed")
        } catch ClientError.rejected(let reason, _) {
            #expect(reason == "relayRefused")
        }
        await alone.stop()
        await a.stop()
        await b.stop()
    }

    @Test("a node the room's node does not know yet is refused as a relay, asks again a second later, and its watcher is welcomed")
    func newNodeAsksAgain() async throws {
        // B learns of A only 1.5 s after the watcher comes (a fleet node reads its directory each second).
        let directory = FakeDirectory(), back = FakeDirectory()
        let b = try await ServeHarness.start(loop: group.next(), directory: back)
        let a = try await ServeHarness.start(loop: group.next(), directory: directory)
        directory.node = RoomPlace(node: "b", host: "127.0.0.1", port: b.port)
        let started = try b.host.start(RoomRequest(name: "Ann's party", games: ["rps"]), from: "127.0.0.1")
        directory.rooms = [started.code]
        let learns = Task {
            try await Task.sleep(for: .milliseconds(1_500))
            back.peers = ["127.0.0.1"]
        }
        let came = ContinuousClock.now
        let watcher = try await watch(a, code: started.code, name: "Kim")
        #expect(ContinuousClock.now - came >= .milliseconds(1_400), "welcomed before B knew A")
        #expect(!watcher.text.contains("roomUnreachable"), "\(watcher.text)")
        let room = try #require(b.server.room(started.code))
        #expect(await Poll.until(timeout: .seconds(10)) { await holds(room, of: b) { $0.relays == (1, 1) } })
        try await learns.value
        await a.stop()
        await b.stop()
    }

    // MARK: Helpers

    /// A raw WebSocket watcher `name` of `code` at `node`'s `/CODE/ws?watch`, welcomed.
    func watch(_ node: ServeHarness, code: String, name: String) async throws -> RawLoopbackClient {
        let watcher = try await RawLoopbackClient.connect(port: node.port, group: group)
        try await watcher.send(TestWebSocket.upgrade(path: "/\(code)/ws?watch", port: node.port))
        var hello = ServeHarness.hello(name, room: code, spectator: true)
        hello.features = ["predictions"]
        try await watcher.send(TestWebSocket.textFrame(MessageCodec().encode(hello, seq: 1)))
        #expect(await watcher.wait(upTo: .seconds(10)) { $0.contains(#""type":"welcome""#) }, "\(watcher.text)")
        #expect(watcher.text.hasPrefix("HTTP/1.1 101"), "\(watcher.text)")
        return watcher
    }

    /// A player at `node` who votes for Rock Paper Scissors and throws once `gate` opens (seat 1
    /// paper, seat 0 rock: seat 1 wins); what became of them.
    func play(_ name: String, at node: ServeHarness, code: String, after gate: Gate) async throws -> String {
        let target = WebSocketTarget(secure: false, address: node.address, room: code)
        return try await PartyConnection.withConnection(to: node.address, hello: ServeHarness.hello(name, room: code),
                                                        transport: .webSocket(target)) { connection, welcome in
            // One votes once both sit: alone, a vote for a two-player game is refused, and the
            // room would wait for the other's vote's countdown (15 s) instead.
            var seat: Int?
            var voted = false
            func vote(seated: Int) {
                guard !voted, seated >= 2 else { return }
                connection.send(Vote(game: "rps"))
                voted = true
            }
            vote(seated: welcome.players.count)
            var events = connection.events.makeAsyncIterator()
            while let event = await events.next() {
                switch event {
                case .lobby(let lobby):
                    seat = lobby.you
                    vote(seated: lobby.players.count)
                case .view:
                    let shape = seat == 1 ? "paper" : "rock"
                    _ = await Poll.until(timeout: .seconds(30)) { gate.open.withLock { $0 } }
                    connection.send(MoveMessage(move: ShapeMove(shape: shape)))
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

    /// Reads `room`'s table on `node`'s loop.
    func table<Value: Sendable>(_ room: ServedRoom, of node: ServeHarness, _ read: @escaping @Sendable (Table) -> Value) async throws -> Value {
        try await node.server.loop.submit { room.session.assumeIsolated { read($0.table) } }.get()
    }

    /// Whether `check` holds of `room`'s table on `node` (false when the read fails).
    func holds(_ room: ServedRoom, of node: ServeHarness, _ check: @escaping @Sendable (Table) -> Bool) async -> Bool {
        (try? await table(room, of: node, check)) ?? false
    }
}

/// A flag one task opens for others.
final class Gate: Sendable {
    /// Whether it is open.
    let open = Mutex(false)
}

/// Sequence numbers for one connection, from several tasks.
final class Counter: Sendable {
    private let last: Mutex<Int>

    /// Numbers after `first`.
    init(after first: Int) { last = Mutex(first) }

    /// The next number.
    func next() -> Int { last.withLock { $0 += 1; return $0 } }
}
