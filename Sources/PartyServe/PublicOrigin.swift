import Foundation

/// The origin of a server's public address, as a browser sends it in `Origin`.
public enum PublicOrigin {
    /// `https://party.example.org` of `https://Party.example.org/`, lower case; nil when `url` is
    /// not an `http://` or `https://` address without a path, query or user.
    public static func of(_ url: String) -> String? {
        guard let parsed = URLComponents(string: url), let scheme = parsed.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = parsed.host, !host.isEmpty, parsed.user == nil, parsed.path.isEmpty || parsed.path == "/",
              parsed.query == nil else { return nil }
        let port = parsed.port.flatMap { ($0 == 80 && scheme == "http") || ($0 == 443 && scheme == "https") ? nil : $0 }
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(bracketed.lowercased())" + (port.map { ":\($0)" } ?? "")
    }
}
