import Histogram
import NIOPosix
import Synchronization

/// What the `watchers` run shares between its driver and its clients: the move being waited for,
/// when it was sent, who has seen it, and every latency recorded (per thread, added up on read).
final class WatchBoard: Sendable {
    /// The view awaited: `key(game:moves:)` of the move just sent, or -1.
    let expected = Atomic<Int>(-1)
    /// When the awaited move was sent (NIO's monotonic nanoseconds).
    let sentAt = Atomic<UInt64>(0)
    /// Watchers that saw the awaited view.
    let delivered = Atomic<Int>(0)
    /// Players that saw the awaited view.
    let playersDelivered = Atomic<Int>(0)
    /// The latest arrival of the awaited view at a watcher.
    let lastArrival = Atomic<UInt64>(0)
    let welcomed = Atomic<Int>(0)
    let closed = Atomic<Int>(0)
    let refused = Atomic<Int>(0)
    let predictionsSent = Atomic<Int>(0)
    let predictionAnswers = Atomic<Int>(0)
    let predictionsRefused = Atomic<Int>(0)
    let splits = Atomic<Int>(0)
    /// Views the watchers received, all of them.
    let views = Atomic<Int>(0)
    /// Messages the watchers received, of any type.
    let watcherMessages = Atomic<Int>(0)
    let proposalsRejected = Atomic<Int>(0)
    let lastProblem = Mutex<String?>(nil)

    /// One thread's histograms.
    struct Latencies {
        /// Move → a watcher's view, each watcher each move (ns).
        var watcherViews = Self.histogram()
        /// Move → a player's view (ns).
        var playerViews = Self.histogram()
        /// `predict` → its answer (ns).
        var predictAnswers = Self.histogram()

        static func histogram() -> Histogram<UInt64> {
            Histogram<UInt64>(highestTrackableValue: 120_000_000_000, numberOfSignificantValueDigits: .three)
        }

        mutating func add(_ other: Latencies) {
            watcherViews.add(other.watcherViews)
            playerViews.add(other.playerViews)
            predictAnswers.add(other.predictAnswers)
        }
    }

    final class Shard: Sendable {
        let latencies = Mutex(Latencies())
    }

    private let shards = Mutex<[Shard]>([])
    private let local = ThreadSpecificVariable<Shard>()

    private var shard: Shard {
        if let shard = local.currentValue { return shard }
        let shard = Shard()
        local.currentValue = shard
        shards.withLock { $0.append(shard) }
        return shard
    }

    /// The key of the view after `moves` moves of game `game`.
    static func key(game: Int, moves: Int) -> Int {
        game << 20 | moves
    }

    /// The key of a Rock Paper Scissors view (no `moves`): game, round, and how many have thrown
    /// while the round is open (`revealed` once it is not).
    static func throwKey(game: Int, round: Int, thrown: Int, revealed: Bool) -> Int {
        game << 20 | round << 8 | (revealed ? 0x80 : thrown)
    }

    /// Move → the last watcher's view of the awaited move (ns), when all `watchers` saw it; nil otherwise.
    func lastWatcher(of watchers: Int) -> UInt64? {
        guard expected.load(ordering: .acquiring) >= 0, delivered.load(ordering: .acquiring) >= watchers else { return nil }
        return lastArrival.load(ordering: .acquiring) &- sentAt.load(ordering: .acquiring)
    }

    /// A watcher saw the view `key` at `arrived`; counted when it is the one awaited.
    func watcherSaw(_ key: Int, at arrived: UInt64) {
        guard key == expected.load(ordering: .acquiring) else { return }
        let sent = sentAt.load(ordering: .acquiring)
        shard.latencies.withLock { _ = $0.watcherViews.record(max(1, arrived &- sent)) }
        var last = lastArrival.load(ordering: .relaxed)
        while arrived > last {
            let (exchanged, original) = lastArrival.compareExchange(expected: last, desired: arrived, ordering: .relaxed)
            if exchanged { break }
            last = original
        }
        delivered.wrappingAdd(1, ordering: .releasing)
    }

    /// A player saw the view `key` at `arrived`.
    func playerSaw(_ key: Int, at arrived: UInt64) {
        guard key == expected.load(ordering: .acquiring) else { return }
        let sent = sentAt.load(ordering: .acquiring)
        shard.latencies.withLock { _ = $0.playerViews.record(max(1, arrived &- sent)) }
        playersDelivered.wrappingAdd(1, ordering: .releasing)
    }

    /// A `predict` sent at `sent` was answered at `arrived`.
    func predictionAnswered(sent: UInt64, arrived: UInt64, refused: Bool) {
        shard.latencies.withLock { _ = $0.predictAnswers.record(max(1, arrived &- sent)) }
        predictionAnswers.wrappingAdd(1, ordering: .relaxed)
        if refused { predictionsRefused.wrappingAdd(1, ordering: .relaxed) }
    }

    /// Starts waiting for `key`, sent now.
    func await(_ key: Int, sentAt now: UInt64) {
        delivered.store(0, ordering: .relaxed)
        playersDelivered.store(0, ordering: .relaxed)
        lastArrival.store(0, ordering: .relaxed)
        sentAt.store(now, ordering: .releasing)
        expected.store(key, ordering: .releasing)
    }

    func problem(_ text: String) {
        refused.wrappingAdd(1, ordering: .relaxed)
        lastProblem.withLock { $0 = text }
    }

    /// Every thread's latencies added up.
    var latencies: Latencies {
        var total = Latencies()
        for shard in shards.withLock({ $0 }) { total.add(shard.latencies.withLock { $0 }) }
        return total
    }

    /// Forgets the latencies recorded so far (after a warm-up).
    func resetLatencies() {
        for shard in shards.withLock({ $0 }) { shard.latencies.withLock { $0 = Latencies() } }
    }
}
