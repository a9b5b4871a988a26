import NIOCore
import Synchronization

/// The host's open connections: numbers them, counts them against the limit (idle kept-alive HTTP
/// connections giving way to new ones), and lets the host close them all and wait until every one
/// has closed.
final class ConnectionRegistry: Sendable {
    private struct State {
        var next = 0
        var open: [Int: any Channel] = [:]
        /// Open connections that are plain HTTP, kept alive and waiting for their next request.
        var idleHTTP: Set<Int> = []
        var emptied: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Registers a newly accepted connection; returns its number (unique within the process's
    /// host) and whether it is over `limit`. When the new connection would be over it and a kept-alive
    /// HTTP connection is idle (a browser keeps a few open after loading the page, for 30 s), the
    /// longest-open idle one is closed and forgotten, and the new connection takes its place: a
    /// phone arriving is worth more than a connection a page has finished with.
    func admit(_ channel: any Channel, limit: Int) -> (id: Int, overCapacity: Bool) {
        let (id, over, evicted): (Int, Bool, (any Channel)?) = state.withLock { state in
            state.next += 1
            state.open[state.next] = channel
            guard state.open.count > limit else { return (state.next, false, nil) }
            guard let oldest = state.idleHTTP.min() else { return (state.next, true, nil) }
            state.idleHTTP.remove(oldest)
            return (state.next, false, state.open.removeValue(forKey: oldest))
        }
        evicted?.close(promise: nil)
        return (id, over)
    }

    /// Marks connection `id` as plain HTTP waiting for its next request (`idle`), or reading or
    /// answering one (`!idle`, also once it turned into a WebSocket).
    func setIdleHTTP(_ id: Int, _ idle: Bool) {
        state.withLock { state in
            guard state.open[id] != nil else { return }
            if idle { state.idleHTTP.insert(id) } else { state.idleHTTP.remove(id) }
        }
    }

    /// Forgets connection `id`, which has closed.
    func closed(_ id: Int) {
        let waiters: [CheckedContinuation<Void, Never>] = state.withLock { state in
            state.open[id] = nil
            state.idleHTTP.remove(id)
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
