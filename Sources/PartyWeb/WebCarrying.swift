import NIOCore
import NIOHTTP1

/// Requests a server does not answer itself but carries to another server that can (a fleet's node
/// holding the room). Called on the connection's event loop for each request head; must be quick.
public protocol WebCarrying: Sendable {
    /// Where `head`, read from `peerAddress`, is carried, or nil to answer it here.
    func destination(for head: HTTPRequestHead, peerAddress: String) -> CarryDestination?
}

/// Where a request is carried, and for whom.
public struct CarryDestination: Sendable, Hashable {
    /// The header a node adds to what it carries: a request with it, from a fleet node, was
    /// carried once already and is answered where it arrives (on one machine every node shares
    /// the loopback address, so the address alone cannot tell a carried request from a guest's).
    public static let carriedHeader = "X-Partyhost-Carried"

    /// The other server's host name or address.
    public var host: String
    /// Its port.
    public var port: Int
    /// The client's address, sent as the request's only `X-Forwarded-For`.
    public var forwardedFor: String

    /// A destination.
    public init(host: String, port: Int, forwardedFor: String) {
        self.host = host
        self.port = port
        self.forwardedFor = forwardedFor
    }
}

/// Why a request could not be carried (answered `503` to the client).
public enum CarryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The other server did not accept the connection in time, or refused it.
    case unreachable(host: String, port: Int)
    /// The other server closed the connection before it answered.
    case noAnswer(host: String, port: Int)

    public var description: String {
        switch self {
        case .unreachable(let host, let port): "The server holding this party (\(host):\(port)) cannot be reached."
        case .noAnswer(let host, let port): "The server holding this party (\(host):\(port)) closed the connection without an answer."
        }
    }
}

extension HTTPRequestHead {
    /// The head as HTTP/1.1 bytes, its `X-Forwarded-For` replaced by `forwardedFor` (and
    /// `Connection` by `connection`, when given).
    func carried(forwardedFor: String, connection: String? = nil) -> [UInt8] {
        var text = "\(method.rawValue) \(uri) HTTP/\(version.major).\(version.minor)\r\n"
        for (name, value) in headers {
            let lower = name.lowercased()
            if lower == "x-forwarded-for" || lower == CarryDestination.carriedHeader.lowercased()
                || (connection != nil && lower == "connection") { continue }
            text += "\(name): \(value)\r\n"
        }
        if let connection { text += "Connection: \(connection)\r\n" }
        text += "\(CarryDestination.carriedHeader): 1\r\n"
        text += "X-Forwarded-For: \(forwardedFor)\r\n\r\n"
        return Array(text.utf8)
    }
}
