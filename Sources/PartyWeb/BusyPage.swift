import Crypto
import NIOHTTP1

/// The `503` a browser gets when the host has too many connections: one small page, styled, that
/// counts down and loads itself again. It cannot load the host's own style or script (each would be
/// one more connection refused), so they are inline, allowed by their hashes in the page's own
/// `Content-Security-Policy`. Other clients (no `text/html` in `Accept`, or an upgrade) get the one
/// line of text (`HTTPAssetHandler.overCapacityText`).
enum BusyPage {
    /// Seconds between tries (the answer's `Retry-After` too).
    static let seconds = 5

    static let style = """
        html{color-scheme:light dark;font:18px/1.4 system-ui,sans-serif;background:#f6f4ef;color:#1d1d1f}\
        @media (prefers-color-scheme:dark){html{background:#15161a;color:#ececf0}}\
        body{margin:0;min-height:100vh;display:grid;place-items:center;text-align:center;padding:1rem;box-sizing:border-box}\
        h1{font-size:1.6rem;margin:0 0 .5rem}p{margin:.25rem 0}#left{font-size:3rem;font-weight:800;font-variant-numeric:tabular-nums}
        """

    /// Counts down, then asks for the page with `fetch` and reloads only when that is not a 503.
    /// (A browser may have opened a connection ahead of need while the host was full; the host sends
    /// such a silent connection a framed `reject` after 5 s, and a reload sent on it would show a
    /// broken answer. A failed fetch uses it up, and the page counts down again.)
    static let script = """
        let left=\(seconds);const n=document.getElementById("left");\
        setInterval(()=>{left-=1;if(left>0){n.textContent=left;return;}left=\(seconds);n.textContent="…";\
        fetch(location.href,{cache:"no-store"}).then((r)=>{if(r.status!==503){location.reload();}else{n.textContent=left;}})\
        .catch(()=>{n.textContent=left;});},1000);
        """

    /// The page (UTF-8 HTML).
    static let html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>The party is full for a moment</title><style>\(style)</style></head>
        <body><main><h1>The host is busy</h1><p>Too many connections right now.</p>
        <p>Trying again in</p><p id="left" aria-live="polite">\(seconds)</p><p>seconds, by itself.</p></main>
        <script>\(script)</script></body></html>

        """

    /// The page's policy: nothing but its own style and script, by their SHA-256 hashes.
    static let contentSecurityPolicy = "default-src 'none'; style-src 'sha256-\(hash(style))'; "
        + "script-src 'sha256-\(hash(script))'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// Whether the request is a browser loading a page: `Accept` names `text/html`, and no upgrade.
    static func wanted(by head: HTTPRequestHead) -> Bool {
        !head.headers.contains(name: "Upgrade")
            && head.headers["Accept"].contains { $0.lowercased().contains("text/html") }
    }

    /// Base64 of the SHA-256 of `text`'s UTF-8 bytes, as a CSP hash source wants it.
    static func hash(_ text: String) -> String {
        base64(Array(SHA256.hash(data: Array(text.utf8))))
    }

    /// Standard base64 with padding (RFC 4648 section 4).
    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var out = ""
        var index = 0
        while index < bytes.count {
            let chunk = Array(bytes[index..<min(index + 3, bytes.count)])
            let value = chunk.enumerated().reduce(0) { $0 | (Int($1.element) << (16 - 8 * $1.offset)) }
            for position in 0..<4 {
                out.append(position <= chunk.count ? alphabet[(value >> (18 - 6 * position)) & 63] : "=")
            }
            index += 3
        }
        return out
    }
}
