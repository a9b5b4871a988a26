import Histogram
import Synchronization

/// What the load clients observed, shared by every event loop: round trips and counters.
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
    }

    private let state = Mutex(State())

    /// Records one completed move round trip.
    func recordMove(nanoseconds: UInt64) {
        state.withLock { state in
            _ = state.roundTrips.record(max(1, nanoseconds))
            state.moves += 1
        }
    }

    func moveRejected() { state.withLock { $0.rejected += 1 } }
    func gameOver() { state.withLock { $0.games += 1 } }
    func welcomed() { state.withLock { $0.welcomed += 1 } }
    func connectionClosed() { state.withLock { $0.closed += 1 } }

    func refused(_ why: String) {
        state.withLock { state in
            state.refused += 1
            state.lastProblem = why
        }
    }

    /// A copy of everything recorded so far.
    var snapshot: State { state.withLock { $0 } }

    /// Forgets the round trips and counters (after a warm-up), keeping the connection counts.
    func resetWindow() {
        state.withLock { state in
            state.roundTrips.reset()
            state.moves = 0
            state.rejected = 0
            state.games = 0
        }
    }
}
