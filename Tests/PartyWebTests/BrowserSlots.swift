import Foundation

/// How many browser scenarios run at once: `PARTYHOST_BROWSER_PARALLEL` (1–8), else 3.
///
/// A scenario spends most of its time waiting for the game (a vote's countdown, a bot's pause, a
/// round's clock), not computing: one after the other the 22 took about 15 minutes here, most of
/// it idle. Three at once keep two cores busy without starving any of them (each waits up to
/// `DEADLINE` = 120 s for what it looks for: browser.py).
actor BrowserSlots {
    /// The slots every scenario of this test process shares.
    static let shared = BrowserSlots(limit: BrowserSlots.configuredLimit)

    /// The limit from the environment, or the default.
    static var configuredLimit: Int {
        let asked = ProcessInfo.processInfo.environment["PARTYHOST_BROWSER_PARALLEL"].flatMap { Int($0) } ?? 3
        return min(8, max(1, asked))
    }

    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) { self.limit = limit }

    /// Runs `body` when a slot is free, and frees it after.
    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        await take()
        defer { give() }
        return try await body()
    }

    private func take() async {
        if running < limit {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the slot to the first one waiting (it is counted as running already), or frees it.
    private func give() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
