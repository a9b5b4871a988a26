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

/// The session's handle on one connection: where its outgoing messages go.
struct PeerLink: Sendable {
    /// A number unique within the host process.
    let id: Int
    /// The connection's outgoing messages.
    let outbox: ConnectionOutbox
    /// The peer's IP address, for per-address limits.
    let address: String
    /// Set when the client stops reading.
    let flags = PeerFlags()

    /// Sends a message after those sent before; false when the connection is closing. A client
    /// with too many unwritten messages stopped reading: its connection is closed, so nobody else
    /// ever waits for it.
    @discardableResult
    func send(_ message: any WireMessage) -> Bool {
        switch outbox.send(message) {
        case .queued:
            return true
        case .overflowed:
            flags.stuck = true
            return false
        case .closed:
            return false
        }
    }

    /// Ends the connection once what was already sent is written.
    func close() {
        outbox.close()
    }

    /// Closes the connection at once, written or not.
    func abort() {
        outbox.abort()
    }
}
