/// What the head guard and the asset handler of one HTTP connection share (both on its event loop).
final class HTTPConnectionState {
    /// A final response is on its way and the connection closes after it: read nothing more.
    var closing = false
    /// Between a request's head and its end.
    var inRequest = false
}

@available(*, unavailable)
extension HTTPConnectionState: Sendable {}
