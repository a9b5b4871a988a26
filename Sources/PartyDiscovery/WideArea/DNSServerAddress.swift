import NIOCore

/// A DNS server to talk to: a host name or address and a port (53 unless given).
public struct DNSServerAddress: Sendable, Hashable, CustomStringConvertible {
    /// The host name or IP address (IPv6 without brackets).
    public var host: String
    /// The UDP and TCP port.
    public var port: Int

    /// Creates an address.
    public init(host: String, port: Int = 53) {
        self.host = host
        self.port = port
    }

    /// Parses `HOST`, `HOST:PORT`, `IPv4:PORT`, `IPv6` or `[IPv6]:PORT`.
    public init(parsing text: String) throws(WideAreaError) {
        let trimmed = text.trimmingASCIIWhitespace()
        guard !trimmed.isEmpty else { throw .badServer(text) }
        if trimmed.hasPrefix("[") {
            guard let close = trimmed.firstIndex(of: "]") else { throw .badServer(text) }
            let host = String(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
            let rest = trimmed[trimmed.index(after: close)...]
            guard !host.isEmpty else { throw .badServer(text) }
            if rest.isEmpty { self.init(host: host); return }
            guard rest.hasPrefix(":"), let port = Int(rest.dropFirst()), (1...65535).contains(port) else { throw .badServer(text) }
            self.init(host: host, port: port)
            return
        }
        let colons = trimmed.filter { $0 == ":" }.count
        if colons > 1 { self.init(host: trimmed); return } // a bare IPv6 address
        if colons == 1 {
            let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
            guard !parts[0].isEmpty, let port = Int(parts[1]), (1...65535).contains(port) else { throw .badServer(text) }
            self.init(host: String(parts[0]), port: port)
            return
        }
        guard trimmed.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_" }) else { throw .badServer(text) }
        self.init(host: trimmed)
    }

    /// `host` or `host:port` (`[v6]:port`) as a person would type it.
    public var description: String {
        if port == 53 { return host }
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// The socket address (resolving a name through the system).
    func socketAddress() throws(WideAreaError) -> SocketAddress {
        do {
            return try SocketAddress.makeAddressResolvingHost(host, port: port)
        } catch {
            throw .unresolvable(server: description, reason: "\(error)")
        }
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs and line ends (no Foundation needed).
    func trimmingASCIIWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
