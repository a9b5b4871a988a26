/// Why a client could not join a session.
public enum ClientError: Error, Hashable, Sendable {
    /// No TCP connection could be made.
    case cannotConnect(host: String, port: Int, detail: String)
    /// `HOST:PORT` could not be read.
    case badAddress(String)
    /// The host refused us.
    case rejected(reason: String, message: String)
    /// The connection closed before the host answered hello.
    case closedDuringHandshake(String)
    /// The session needs a join code and the person gave none.
    case noJoinCode
}

extension ClientError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .cannotConnect(let host, let port, let detail):
            "Cannot connect to \(HostAddress(host: host, port: port)) (\(detail)). Is partyhost running there?"
        case .badAddress(let text):
            "\"\(text)\" is not an address: use HOST:PORT, for example 127.0.0.1:4711 or [::1]:4711."
        case .rejected(_, let message):
            "The host refused to seat you: \(message)"
        case .closedDuringHandshake(let detail):
            "The host closed the connection before seating you (\(detail))."
        case .noJoinCode:
            "No join code was given; that session needs one (ask the host for it)."
        }
    }
}
