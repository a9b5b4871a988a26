import PartyWire

/// The session's handle on one connection: where its outgoing messages go.
struct PeerLink: Sendable {
    /// A number unique within the host process.
    let id: Int
    /// The connection's outgoing messages.
    let outbox: ConnectionOutbox
    /// The peer's IP address, for per-address limits.
    let address: String

    /// Whether the client stopped reading and its connection was closed for it.
    var stuck: Bool { outbox.overflowed }

    /// Sends a message after those sent before; false when the connection is closing. A client
    /// with too many unwritten messages stopped reading: its connection is closed, so nobody else
    /// ever waits for it. Generic, so the message reaches the encoder as its own type, with no
    /// existential to open (allocations per move measured the same either way).
    @discardableResult
    func send(_ message: some WireMessage) -> Bool {
        outbox.send(message) == .queued
    }

    /// Sends a message encoded once for many connections, numbered for this one.
    @discardableResult
    func send(_ shared: SharedMessage) -> Bool {
        outbox.send(shared) == .queued
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
