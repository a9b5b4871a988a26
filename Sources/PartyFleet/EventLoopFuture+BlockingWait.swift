import Dispatch
import NIOCore
import Synchronization

/// A call to the database that got no answer in its time: the future it waited for may still
/// complete later (a connection that comes after its caller gave up is closed then).
///
/// PostgresNIO's own limits do not always end a wait: with the server crashed and started again
/// over and over, a connect to it at the wrong moment never completed (measured: three writers,
/// 25 restarts, all three stuck from the 14th on), and held the store's connection lock forever.
struct NoAnswer: Error, CustomStringConvertible {
    /// What was asked: "connect", "a statement".
    var what: String
    /// How long it was waited for.
    var limit: TimeAmount

    var description: String {
        "no answer to \(what) within \(Double(limit.nanoseconds) / 1e9) s"
    }
}

extension EventLoopFuture where Value: Sendable {
    /// Waits for the future on this thread, which may be another group's event loop, for at most
    /// `limit`; throws `NoAnswer` past it, and then hands a value that comes later to `late`.
    ///
    /// The journal's calls are synchronous and made on the sessions' event loops, by design (a
    /// session's writes wait for its journal); the future completes on the store's own loop, so
    /// nothing waits for itself. NIO's `wait()` refuses to run on any event loop, so this one
    /// blocks on a semaphore instead.
    func blockingWait(atMost limit: TimeAmount, what: String, late: @escaping @Sendable (Value) -> Void = { _ in }) throws -> Value {
        let done = DispatchSemaphore(value: 0)
        // nil: waiting; then the outcome; `.gaveUp` once the waiter left.
        let outcome = Mutex<Outcome?>(nil)
        whenComplete { result in
            let gaveUp = outcome.withLock { state -> Bool in
                if case .gaveUp = state { return true }
                state = .result(result)
                return false
            }
            if gaveUp {
                if case .success(let value) = result { late(value) }
            } else {
                done.signal()
            }
        }
        if done.wait(timeout: .now() + .nanoseconds(Int(limit.nanoseconds))) == .timedOut {
            let result = outcome.withLock { state -> Result<Value, any Error>? in
                if case .result(let result) = state { return result }
                state = .gaveUp
                return nil
            }
            // Completed in the instant between the timeout and the lock: taken after all.
            guard let result else { throw NoAnswer(what: what, limit: limit) }
            return try result.get()
        }
        return try outcome.withLock { state -> Result<Value, any Error> in
            guard case .result(let result) = state else { Swift.preconditionFailure("signalled without a result") }
            return result
        }.get()
    }

    /// The future's value, awaited for at most `limit`; throws `NoAnswer` past it, and then hands
    /// a value that comes later to `late`.
    func value(within limit: TimeAmount, what: String, late: @escaping @Sendable (Value) -> Void = { _ in }) async throws -> Value {
        let waiter = Mutex<CheckedContinuation<Value, any Error>?>(nil)
        return try await withCheckedThrowingContinuation { continuation in
            waiter.withLock { $0 = continuation }
            let timer = eventLoop.scheduleTask(in: limit) {
                waiter.withLock { $0.take() }?.resume(throwing: NoAnswer(what: what, limit: limit))
            }
            whenComplete { result in
                timer.cancel()
                if let continuation = waiter.withLock({ $0.take() }) {
                    continuation.resume(with: result)
                } else if case .success(let value) = result {
                    late(value)
                }
            }
        }
    }

    private enum Outcome {
        case result(Result<Value, any Error>)
        case gaveUp
    }
}
