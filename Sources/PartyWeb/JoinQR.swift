/// The join QR code as an SVG image, for the TV page: it encodes `http://<Host>/`, the address the
/// TV's browser used (so the host needs to know nothing about its own addresses).
public enum JoinQR {
    /// The path the image is served at.
    static let path = "/join.svg"

    /// The SVG for a request's `Host` header value (`192.168.1.5:7777`, `[fd00::5]:7777`,
    /// `party.local:7777`); nil for a value that is not a plain host and port.
    static func svg(host: String) -> String? {
        url(host: host).flatMap { svg(url: $0) }
    }

    /// The SVG of `url` (a party server's room link); nil when it does not fit a QR code.
    public static func svg(url: String) -> String? {
        guard let code = try? QRCode(encoding: url) else { return nil }
        let quiet = QRCode.quietZone
        let width = code.size + 2 * quiet
        var path = ""
        for y in 0..<code.size {
            for x in 0..<code.size where code[x, y] {
                path += "M\(x + quiet) \(y + quiet)h1v1h-1z"
            }
        }
        return """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(width) \(width)" shape-rendering="crispEdges">\
        <title>\(url)</title><rect width="\(width)" height="\(width)" fill="#fff"/><path fill="#000" d="\(path)"/></svg>

        """
    }

    /// `http://<host>:<port>/` for a Host header value, nil unless it is a host (name, IPv4 or
    /// bracketed IPv6) with an optional port.
    static func url(host: String) -> String? {
        var name = host
        var port = 80
        if let colon = host.lastIndex(of: ":"), !host[colon...].contains("]") {
            guard let number = Int(host[host.index(after: colon)...]) else { return nil }
            port = number
            name = String(host[..<colon])
        }
        if name.hasPrefix("[") != name.hasSuffix("]") { return nil }
        if !name.hasPrefix("["), name.contains(":") { return nil }
        return JoinURL.http(host: name, port: port)
    }
}
