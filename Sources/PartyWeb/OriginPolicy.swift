import NIOHTTP1

/// Who may open the WebSocket: pages served by this host, and clients that are not browsers.
///
/// - No `Origin` header: allowed. Browsers always send `Origin` on a WebSocket handshake (a page
///   cannot suppress it), so a request without one is a program (a bot, a test, `websocat`), which
///   could send any Origin it liked anyway; the check protects browsers, not the host.
/// - One `Origin` that equals `http://` + the request's `Host` header (ASCII case ignored): allowed,
///   it is a page this host served at the address the browser used.
/// - One `Origin` in `extra` (a party server's public origin), or one `WebRoutes.allowsOrigin`
///   accepts (the live nodes of the server's fleet, as they come and go): allowed.
/// - Anything else (another site, `null`, `https://` — the host serves plain HTTP — several Origin or
///   Host headers, an Origin without a Host): refused with 403.
///
/// The host does not check the Host header itself against its own addresses, so a DNS-rebinding
/// page whose name resolves to the host passes; it can then only do what any guest can (join).
enum OriginPolicy {
    /// Whether `head` may open the WebSocket; `extra` are other origins allowed (a party server's
    /// public origin, `https://party.example.org`, lower case); `routes` may allow more, asked at
    /// each handshake (so the set can change while the server listens).
    static func allows(_ head: HTTPRequestHead, extra: Set<String> = [], routes: (any WebRoutes)? = nil) -> Bool {
        let origins = head.headers["Origin"]
        guard !origins.isEmpty else { return true }
        guard origins.count == 1 else { return false }
        let origin = origins[0].lowercased()
        if extra.contains(origin) { return true }
        let hosts = head.headers["Host"]
        if hosts.count == 1, !hosts[0].isEmpty, origin == "http://" + hosts[0].lowercased() { return true }
        return routes?.allowsOrigin(origin) == true
    }
}
