/// A host and port as typed on the command line (`127.0.0.1:4711`, `[::1]:4711`, `[fe80::1%eth0]:4711`,
/// `alice.local:4711`), or as discovered (then perhaps with more addresses of the same host).
public struct HostAddress: Hashable, Sendable, CustomStringConvertible {
    /// The host name or address.
    public var host: String
    /// The TCP port.
    public var port: Int
    /// More addresses of the same host (a discovered service's other IPv4 and IPv6 addresses):
    /// a connection tries `host` and these happy-eyeballs style. Not part of equality.
    public var otherHosts: [String] = []

    /// Creates an address.
    public init(host: String, port: Int, otherHosts: [String] = []) {
        self.host = host
        self.port = port
        self.otherHosts = otherHosts
    }

    /// A discovered service's addresses (nil when it has none), all tried when connecting.
    public init?(hosts: [String], port: Int) {
        guard let first = hosts.first else { return nil }
        self.init(host: first, port: port, otherHosts: Array(hosts.dropFirst()))
    }

    /// Every address to try: `host`, then `otherHosts`.
    public var hosts: [String] { [host] + otherHosts.filter { $0 != host } }

    /// Same host and port.
    public static func == (lhs: HostAddress, rhs: HostAddress) -> Bool { lhs.host == rhs.host && lhs.port == rhs.port }

    /// Hashes host and port.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(host)
        hasher.combine(port)
    }

    /// Reads `HOST:PORT`.
    public init(parsing text: String) throws(ClientError) {
        let trimmed = text.trimmingWhitespace()
        var host: Substring
        var portText: Substring
        if trimmed.hasPrefix("["), let close = trimmed.firstIndex(of: "]") {
            host = trimmed[trimmed.index(after: trimmed.startIndex)..<close]
            let rest = trimmed[trimmed.index(after: close)...]
            guard rest.hasPrefix(":") else { throw .badAddress(text) }
            portText = rest.dropFirst()
        } else {
            guard let colon = trimmed.lastIndex(of: ":") else { throw .badAddress(text) }
            host = trimmed[..<colon]
            portText = trimmed[trimmed.index(after: colon)...]
        }
        guard !host.isEmpty, let port = Int(portText), (1...65535).contains(port) else { throw .badAddress(text) }
        self.host = String(host)
        self.port = port
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

import PartyKit
