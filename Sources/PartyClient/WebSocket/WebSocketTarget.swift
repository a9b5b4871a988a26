import NIOSSL
import PartyKit

/// Where a client reaches a host over WebSocket: plain (`ws://`) or TLS (`wss://`), the server's
/// host and port, and the room (`/ABCD/ws`) or the LAN host's own socket (`/ws`).
public struct WebSocketTarget: Hashable, Sendable, CustomStringConvertible {
    /// TLS (`https://…`, `wss://`) or plain (`http://…`, `ws://`).
    public var secure: Bool
    /// The server's host and port (the port the URL named, else 443 or 80).
    public var address: HostAddress
    /// The room's four-letter code (capital letters), or nil for the LAN host's `/ws`.
    public var room: String?
    /// Whether the URL named the port (then it is part of `Host` and `Origin`).
    public var explicitPort: Bool
    /// A PEM file of a certificate authority to trust beside the system's (TLS only).
    public var caFile: String?

    /// Creates a target.
    public init(secure: Bool, address: HostAddress, room: String?, explicitPort: Bool = true, caFile: String? = nil) {
        self.secure = secure
        self.address = address
        self.room = room
        self.explicitPort = explicitPort
        self.caFile = caFile
    }

    /// Room `code` of the host at `address` over plain WebSocket (`--connect HOST:PORT --room CODE`).
    public init(address: HostAddress, room code: String) throws(ClientError) {
        self.init(secure: false, address: address, room: try Self.roomCode(code))
    }

    /// Reads a server's URL as a person types it: `https://party.example.org/ABCD` (also `http://`,
    /// `ws://`, `wss://`, a port, a trailing slash, a lower-case code); no path is the LAN host's `/ws`.
    public init(url text: String) throws(ClientError) {
        let trimmed = text.trimmingWhitespace()
        guard let separator = trimmed.range(of: "://") else { throw .badURL(text) }
        switch trimmed[..<separator.lowerBound].lowercased() {
        case "https", "wss": secure = true
        case "http", "ws": secure = false
        default: throw .badURL(text)
        }
        let rest = trimmed[separator.upperBound...]
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<slash]
        let path = rest[slash...]
        guard !authority.isEmpty, !authority.contains("@"), !path.contains("?"), !path.contains("#") else { throw .badURL(text) }
        let defaultPort = secure ? 443 : 80
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]"), authority[close...].count == 1 {
            address = HostAddress(host: String(authority.dropFirst().dropLast()), port: defaultPort)
            explicitPort = false
        } else if authority.hasPrefix("[") || authority.contains(":") {
            guard let parsed = try? HostAddress(parsing: String(authority)) else { throw .badURL(text) }
            address = parsed
            explicitPort = true
        } else {
            address = HostAddress(host: String(authority), port: defaultPort)
            explicitPort = false
        }
        guard !address.host.isEmpty else { throw .badURL(text) }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        switch parts.count {
        case 0: room = nil
        case 1: room = try Self.roomCode(String(parts[0]))
        default: throw .badURL(text)
        }
    }

    /// A room code as the server knows it: four letters A–Z, any case in, capitals out.
    public static func roomCode(_ text: String) throws(ClientError) -> String {
        let code = text.trimmingWhitespace().uppercased()
        guard code.count == 4, code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else { throw .badRoomCode(text) }
        return code
    }

    /// Whether `path` is a PEM file with at least one certificate (what `caFile` must be).
    public static func isCertificateFile(_ path: String) -> Bool {
        (try? NIOSSLCertificate.fromPEMFile(path))?.isEmpty == false
    }

    /// The request's path: `/ABCD/ws` for a room, `/ws` for the LAN host.
    public var path: String { room.map { "/\($0)/ws" } ?? "/ws" }

    /// The `Host` header: the host (IPv6 in brackets) and the port unless it is the scheme's own.
    public var hostHeader: String {
        let host = address.host.contains(":") ? "[\(address.host)]" : address.host
        return explicitPort || address.port != (secure ? 443 : 80) ? "\(host):\(address.port)" : host
    }

    /// The server's origin, as a page it served would send it (`https://party.example.org`).
    public var origin: String { "\(secure ? "https" : "http")://\(hostHeader)" }

    /// The WebSocket URL (`wss://party.example.org/ABCD/ws`).
    public var description: String { "\(secure ? "wss" : "ws")://\(hostHeader)\(path)" }
}
