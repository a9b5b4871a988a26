import Foundation
import Logging
import NIOPosix
import PartyClient
@testable import PartyFleet
import PartyJournalTestSupport
import PartyKit
@testable import PartyServe
@testable import PartyServer
import PartyWire
import Testing

/// Three nodes, thirty rooms of bots playing all five games, and nodes killed one after another
/// and started again: each room moves, whole, and its journal tells its story exactly.
@Suite("A fleet under chaos", .enabled(if: PrivatePostgres.isInstalled, Comment(rawValue: PrivatePostgres.missing)))
struct FleetChaosTests {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 3)
    static let games = ["fourinarow", "rps", "snap", "twentyfour", "suntouch"]

    @Test("a node killed every 8 s (lease 3 s), six times: every room is back, plays on, its state is its journal's replay, one node per epoch")
    func chaos() async throws {
        try await PrivatePostgres.withServer { server in
            let configuration = server.configuration(database: try await server.newDatabase())
            let names = ["a", "b", "c"]
            var nodes: [String: FleetHarness] = [:]
            for name in names {
                nodes[name] = try await FleetHarness.start(name, configuration: configuration, loop: group.next(), leaseMilliseconds: 3_000, botsVote: true)
            }
            for node in nodes.values { try await node.waitForLease() }
            var codes: [String] = []
            for index in 0..<30 {
                let node = try #require(nodes[names[index % 3]])
                let request = RoomRequest(name: "Room \(index)", games: [Self.games[index % 5]], bots: 2, botLevel: "easy")
                codes.append(try node.host.start(request, from: "127.0.0.\(index + 1)").code)
            }
            // The test's own reader of the database (the nodes' stores close with them).
            let store = try PostgresJournalStore(configuration: configuration)
            defer { store.close() }
            let startedWith = try entryCounts(store)

            for round in 0..<6 {
                try await Task.sleep(for: .seconds(8))
                let victim = names[round % 3]
                await nodes[victim]?.kill()
                try await Task.sleep(for: .seconds(1))
                nodes[victim] = try await FleetHarness.start(victim, configuration: configuration, loop: group.next(), leaseMilliseconds: 3_000, botsVote: true)
            }
            // Every room is back, on exactly one node (how soon after a kill: Benchmarks/Scripts/fleet_failover.sh).
            let deadline = ContinuousClock.now + .seconds(60)
            var live: [String: [String]] = [:]
            repeat {
                live = [:]
                for (name, node) in nodes { for room in node.server.liveRooms { live[room.code, default: []].append(name) } }
                if codes.allSatisfy({ live[$0]?.count == 1 }) { break }
                try await Task.sleep(for: .milliseconds(100))
            } while ContinuousClock.now < deadline
            #expect(codes.filter { live[$0]?.count != 1 } == [], "\(live)")
            try await Task.sleep(for: .seconds(2))
            // Every room went on playing through the kills.
            let endedWith = try entryCounts(store)
            #expect(codes.filter { (endedWith[$0] ?? 0) <= (startedWith[$0] ?? 0) } == [])
            // Its bots voted and played: every room's journal has votes, and moves but in TwentyFour
            // (its bots think for seconds over each challenge, after the game's countdown, and here
            // a room's node dies every 24 s: they may not have answered in this run).
            let played = try inputCounts(store, type: "move"), voted = try inputCounts(store, type: "vote")
            let idle = codes.indices.filter { (voted[codes[$0]] ?? 0) == 0 || (Self.games[$0 % 5] != "twentyfour" && (played[codes[$0]] ?? 0) == 0) }
            #expect(idle.isEmpty, "idle: \(idle.map { "\(codes[$0]) (\(Self.games[$0 % 5]): \(voted[codes[$0]] ?? 0) votes, \(played[codes[$0]] ?? 0) moves)" })")

            // The rooms as they are, frozen by the nodes leaving (what waited is written as they go).
            var frozen: [String: (ServedRoom, FleetHarness)] = [:]
            for node in nodes.values { for room in node.server.liveRooms { frozen[room.code] = (room, node) } }
            // No node claims anything from here on; then each leaves (its rooms sealed, what waited written).
            for node in nodes.values { await node.stopLeasing() }
            for node in nodes.values { await node.stop() }

            for code in codes {
                let (room, node) = try #require(frozen[code])
                let party = try #require(try store.readParties("WHERE join_code = '\(code)' AND finished IS NULL").first)
                let entries = try store.entries(party: party.id).entries
                // The journal: numbered 1…n with no gap, its epochs never going back, each epoch one claim.
                #expect(entries.map(\.sequence) == Array(1...Int64(entries.count)), "\(code)")
                let epochs = try store.query("SELECT epoch FROM entries WHERE party = \(party.id) ORDER BY sequence").map { try $0.decode(Int64.self) }
                #expect(epochs == epochs.sorted(), "\(code)")
                let claims = try store.query("SELECT epoch FROM claims WHERE party = \(party.id) ORDER BY epoch").map { try $0.decode(Int64.self) }
                #expect(Set(epochs).isSubset(of: Set(claims)), "\(code): entries of epochs \(Set(epochs)) with claims \(claims)")
                // The room's table as it stood equals the replay of its journal.
                let played = try await Self.text(of: room.session)
                let request = try JSONDecoder().decode(RoomRequest.self, from: Data(try #require(party.arguments.first).utf8))
                let valid = try request.validated()
                let made = HostCore.makeSession(game: nil, room: valid.settings, options: node.host.roomOptions(valid), logger: Logger(label: "replay"),
                                                loop: group.next(), journal: HostJournal(store: store, party: party, entries: entries,
                                                                                         onProblem: { _ in }))
                let replayed = try await Self.text(of: made.session)
                #expect(replayed == played, "\(code): \(Self.difference(replayed, played))")
            }
        }
    }

    /// The session's table as text, its clock's `now` set aside (a resumed table's clock goes on
    /// from its last journaled input; nothing else may differ).
    static func text(of session: Session) async throws -> String {
        try await session.loop.submit {
            session.assumeIsolated { session in
                var table = session.table
                table.now = GameInstant(milliseconds: 0)
                return Canonical.text(table)
            }
        }.get()
    }

    /// Where two texts first differ, with some of each around it.
    static func difference(_ one: String, _ other: String) -> String {
        let a = Array(one), b = Array(other)
        var index = 0
        while index < min(a.count, b.count), a[index] == b[index] { index += 1 }
        let from = max(0, index - 150)
        return "at \(index): «\(String(a[from..<min(a.count, index + 150)]))» vs «\(String(b[from..<min(b.count, index + 150)]))»"
    }

    /// How many entries each live room's journal has, by code.
    /// How many messages of `type` each room's journal has, by code.
    func inputCounts(_ store: PostgresJournalStore, type: String) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for row in try store.query("""
            SELECT p.join_code, count(*) FROM parties p JOIN entries e ON e.party = p.id
            WHERE e.kind = 'message' AND e.body LIKE \("%\"type\":\"\(type)\"%") GROUP BY p.join_code
            """) {
            let (code, count) = try row.decode((String, Int64).self)
            counts[code] = Int(count)
        }
        return counts
    }

    func entryCounts(_ store: PostgresJournalStore) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for row in try store.query("SELECT p.join_code, count(e.sequence) FROM parties p LEFT JOIN entries e ON e.party = p.id GROUP BY p.join_code") {
            let (code, count) = try row.decode((String, Int64).self)
            counts[code] = Int(count)
        }
        return counts
    }
}
