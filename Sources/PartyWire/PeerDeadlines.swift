import NIOCore

/// When a peer runs out of time: the handshake must complete within one limit, and after it
/// something (a heartbeat at least) must arrive within another. The bookkeeping of
/// `ConnectionWatchdog`, for a handler that watches its connection itself (the host's connection
/// handler); the owner keeps one timer set for `deadline` and asks `expired(at:)` when it fires.
public struct PeerDeadlines: Sendable {
    private let handshakeTimeout: TimeAmount
    private let peerTimeout: TimeAmount
    private var handshakeDone = false
    private var started = NIODeadline.uptimeNanoseconds(0)
    private var lastRead = NIODeadline.uptimeNanoseconds(0)

    /// Deadlines with the two time limits; the clock starts with `start(at:)`.
    public init(handshakeTimeout: TimeAmount, peerTimeout: TimeAmount) {
        self.handshakeTimeout = handshakeTimeout
        self.peerTimeout = peerTimeout
    }

    /// The connection began (or began being watched) at `now`.
    public mutating func start(at now: NIODeadline) {
        started = now
        lastRead = now
    }

    /// Something arrived at `now`.
    public mutating func heard(at now: NIODeadline) {
        lastRead = now
    }

    /// The handshake completed: only silence counts from now on.
    public mutating func handshakeCompleted() {
        handshakeDone = true
    }

    /// The instant the peer runs out of time if nothing more arrives.
    public var deadline: NIODeadline {
        let silent = lastRead + peerTimeout
        return handshakeDone ? silent : min(silent, started + handshakeTimeout)
    }

    /// Why the peer has run out of time at `now`, or nil when it has not (the timer fired early
    /// because something arrived meanwhile: set it again for `deadline`).
    public func expired(at now: NIODeadline) -> WatchdogTimeout? {
        if !handshakeDone && now - started >= handshakeTimeout { return .handshake }
        if now - lastRead >= peerTimeout { return .silentPeer }
        return nil
    }
}
