/// The `Content-Security-Policy` of the host's pages: nothing but the host's own files may load
/// or be connected to; a fleet's room page may also connect to the fleet's other nodes.
public enum ContentSecurityPolicy {
    /// The policy of every answer (the busy page has its own).
    public static let common = policy(connecting: "'self'")

    /// The common policy, but the page may also fetch from and open WebSockets to `origins`
    /// (`https://b.example.org`: each also as `wss://b.example.org`), and show their images (the
    /// room's QR code at the node that serves it now). Origins that are not plain
    /// `http(s)://host[:port]` are left out.
    public static func connecting(to origins: [String]) -> String {
        let plain = origins.filter(isOrigin)
        let sources = plain.flatMap { [$0, "ws" + $0.dropFirst(4)] }
        return policy(connecting: (["'self'"] + sources).joined(separator: " "),
                      images: (["'self'"] + plain).joined(separator: " "))
    }

    private static func policy(connecting sources: String, images: String = "'self'") -> String {
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src \(images); connect-src \(sources); "
            + "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }

    /// Whether `text` is `http://` or `https://` and a host (and port) of letters, digits, `.-:[]` only.
    static func isOrigin(_ text: String) -> Bool {
        let rest: Substring
        if text.hasPrefix("http://") { rest = text.dropFirst(7) } else if text.hasPrefix("https://") { rest = text.dropFirst(8) } else { return false }
        return !rest.isEmpty && rest.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || ".-:[]".unicodeScalars.contains($0)) }
    }
}
