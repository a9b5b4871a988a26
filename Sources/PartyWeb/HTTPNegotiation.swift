import NIOHTTP1

/// What a request asks of the answer: whether it takes gzip (`Accept-Encoding`, RFC 9110 12.5.3)
/// and whether the copy it holds is still current (`If-None-Match`, RFC 9110 13.1.2).
enum HTTPNegotiation {
    /// True when `Accept-Encoding` gives `gzip` (or `x-gzip`) a q-value above 0, or gives `*` one
    /// above 0 without naming gzip. No header, or `identity` only: false.
    static func acceptsGzip(_ headers: HTTPHeaders) -> Bool {
        var gzip: Double?
        var any: Double?
        for value in headers["Accept-Encoding"] {
            for item in value.split(separator: ",") {
                let parts = item.split(separator: ";").map { $0.trimmingSpaces().lowercased() }
                guard let coding = parts.first, !coding.isEmpty else { continue }
                var q = 1.0
                for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                    q = Double(parameter.dropFirst(2)) ?? 0
                }
                if coding == "gzip" || coding == "x-gzip" { gzip = max(gzip ?? 0, q) }
                if coding == "*" { any = q }
            }
        }
        if let gzip { return gzip > 0 }
        return (any ?? 0) > 0
    }

    /// True when an `If-None-Match` header lists `etag` (weak comparison: a `W/` prefix on either
    /// side is ignored) or is `*`: the client's copy is current and the answer is `304`.
    static func notModified(_ headers: HTTPHeaders, etag: String) -> Bool {
        let wanted = opaque(etag)
        for value in headers["If-None-Match"] {
            var rest = Substring(value)
            while true {
                rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "," }
                if rest.isEmpty { break }
                if rest.first == "*" { return true }
                if rest.hasPrefix("W/") { rest = rest.dropFirst(2) }
                guard rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") else { break }
                if rest[rest.index(after: rest.startIndex)..<close] == wanted { return true }
                rest = rest[rest.index(after: close)...]
            }
        }
        return false
    }

    /// An entity tag without its `W/` and quotes.
    private static func opaque(_ etag: String) -> Substring {
        var tag = Substring(etag)
        if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
        if tag.hasPrefix("\"") { tag = tag.dropFirst() }
        if tag.hasSuffix("\"") { tag = tag.dropLast() }
        return tag
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    func trimmingSpaces() -> Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text
    }
}
