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
    /// A server's URL could not be read (`https://HOST/CODE` or `http://HOST:PORT/CODE`).
    case badURL(String)
    /// A room code that is not four letters A–Z.
    case badRoomCode(String)
    /// The server's TLS certificate could not be verified (`server` as typed, `detail` says why).
    case untrustedCertificate(server: String, detail: String)
    /// The server answered the WebSocket upgrade with another HTTP status (404: no such room).
    case notUpgraded(url: String, status: Int)
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
        case .badURL(let text):
            "\"\(text)\" is not a server's address: use https://HOST/CODE (or http://, a port, https://HOST/ for a host's own socket)."
        case .badRoomCode(let text):
            "\"\(text)\" is not a room code: a room code is four letters A to Z, for example ABCD."
        case .untrustedCertificate(let server, let detail):
            "The certificate of \(server) could not be verified (\(detail)), so nothing was sent; if it is your own certificate authority, trust it with --ca-file."
        case .notUpgraded(let url, let status):
            status == 404
                ? "There is no room at \(url) (the server answered 404): check the code."
                : "The server at \(url) did not open a WebSocket (it answered HTTP \(status))."
        }
    }
}
