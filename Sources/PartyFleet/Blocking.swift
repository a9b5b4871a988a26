import Foundation

/// Blocking work (a database call that waits for its answer, a journal read, a program the tests
/// wait for) run on a thread of its own, so that it never holds a thread of Swift's concurrency
/// pool or an event loop.
///
/// Not a dispatch queue: on Linux a concurrent queue's work runs on the very threads of the
/// concurrency pool (two on a two-core machine), so two blocked calls stopped every task of the
/// process until they returned (measured: four 2-second calls on a queue took 4 s and held a
/// 50 ms timer back 2 s; on threads of their own, 2 s and under 1 ms).
public enum Blocking {
    /// Runs `body` on a new thread and returns what it returns.
    public static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try body() }) }
            thread.name = "partyhost.blocking"
            thread.start()
        }
    }
}
