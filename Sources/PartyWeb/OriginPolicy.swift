import NIOHTTP1

/// Who may open the WebSocket: pages served by this host, and clients that are not browsers.
///
/// - No `Origin` header: allowed. Browsers always send `Origin` on a WebSocket handshake (a page
///   cannot suppress it), so a request without one is a program (a bot, a test, `websocat`), which
///   could send any Origin it liked anyway; the check protects browsers, not the host.
/// - One `Origin` that equals `http://` + the request's `Host` header (ASCII case ignored): allowed,
///   it is a page this host served at the address the browser used.
/// - Anything else (another site, `null`, `https://` — the host serves plain HTTP — several Origin or
///   Host headers, an Origin without a Host): refused with 403.
///
/// The host does not check the Host header itself against its own addresses, so a DNS-rebinding
/// page whose name resolves to the host passes; it can then only do what any guest can (join).
enum OriginPolicy {
    static func allows(_ head: HTTPRequestHead) -> Bool {
        let origins = head.headers["Origin"]
        guard !origins.isEmpty else { return true }
        let hosts = head.headers["Host"]
        guard origins.count == 1, hosts.count == 1, !hosts[0].isEmpty else { return false }
        return origins[0].lowercased() == "http://" + hosts[0].lowercased()
    }
}
