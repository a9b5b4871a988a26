import PartyWire

/// The session's handle on one connection: where to queue its outgoing messages.
struct PeerLink: Sendable {
    /// A number unique within the host process.
    let id: Int
    /// The connection's outgoing queue.
    let queue: AsyncStream<Outbound>.Continuation

    /// Queues a message; false when the queue is full or closed (the client is stuck or gone).
    @discardableResult
    func send(_ message: any WireMessage) -> Bool {
        if case .enqueued = queue.yield(.message(message)) { return true }
        return false
    }

    /// Queues the end of the connection after what is already queued.
    func close() {
        queue.yield(.close)
        queue.finish()
    }
}
