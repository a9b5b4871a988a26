import Histogram
import NIOPosix
import Synchronization

/// What the load clients observed, shared by every event loop: round trips and counters.
///
/// Each thread records into a shard of its own (one lock per thread, never contended while the
/// clients play), and a snapshot adds the shards up: one lock shared by the clients of both event
/// loops made every move move a cache line between the cores, which the relay floor's clients
/// never pay.
final class LoadStats: Sendable {
    struct State {
        /// Move round trips in nanoseconds (send → the view showing the move).
        var roundTrips = Histogram<UInt64>(highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
        var moves = 0
        var rejected = 0
        var games = 0
        var welcomed = 0
        var refused = 0
        var closed = 0
        var lastProblem: String?

        /// Adds what another shard recorded.
        mutating func add(_ other: State) {
            roundTrips.add(other.roundTrips)
            moves += other.moves
            rejected += other.rejected
            games += other.games
            welcomed += other.welcomed
            refused += other.refused
            closed += other.closed
            lastProblem = other.lastProblem ?? lastProblem
        }
    }

    /// One thread's records.
    final class Shard: Sendable {
        let state = Mutex(State())
    }

    private let shards = Mutex<[Shard]>([])
    private let local = ThreadSpecificVariable<Shard>()

    /// The calling thread's shard, made on its first record.
    private var shard: Shard {
        if let shard = local.currentValue { return shard }
        let shard = Shard()
        local.currentValue = shard
        shards.withLock { $0.append(shard) }
        return shard
    }

    /// Records one completed move round trip.
    func recordMove(nanoseconds: UInt64) {
        shard.state.withLock { state in
            _ = state.roundTrips.record(max(1, nanoseconds))
            state.moves += 1
        }
    }

    func moveRejected() { shard.state.withLock { $0.rejected += 1 } }
    func gameOver() { shard.state.withLock { $0.games += 1 } }
    func welcomed() { shard.state.withLock { $0.welcomed += 1 } }
    func connectionClosed() { shard.state.withLock { $0.closed += 1 } }

    func refused(_ why: String) {
        shard.state.withLock { state in
            state.refused += 1
            state.lastProblem = why
        }
    }

    /// The moves and welcomes so far, read without copying a histogram (a copy would make the
    /// next record copy its storage: polling must not cost the clients anything).
    var counts: (moves: Int, welcomed: Int) {
        var moves = 0, welcomed = 0
        for shard in shards.withLock({ $0 }) {
            shard.state.withLock { state in
                moves += state.moves
                welcomed += state.welcomed
            }
        }
        return (moves, welcomed)
    }

    /// Everything recorded so far, all threads added up.
    var snapshot: State {
        var total = State()
        for shard in shards.withLock({ $0 }) {
            total.add(shard.state.withLock { $0 })
        }
        return total
    }

    /// Forgets the round trips and counters (after a warm-up), keeping the connection counts.
    func resetWindow() {
        for shard in shards.withLock({ $0 }) {
            shard.state.withLock { state in
                state.roundTrips.reset()
                state.moves = 0
                state.rejected = 0
                state.games = 0
            }
        }
    }
}
