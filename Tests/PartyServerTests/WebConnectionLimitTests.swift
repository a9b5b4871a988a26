import FourInARow
import NIOCore
import PartyServer
import Testing

/// Plain HTTP connections count toward `--max-connections` like framed and WebSocket ones (issue
/// 19): a kept-alive HTTP connection waiting for its next request gives way to a new connection;
/// when none does, over the limit a request is answered `503 Service Unavailable` and the connection closes.
@Suite("HTTP connections count toward the connection limit", .timeLimit(.minutes(2)))
struct WebConnectionLimitTests {
    static func options(max: Int) -> HostOptions {
        var options = HostOptions.test()
        options.maxConnections = max
        return options
    }

    static func head(_ port: Int, keepAlive: Bool = true) -> [UInt8] {
        Array("HEAD / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n".utf8)
    }

    /// Runs `body` with `count` kept-alive HTTP connections open and idle (each has had a page's
    /// HEAD answered 200).
    static func withIdleHTTP(_ count: Int, port: Int, _ body: () async throws -> Void) async throws {
        guard count > 0 else { return try await body() }
        try await RawClient.with(port: port) { client in
            try await client.sendBytes(head(port))
            let answer = try await client.readText { text, closed in closed || text.contains("\r\n\r\n") }
            #expect(answer.hasPrefix("HTTP/1.1 200 OK"), "\(answer)")
            #expect(answer.contains("Connection: keep-alive"), "\(answer)")
            try await withIdleHTTP(count - 1, port: port, body)
        }
    }

    /// A GET of the page on a new connection: the whole answer, up to the host's close or the page's end.
    static func getPage(_ port: Int) async throws -> String {
        try await RawClient.with(port: port) { client in
            try await client.sendBytes(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8))
            return try await client.readText { text, closed in closed || text.contains("</html>") }
        }
    }

    @Test("below the limit a page loads beside idle kept-alive connections; with the limit full of players, a request gets 503 with a short text and the host closes")
    func overTheLimit() async throws {
        try await withHost(FourInARow.self, options: Self.options(max: 3)) { _, port in
            // Two idle, the third loads the page: three open is the limit, not over it.
            try await Self.withIdleHTTP(2, port: port) {
                let page = try await Self.getPage(port)
                #expect(page.hasPrefix("HTTP/1.1 200 OK") && page.contains("</html>"), "\(page.prefix(300))")
            }
            // Three framed connections (a player and two spectators) fill the limit; none gives way.
            try await RawClient.with(port: port) { ann in
                try await ann.hello("Ann")
                #expect(try await ann.next("welcome") != nil)
                try await RawClient.with(port: port) { bea in
                    try await bea.hello("Bea", extra: #""role": "spectator""#)
                    #expect(try await bea.next("welcome") != nil)
                    try await RawClient.with(port: port) { cy in
                        try await cy.hello("Cy", extra: #""role": "spectator""#)
                        #expect(try await cy.next("welcome") != nil)
                        let refused = try await RawClient.with(port: port) { client in
                            try await client.sendBytes(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8))
                            return try await client.readText { _, closed in closed }
                        }
                        #expect(refused.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"), "\(refused)")
                        #expect(refused.contains("Connection: close\r\n") && refused.contains("Retry-After: 5\r\n"), "\(refused)")
                        #expect(refused.contains("Content-Type: text/plain; charset=utf-8\r\n"), "\(refused)")
                        #expect(refused.hasSuffix("\r\n\r\n503 Service Unavailable: the host has too many connections; try again in a few seconds.\n"),
                                "\(refused)")
                        // A browser loading a page gets a page that counts down and loads itself again,
                        // its inline style and script allowed by hash in a policy of its own.
                        let busy = try await RawClient.with(port: port) { client in
                            try await client.sendBytes(Array(("GET /tv HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
                                + "Accept: text/html,application/xhtml+xml,*/*;q=0.8\r\n\r\n").utf8))
                            return try await client.readText { _, closed in closed }
                        }
                        #expect(busy.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"), "\(busy)")
                        #expect(busy.contains("Content-Type: text/html; charset=utf-8\r\n") && busy.contains("Retry-After: 5\r\n"), "\(busy)")
                        #expect(busy.contains("location.reload()") && busy.contains("Trying again in"), "\(busy)")
                        #expect(busy.contains("Content-Security-Policy: default-src 'none'; style-src 'sha256-"), "\(busy)")
                        #expect(!busy.contains("script-src 'self'"), "\(busy)")
                        // The same for a WebSocket upgrade: no 101.
                        let upgrade = try await RawClient.with(port: port) { client in
                            try await client.sendBytes(Array(("GET /ws HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\n"
                                + "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                                + "Origin: http://127.0.0.1:\(port)\r\n\r\n").utf8))
                            return try await client.readText { _, closed in closed }
                        }
                        #expect(upgrade.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"), "\(upgrade)")
                        // And a framed client is refused as before.
                        let reason = try await RawClient.with(port: port) { client in
                            try await client.hello("Dee")
                            return try await client.next("reject")?["reason"] as? String
                        }
                        #expect(reason == "tooManyConnections")
                    }
                }
            }
            // They left: a page loads again (once the host has seen them go).
            var page = ""
            let loaded = await poll(timeout: .seconds(10)) {
                page = (try? await Self.getPage(port)) ?? ""
                return page.hasPrefix("HTTP/1.1 200 OK")
            }
            #expect(loaded, "\(page.prefix(300))")
        }
    }

    /// Asks `client` for the page's head (kept alive) and waits for the `count`th answer on it.
    static func served(_ client: inout RawClient, port: Int, answers count: Int = 1) async throws {
        try await client.sendBytes(head(port))
        let text = try await client.readText { text, closed in
            closed || text.components(separatedBy: "HTTP/1.1 200 OK").count > count && text.hasSuffix("\r\n\r\n")
        }
        #expect(text.components(separatedBy: "HTTP/1.1 200 OK").count == count + 1, "\(text)")
    }

    @Test("at the limit, a new connection closes the longest-idle kept-alive HTTP connection and is served; one still answering is never closed")
    func idleConnectionsGiveWay() async throws {
        try await withHost(FourInARow.self, options: Self.options(max: 2)) { _, port in
            try await RawClient.with(port: port) { first in
                try await Self.served(&first, port: port)
                try await RawClient.with(port: port) { second in
                    try await Self.served(&second, port: port)
                    // Both are idle and the limit is full: a third connection still loads the page.
                    let page = try await Self.getPage(port)
                    #expect(page.hasPrefix("HTTP/1.1 200 OK") && page.contains("</html>"), "\(page.prefix(300))")
                    // The first, idle longest, was closed to make room (its reader sees the close)…
                    let rest = try await first.readText { _, closed in closed }
                    #expect(rest.components(separatedBy: "HTTP/1.1").count == 2, "only its one answer: \(rest)")
                    // …and the second still answers on the same connection.
                    try await Self.served(&second, port: port, answers: 2)
                }
            }
        }
    }

    @Test("a framed player and a browser's idle connection fill a limit of 2: the next page load closes the idle one, a framed client is refused")
    func mixedTransports() async throws {
        try await withHost(FourInARow.self, options: Self.options(max: 2)) { _, port in
            try await RawClient.with(port: port) { player in
                try await player.hello("Ann")
                #expect(try await player.next("welcome") != nil)
                try await RawClient.with(port: port) { browser in
                    try await Self.served(&browser, port: port)
                    let page = try await Self.getPage(port)
                    #expect(page.hasPrefix("HTTP/1.1 200 OK"), "\(page.prefix(300))")
                    _ = try await browser.readText { _, closed in closed }
                }
                // The player is never closed for room: with a busy HTTP connection beside it
                // (a head begun), a framed client is refused.
                try await RawClient.with(port: port) { busy in
                    try await busy.sendBytes(Array("GET / HTTP/1.1\r\n".utf8))
                    let reason = try await RawClient.with(port: port) { client in
                        try await client.hello("Bob")
                        return try await client.next("reject")?["reason"] as? String
                    }
                    #expect(reason == "tooManyConnections")
                }
            }
        }
    }

    /// Polls `condition` every 50 ms until it holds or `timeout` passes.
    func poll(timeout: Duration, _ condition: () async -> Bool) async -> Bool {
        let end = ContinuousClock.now + timeout
        while ContinuousClock.now < end {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return await condition()
    }
}
