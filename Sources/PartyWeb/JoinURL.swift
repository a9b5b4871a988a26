import NIOCore

/// The address a guest types or scans: `http://<host>:<port>/`.
public enum JoinURL {
    /// The join URL for a host name or address literal: IPv6 literals go in brackets
    /// (`http://[fd00::1]:7777/`), anything else as is. Nil for an IPv6 literal with a zone
    /// (`fe80::1%en0`) and for link-local IPv6 addresses, which browsers cannot open.
    public static func http(host: String, port: Int) -> String? {
        guard (1...65_535).contains(port), !host.isEmpty else { return nil }
        var bare = host
        if bare.hasPrefix("["), bare.hasSuffix("]") { bare = String(bare.dropFirst().dropLast()) }
        guard bare.contains(":") else {
            guard bare.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }) else { return nil }
            return "http://\(bare):\(port)/"
        }
        guard !bare.contains("%"), let address = try? SocketAddress(ipAddress: bare, port: port) else { return nil }
        if case let .v6(v6) = address {
            let first = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0.prefix(2)) }
            if first[0] == 0xFE && first[1] & 0xC0 == 0x80 { return nil }
        }
        return "http://[\(bare.lowercased())]:\(port)/"
    }

    /// The join URL for a socket address the host listens on or has (see `http(host:port:)`); nil for
    /// a Unix socket, a wildcard or a link-local IPv6 address.
    public static func http(address: SocketAddress) -> String? {
        guard let ip = address.ipAddress, let port = address.port, ip != "0.0.0.0", ip != "::" else { return nil }
        return http(host: ip, port: port)
    }
}
