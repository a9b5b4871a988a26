import Foundation
import Logging
import NIOPosix
import PartyClient
import PartyJournal
import PartyServe
@testable import PartyServer
import PartyWire
import Synchronization
import Testing

/// A party server over real loopback sockets: rooms full of bots at once, codes, isolation
/// between rooms, idle rooms closing, and a restart resuming the rooms.
@Suite("A party server on loopback", .timeLimit(.minutes(5)))
struct ServeLoopbackTests {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    @Test("100 rooms play at once in one server (two bots each, and a person who votes); every code differs")
    func hundredRooms() async throws {
        let serve = try await ServeHarness.start(loop: group.next()) { $0.roomsPerAddressPerHour = 1_000 }
        var codes: [String] = []
        for index in 0..<100 {
            let started = try serve.host.start(RoomRequest(name: "Room \(index)", games: ["rps"], bots: 2, botLevel: "easy"),
                                               from: "127.0.0.1")
            codes.append(started.code)
        }
        #expect(Set(codes).count == 100)
        // Bots never vote: in each room a person votes for the game, and stays until every room plays.
        // The person votes once both bots sit: alone, Rock Paper Scissors (two players or more) is
        // not playable and the vote is refused, and on a loaded machine the bots can come late.
        let allPlaying = AsyncStream<Void>.makeStream()
        let everyone = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for code in codes {
                    group.addTask {
                        try await PartyConnection.withConnection(to: serve.address, hello: ServeHarness.hello("Voter", room: code)) { connection, welcome in
                            var seated = welcome.players.count
                            var events = connection.events.makeAsyncIterator()
                            while seated < 3, let event = await events.next() {
                                if case .lobby(let lobby) = event { seated = lobby.players.count }
                            }
                            connection.send(Vote(game: "rps"))
                            for await _ in allPlaying.stream {}
                            connection.leave()
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        var playing = 0
        let deadline = ContinuousClock.now + .seconds(90)
        while ContinuousClock.now < deadline {
            playing = 0
            for room in serve.server.liveRooms where await room.status().state == "playing" { playing += 1 }
            if playing == 100 { break }
            try await Task.sleep(for: .milliseconds(200))
        }
        var states: [String: Int] = [:]
        for room in serve.server.liveRooms { states[await room.status().state, default: 0] += 1 }
        #expect(playing == 100, "\(states)")
        allPlaying.continuation.finish()
        try await everyone.value
        await serve.stop()
    }

    @Test("bound to one address, the server's own address is not held to the per-address limits (its rooms' bots connect from it)")
    func ownAddressUnlimited() {
        var host = HostOptions(bindAddress: "10.77.0.10", port: 0, sessionName: "test serve")
        host.maxConnectionsPerAddress = 4
        let server = RoomServer(options: ServeOptions(host: host), loop: group.next(), logger: Logger(label: "serve-test"))
        #expect(server.unlimitedAddresses.isSuperset(of: ["10.77.0.10", "127.0.0.1", "::1"]))
        #expect(!server.unlimitedAddresses.contains("10.77.0.100"))
    }

    @Test("a framed hello names its room; no room, or a code no room has, is refused in one sentence")
    func namingRooms() async throws {
        let serve = try await ServeHarness.start(loop: group.next())
        let started = try serve.host.start(RoomRequest(name: "Ann's party", games: ["fourinarow"]), from: "127.0.0.1")
        let name = try await PartyConnection.withConnection(to: serve.address, hello: ServeHarness.hello("Ann", room: started.code.lowercased())) { connection, welcome in
            connection.leave()
            return welcome.name
        }
        #expect(name == "Ann")
        for (room, reason) in [(nil, "roomRequired"), ("ZZZZ" == started.code ? "YYYY" : "ZZZZ", "noSuchRoom")] as [(String?, String)] {
            do {
                try await PartyConnection.withConnection(to: serve.address, hello: ServeHarness.hello("Bob", room: room)) { _, _ in }
                Issue.record("\(String(describing: room)) was let in")
            } catch ClientError.rejected(let got, let message) {
                #expect(got == reason, "\(message)")
            }
        }
        await serve.stop()
    }

    @Test("a token and a VIP key of one room are worth nothing in another")
    func isolation() async throws {
        let serve = try await ServeHarness.start(loop: group.next())
        let first = try serve.host.start(RoomRequest(name: "One", games: ["fourinarow"]), from: "127.0.0.1")
        let second = try serve.host.start(RoomRequest(name: "Two", games: ["fourinarow"]), from: "127.0.0.1")
        let token = try await PartyConnection.withConnection(to: serve.address, hello: ServeHarness.hello("Ann", room: first.code, hostKey: first.key)) { connection, welcome in
            welcome.token
        }
        do {
            try await PartyConnection.withConnection(to: serve.address, hello: ServeHarness.hello("Ann", room: second.code, token: token)) { _, _ in }
            Issue.record("room one's token worked in room two")
        } catch ClientError.rejected(let reason, _) {
            #expect(reason == "badToken")
        }
        // Room one's VIP key makes nobody the host of room two; in room one it does.
        let inSecond = try await PartyConnection.withConnection(to: serve.address, hello: ServeHarness.hello("Bob", room: second.code, hostKey: first.key)) { connection, welcome in
            connection.leave()
            return welcome.players.first { $0.name == "Bob" }?.host
        }
        #expect(inSecond == false)
        let inFirst = try await PartyConnection.withConnection(to: serve.address, hello: ServeHarness.hello("Cy", room: first.code, hostKey: first.key)) { connection, welcome in
            connection.leave()
            return welcome.players.first { $0.name == "Cy" }?.host
        }
        #expect(inFirst == true)
        await serve.stop()
    }

    @Test("a room nobody is in closes after the idle time and its code is free; a room with a person stays")
    func idleRooms() async throws {
        // The sweep runs every 50 ms of real time, but idle time passes only when the test says,
        // so a slow machine cannot close the busy room before its person arrives.
        let clock = TestInstant()
        let serve = try await ServeHarness.start(loop: group.next(), configure: {
            $0.roomIdleMilliseconds = 60_000
            $0.idleSweepMilliseconds = 50
        }, now: { clock.now })
        let empty = try serve.host.start(RoomRequest(name: "Empty", games: ["rps"], bots: 1), from: "127.0.0.1")
        let busy = try serve.host.start(RoomRequest(name: "Busy", games: ["rps"]), from: "127.0.0.1")
        try await PartyConnection.withConnection(to: serve.address, hello: ServeHarness.hello("Ann", room: busy.code)) { connection, _ in
            // Both rooms have been swept as they are now (a sweep after Ann's welcome has seen her).
            try? await Task.sleep(for: .milliseconds(300))
            #expect(serve.server.room(empty.code) != nil, "a room closed before its idle time")
            clock.advance(by: .seconds(59))
            try? await Task.sleep(for: .milliseconds(300))
            #expect(serve.server.room(empty.code) != nil, "a room closed before its idle time")
            clock.advance(by: .seconds(2))
            let closed = await Poll.until(timeout: .seconds(20)) { serve.server.room(empty.code) == nil }
            #expect(closed, "the empty room (with only a bot) is still open")
            try? await Task.sleep(for: .milliseconds(300))
            #expect(serve.server.room(busy.code) != nil)
            connection.leave()
        }
        await serve.stop()
    }

    @Test("a restarted server resumes its rooms from the journal: the same code, and the token gets the seat back")
    func restartResumes() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("serve.journal").path
        let store = try SQLiteJournalStore(path: path)
        let serve = try await ServeHarness.start(store: store, loop: group.next())
        let started = try serve.host.start(RoomRequest(name: "Ann's party", games: ["fourinarow"]), from: "127.0.0.1")
        let (token, seat) = try await PartyConnection.withConnection(to: serve.address, hello: ServeHarness.hello("Ann", room: started.code)) { _, welcome in
            (welcome.token, welcome.seat)
        }
        await serve.stop()

        let again = try await ServeHarness.start(store: try SQLiteJournalStore(path: path), loop: group.next())
        #expect(again.server.room(started.code)?.resumed != nil)
        let back = try await PartyConnection.withConnection(to: again.address, hello: ServeHarness.hello("Ann", room: started.code, token: token)) { connection, welcome in
            connection.leave()
            return (welcome.name, welcome.seat)
        }
        #expect(back.0 == "Ann")
        #expect(back.1 == seat)
        await again.stop()
    }
}

/// A clock a test moves forward by hand.
final class TestInstant: Sendable {
    private let instant = Mutex(ContinuousClock.now)
    /// The instant now.
    var now: ContinuousClock.Instant { instant.withLock { $0 } }
    /// Moves the clock `duration` forward.
    func advance(by duration: Duration) { instant.withLock { $0 += duration } }
}

/// Polling with a deadline.
enum Poll {
    /// Checks `condition` every 50 ms until it holds or `timeout` passes; returns whether it held.
    static func until(timeout: Duration, _ condition: () async -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return await condition()
    }
}
