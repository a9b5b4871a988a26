/// What the head guard and the asset handler of one HTTP connection share (both on its event loop).
final class HTTPConnectionState {
    /// A final response is on its way and the connection closes after it: read nothing more.
    var closing = false
    /// Between a request's head and its end.
    var inRequest = false
    /// The host has as many connections as it takes: every request is answered 503, then close.
    var overCapacity = false
}

@available(*, unavailable)
extension HTTPConnectionState: Sendable {}
