/// Why the head guard stopped reading an HTTP connection.
public enum WebRequestLimit: Error, Hashable, Sendable {
    /// The request line and headers went over the size limit.
    case headTooLarge(limit: Int)
    /// The request line and headers did not arrive within the time limit (a slowloris).
    case headTimeout
    /// No new request arrived on a kept-alive connection within the idle limit.
    case idle
}

extension WebRequestLimit: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .headTooLarge(limit): "The request line and headers are larger than \(limit) bytes."
        case .headTimeout: "The request line and headers did not arrive in time."
        case .idle: "No request arrived for too long on a kept-alive connection."
        }
    }
}
