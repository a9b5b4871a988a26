import Foundation

/// Runs CPU-heavy test work off Swift's cooperative pool and waits for it without holding one of
/// its threads.
///
/// Swift Testing runs tests on the cooperative pool, which has one thread per core: two here. Two
/// synchronous tests that compute for a minute (bot matches, the solver over Pons' samples) take
/// both, and every test that waits on the network meanwhile cannot read or answer, so hosts time
/// its connections out. On a queue of its own the work still uses a core, but the operating system
/// shares the cores with the event loops and the pool. The jobs run one at a time, on one serial
/// queue, so however many such tests start together they take one core, never both.
public enum HeavyWork {
    /// The one queue all heavy test work shares.
    static let queue = DispatchQueue(label: "partyhost.tests.heavy", qos: .utility)

    /// The result of `body`, computed on the heavy-work queue after the jobs queued before it.
    public static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: body()) }
        }
    }
}
