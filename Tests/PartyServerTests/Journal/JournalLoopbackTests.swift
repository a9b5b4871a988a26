import FourInARow
import Logging
import PartyKit
@testable import PartyServer
import Synchronization
import Testing

/// The journal in a running host, over real loopback sockets: written before anything it caused
/// leaves, kept going through a failing disk, and resumed by a new host.
@Suite("A journaled host", .timeLimit(.minutes(2)))
struct JournalLoopbackTests {
    /// Runs a Four in a Row host journaling to `store` (resuming `entries`) for `body`.
    static func withJournaledHost<T: Sendable>(
        _ store: TestJournalStore, party: JournalParty, entries: [JournalEntry] = [], retryMilliseconds: Int64 = 5_000,
        problems: Problems = Problems(), _ body: @Sendable (PartyHost<FourInARow>, Int) async throws -> T
    ) async throws -> T {
        var journal = HostJournal(store: store, party: party, entries: entries) { problems.add($0) }
        journal.retryMilliseconds = retryMilliseconds
        return try await withHost(FourInARow.self, journal: journal, body)
    }

    /// The sentences a host's journal reported.
    final class Problems: Sendable {
        private let lines = Mutex<[String]>([])
        func add(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    static func newParty(_ store: TestJournalStore) throws -> JournalParty {
        try store.begin(JournalParty.fresh(name: "Test session", version: "test", arguments: [], seed: 42, joinCode: nil, started: 0))
    }

    /// The moves (`column`) journaled so far.
    static func journaledColumns(_ store: TestJournalStore, party: Int64) -> [Int] {
        store.kept(party).filter { $0.kind == "message" && $0.body.contains("\"move\"") }.compactMap { entry in
            entry.body.split(separator: ":").last.flatMap { Int($0.filter(\.isNumber)) }
        }
    }

    @Test("a move's view reaches the other player only after the move is in the journal, even when the disk is slow")
    func writeAhead() async throws {
        let store = TestJournalStore()
        let party = try Self.newParty(store)
        store.appendDelay = .milliseconds(40)
        try await Self.withJournaledHost(store, party: party) { host, port in
            try await RawClient.with(port: port) { alice in
                try await RawClient.with(port: port) { bob in
                    _ = try await ReconnectionTests.startGame(&alice, &bob, hostKey: host.hostKey)
                    for (turn, column) in [3, 4, 3, 4].enumerated() {
                        if turn % 2 == 0 {
                            try await alice.send("move", "\"move\": {\"column\": \(column)}")
                            _ = try await bob.next("view")
                        } else {
                            try await bob.send("move", "\"move\": {\"column\": \(column)}")
                            _ = try await alice.next("view")
                        }
                        // The other player saw the move: the journal has it.
                        #expect(Self.journaledColumns(store, party: party.id).count == turn + 1)
                        // The mover's own view of it.
                        if turn % 2 == 0 { _ = try await alice.next("view") } else { _ = try await bob.next("view") }
                    }
                }
            }
        }
    }

    @Test("a disk that refuses writes: the game goes on, the host is told, and the journal catches up when the disk is back")
    func failingDisk() async throws {
        let store = TestJournalStore()
        let party = try Self.newParty(store)
        let problems = Problems()
        try await Self.withJournaledHost(store, party: party, retryMilliseconds: 200, problems: problems) { host, port in
            try await RawClient.with(port: port) { alice in
                try await RawClient.with(port: port) { bob in
                    _ = try await ReconnectionTests.startGame(&alice, &bob, hostKey: host.hostKey)
                    store.failing = true
                    try await alice.send("move", "\"move\": {\"column\": 3}")
                    _ = try await bob.next("view")
                    try await bob.send("move", "\"move\": {\"column\": 3}")
                    _ = try await alice.next("view")
                    #expect(problems.all.first?.contains("No space left on device") == true, "\(problems.all)")
                    #expect(problems.all.first?.contains("goes on in memory") == true)
                    store.failing = false
                    try await Task.sleep(for: .milliseconds(300))
                    try await alice.send("move", "\"move\": {\"column\": 2}")
                    _ = try await bob.next("view")
                }
            }
        }
        // Every input is there, in order, numbered without a gap.
        let kept = store.kept(party.id)
        #expect(kept.map(\.sequence) == Array(1...Int64(kept.count)))
        #expect(Self.journaledColumns(store, party: party.id) == [3, 3, 2])
        #expect(problems.all.contains { $0.contains("written again") })
    }

    @Test("a new host given the journal resumes the session: the same id, seats given back to their tokens, the board as it was")
    func resumes() async throws {
        let store = TestJournalStore()
        let party = try Self.newParty(store)
        let (session, bobToken) = try await Self.withJournaledHost(store, party: party) { host, port in
            try await RawClient.with(port: port) { alice in
                try await RawClient.with(port: port) { bob in
                    _ = try await ReconnectionTests.startGame(&alice, &bob, hostKey: host.hostKey)
                    try await alice.send("move", "\"move\": {\"column\": 4}")
                    let view = try await bob.next("view")
                    #expect(view?["yourTurn"] as? Bool == true)
                    // What a host that stops now leaves behind.
                    let crashed = store.copy()
                    let entries = try crashed.entries(party: party.id).entries
                    let tokens = try await Self.withJournaledHost(crashed, party: party, entries: entries) { resumed, port in
                        #expect(resumed.resumed?.replayed == entries.count)
                        #expect(resumed.resumed?.gamesPlayed == 1)
                        #expect(resumed.hostKey == host.hostKey)
                        let bobSeat = try #require(resumed.resumed?.seats.first { $0.name == "Bob" })
                        return try await RawClient.with(port: port) { bobAgain in
                            try await bobAgain.send("hello", "\"protocol\": 1, \"client\": \"t\", \"clientVersion\": \"1\", \"name\": \"Bob\", \"token\": \"\(bobSeat.token)\"")
                            let welcome = try await bobAgain.next("welcome")
                            #expect(welcome?["reconnected"] as? Bool == true)
                            #expect(welcome?["seat"] as? Int == 1)
                            let again = try await bobAgain.next("view")
                            #expect(again?["yourTurn"] as? Bool == true)
                            let board = (again?["view"] as? [String: Any])?["board"] as? [String]
                            #expect(board?.last == "...0...")
                            return (welcome?["session"] as? String ?? "", bobSeat.token)
                        }
                    }
                    return tokens
                }
            }
        }
        #expect(!session.isEmpty && !bobToken.isEmpty)
    }
}
