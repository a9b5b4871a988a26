import Foundation
@testable import PartyFleet
import Synchronization
import Testing

/// The journal's store while its server crashes and starts again and again: no call waits for
/// ever. Without a bound of its own a statement sent as the server died was never answered,
/// even after its connection was closed, and held the store's lock for good: in about one run
/// in four of twelve restarts a call was given up on at its limit, which without the limit
/// stops every caller for good.
@Suite("The PostgreSQL journal under restarts", .enabled(if: PrivatePostgres.isInstalled, Comment(rawValue: PrivatePostgres.missing)))
struct StoreUnderRestartsTests {
    @Test("four callers through twenty crashes and restarts: each call ends within its limits, and all are answered afterwards")
    func restarts() async throws {
        try await PrivatePostgres.withServer { server in
            let configuration = server.configuration(database: try await server.newDatabase())
            let store = try PostgresJournalStore(configuration: configuration, membership: FleetMembership(node: "p"))
            defer { store.close() }
            let tally = Tally()
            // The callers stop however the test ends (a restart that throws included).
            defer { tally.stop.store(true, ordering: .relaxed) }
            let callers = (0..<4).map { _ in
                Task {
                    try await Blocking.run {
                        while !tally.stop.load(ordering: .relaxed) {
                            let started = Date()
                            if (try? store.query("SELECT 1")) != nil { tally.answered.add(1, ordering: .relaxed) }
                            let took = Date().timeIntervalSince(started)
                            tally.longest.withLock { $0 = max($0, took) }
                            usleep(5_000)
                        }
                    }
                }
            }
            // The server dies at different moments of the callers' work: after 0 to 290 ms.
            for round in 0..<20 {
                try await server.crashed()
                try await Task.sleep(for: .milliseconds(round * 130 % 300))
                try await server.restarted()
                try await Task.sleep(for: .milliseconds(round * 70 % 300))
            }
            // Every caller gets answers again (each call lasts at most connect + statement limits).
            let before = tally.answered.load(ordering: .relaxed)
            let limit = Double((PostgresJournalStore.connectLimit + PostgresJournalStore.answerLimit).nanoseconds) / 1e9
            let deadline = ContinuousClock.now + .seconds(Int(limit) * 2 + 5)
            while tally.answered.load(ordering: .relaxed) < before + 40, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(100))
            }
            tally.stop.store(true, ordering: .relaxed)
            for caller in callers { try await caller.value }
            #expect(tally.answered.load(ordering: .relaxed) >= before + 40, "callers stuck: \(tally.answered.load(ordering: .relaxed) - before) answers after the last restart")
            // Each caller waits its turn for the store's one connection: four callers, each call at most `limit`.
            #expect(tally.longest.withLock { $0 } < limit * 4 + 2)
        }
    }
}

/// What the callers share.
private final class Tally: Sendable {
    let stop = Atomic<Bool>(false)
    let answered = Atomic<Int>(0)
    /// The longest call, in seconds.
    let longest = Mutex<Double>(0)
}
