import Foundation
import PartyFleet
import Synchronization
import Testing

/// `Blocking.run` must not hold a thread of Swift's concurrency pool: many more calls than the
/// machine has cores all run at once. On a dispatch queue (which shares the pool's threads on
/// Linux) one call per core starts, and libdispatch adds a thread for the others about once a
/// second (on two cores, six calls took 3.9 s to all start and twelve not within 3 s; on threads
/// of their own twelve start in 2 ms).
@Suite("Blocking work runs beside the concurrency pool")
struct BlockingTests {
    @Test("four times as many blocking calls as cores, plus four, all run at the same time")
    func allAtOnce() async throws {
        let count = ProcessInfo.processInfo.activeProcessorCount * 4 + 4
        let started = Started()
        let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<count {
                group.addTask {
                    try await Blocking.run {
                        started.count.withLock { $0 += 1 }
                        // Each waits until every one has started, or gives up after 3 s: then they did not run together.
                        let deadline = Date().addingTimeInterval(3)
                        while started.count.withLock({ $0 }) < count, Date() < deadline { usleep(1_000) }
                        return started.count.withLock { $0 } == count
                    }
                }
            }
            var all: [Bool] = []
            for try await outcome in group { all.append(outcome) }
            return all
        }
        #expect(outcomes.count == count && outcomes.allSatisfy { $0 }, "\(outcomes.filter { $0 }.count) of \(count) calls ran together")
    }
}

/// How many calls have started.
private final class Started: Sendable {
    let count = Mutex(0)
}
