import Dispatch
import NIOCore
import Synchronization

extension EventLoopFuture where Value: Sendable {
    /// Waits for the future on this thread, which may be another group's event loop.
    ///
    /// The journal's calls are synchronous and made on the sessions' event loops, by design (a
    /// session's writes wait for its journal); the future completes on the store's own loop, so
    /// nothing waits for itself. NIO's `wait()` refuses to run on any event loop, so this one
    /// blocks on a semaphore instead.
    func blockingWait() throws -> Value {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Result<Value, any Error>?>(nil)
        whenComplete { outcome in
            result.withLock { $0 = outcome }
            done.signal()
        }
        done.wait()
        return try result.withLock { $0! }.get()
    }
}
