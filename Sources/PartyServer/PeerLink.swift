import PartyWire
import Synchronization

/// What the session learned about a connection that its reader needs to know when it ends.
final class PeerFlags: Sendable {
    private let stuckFlag = Mutex(false)

    /// Whether the client stopped reading and its connection was closed for it.
    var stuck: Bool {
        get { stuckFlag.withLock { $0 } }
        set { stuckFlag.withLock { $0 = newValue } }
    }
}

/// The session's handle on one connection: where to queue its outgoing messages.
struct PeerLink: Sendable {
    /// A number unique within the host process.
    let id: Int
    /// The connection's outgoing queue.
    let queue: AsyncStream<Outbound>.Continuation
    /// Closes the connection at once, queued or not.
    let abort: @Sendable () -> Void
    /// The peer's IP address, for per-address limits.
    let address: String
    /// Set when the client stops reading.
    let flags = PeerFlags()

    /// Queues a message; false when the queue is full or closed. A full queue means the client
    /// stopped reading: its connection is closed, so nobody else ever waits for it.
    @discardableResult
    func send(_ message: any WireMessage) -> Bool {
        switch queue.yield(.message(message)) {
        case .enqueued:
            return true
        case .dropped:
            flags.stuck = true
            abort()
            return false
        case .terminated:
            return false
        @unknown default:
            return false
        }
    }

    /// Queues the end of the connection after what is already queued.
    func close() {
        queue.yield(.close)
        queue.finish()
    }
}
