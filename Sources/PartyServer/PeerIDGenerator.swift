import Synchronization

/// Hands out connection numbers and counts open connections, from any task.
final class PeerIDGenerator: Sendable {
    private let state = Mutex((next: 0, open: 0))

    /// A new, unique connection number.
    func next() -> Int {
        state.withLock { state in
            state.next += 1
            return state.next
        }
    }

    /// Counts a connection as open; returns how many are open now.
    func open() -> Int {
        state.withLock { state in
            state.open += 1
            return state.open
        }
    }

    /// Counts a connection as closed.
    func closed() {
        state.withLock { $0.open -= 1 }
    }
}
