/// What the head guard and the asset handler of one HTTP connection share (both on its event loop).
final class HTTPConnectionState {
    /// A final response is on its way and the connection closes after it: read nothing more.
    var closing = false
    /// Between a request's head and its end.
    var inRequest = false
    /// The host has as many connections as it takes: every request is answered 503, then close.
    var overCapacity = false
    /// A request's head is being read (its first byte came, its empty line not yet).
    var readingHead = false
    /// Told when the connection starts (true) and stops (false) waiting for its next request.
    var onIdle: @Sendable (Bool) -> Void = { _ in }
    /// What `onIdle` was last told.
    private(set) var idle = false

    /// Tells `onIdle` when the connection's idleness changes.
    func setIdle(_ value: Bool) {
        guard value != idle else { return }
        idle = value
        onIdle(value)
    }
}

@available(*, unavailable)
extension HTTPConnectionState: Sendable {}
