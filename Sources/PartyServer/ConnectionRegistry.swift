import NIOCore
import Synchronization

/// The host's open connections: numbers them, counts them, and lets the host close them all and
/// wait until every one has closed.
final class ConnectionRegistry: Sendable {
    private struct State {
        var next = 0
        var open: [Int: any Channel] = [:]
        var emptied: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Registers a newly accepted connection; returns its number (unique within the process's
    /// host) and how many connections are open with it.
    func opened(_ channel: any Channel) -> (id: Int, open: Int) {
        state.withLock { state in
            state.next += 1
            state.open[state.next] = channel
            return (state.next, state.open.count)
        }
    }

    /// Forgets connection `id`, which has closed.
    func closed(_ id: Int) {
        let waiters: [CheckedContinuation<Void, Never>] = state.withLock { state in
            state.open[id] = nil
            guard state.open.isEmpty else { return [] }
            defer { state.emptied.removeAll() }
            return state.emptied
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Closes every connection still open after `grace` and returns once all have closed.
    /// Connections close themselves earlier when their last messages are written.
    func closeAll(after grace: TimeAmount) async {
        let channels = state.withLock { Array($0.open.values) }
        for channel in channels {
            channel.eventLoop.scheduleTask(in: grace) { channel.close(promise: nil) }
        }
        await withCheckedContinuation { continuation in
            let done = state.withLock { state in
                if state.open.isEmpty { return true }
                state.emptied.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }
}
