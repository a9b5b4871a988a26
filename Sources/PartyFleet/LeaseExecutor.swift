import Dispatch

/// Where a fleet node's lease loops run: a serial queue of their own (`withTaskExecutorPreference`),
/// not Swift's shared concurrency pool, which blocking work elsewhere in the process (two threads
/// on a two-core machine) could hold long enough for the lease to run out unrenewed.
final class LeaseExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked Sendable: the only stored property is a DispatchQueue, which is thread-safe.
    private let queue: DispatchQueue

    /// An executor on a new serial queue named `label`.
    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
