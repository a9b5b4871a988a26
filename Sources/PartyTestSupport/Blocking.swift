import Foundation

/// Runs blocking test work (a child process to its end, a pipe read to its end) on a thread of its
/// own, and waits for it without holding one of the cooperative pool's threads.
///
/// Swift Testing runs every test on the cooperative pool: one thread per core, two here. A test that
/// waits for a program synchronously holds one of them for as long as the program runs (a browser
/// scenario: minutes). Two such waits at once, or one beside a heavy computation, and every other
/// test stops where it awaits: a room test that makes two hundred small steps took over ten minutes
/// in CI, while the browser scenarios ran, and was cut off by its time limit. Here the wait holds a
/// thread nobody else needs.
public enum Blocking {
    /// The result of `body`, run on a new thread.
    public static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try body() }) }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }
}

extension Spawned {
    /// `wait()` without holding a pool thread: the exit status, or 128 + the signal that ended it.
    @discardableResult
    public func exited() async -> Int32 {
        (try? await Blocking.run { self.wait() }) ?? -1
    }

    /// `run` without holding a pool thread.
    public static func running(_ executable: String, _ arguments: [String], input: [UInt8]? = nil,
                               environment: [String: String?] = [:], errors: Stream = .output) async throws -> (status: Int32, output: String) {
        try await Blocking.run { try run(executable, arguments, input: input, environment: environment, errors: errors) }
    }
}
