/// A host and port as typed on the command line (`127.0.0.1:4711`, `[::1]:4711`, `alice.local:4711`).
public struct HostAddress: Hashable, Sendable, CustomStringConvertible {
    /// The host name or address.
    public var host: String
    /// The TCP port.
    public var port: Int

    /// Creates an address.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
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
