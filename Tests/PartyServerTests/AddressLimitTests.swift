import FourInARow
import NIOCore
import PartyServer
import Testing

/// One device can never keep everyone else out: each address has its own cap on open connections
/// (`--max-connections-per-address`) and on how fast it opens new ones (`--accept-rate`), and a
/// connection refused for a limit does not count toward any. Loopback is all of 127.0.0.0/8, so
/// clients bound to 127.0.0.2 and 127.0.0.3 are two devices to the host.
@Suite("Per-address connection limits", .timeLimit(.minutes(2)))
struct AddressLimitTests {
    static let flooder = "127.0.0.2"
    static let phone = "127.0.0.3"

    static func options(max: Int = 64, perAddress: Int = 16, acceptsPerSecond: Double? = nil, burst: Double = 40) -> HostOptions {
        var options = HostOptions.test()
        options.maxConnections = max
        options.maxConnectionsPerAddress = perAddress
        options.acceptsPerSecond = acceptsPerSecond
        options.acceptBurst = burst
        return options
    }

    /// Runs `body` with `count` connections from `address` held open: each has sent the first byte
    /// of a frame and nothing more (in its handshake: not idle, and the tests' handshake limit is a
    /// minute), or with `silent` nothing at all (a refused one then waits for its first byte).
    static func holding(_ count: Int, from address: String, port: Int, silent: Bool = false,
                        _ body: () async throws -> Void) async throws {
        guard count > 0 else { return try await body() }
        try await RawClient.with(port: port, from: address) { client in
            if !silent { try await client.sendBytes([0]) }
            try await holding(count - 1, from: address, port: port, silent: silent, body)
        }
    }

    /// The page over a new connection from `address` (Connection: close): the whole answer.
    static func getPage(_ port: Int, from address: String) async throws -> String {
        try await RawClient.with(port: port, from: address) { client in
            try await client.sendBytes(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8))
            return try await client.readText { _, closed in closed }
        }
    }

    /// Checks `condition` every 50 ms until it holds or `timeout` passes.
    static func poll(timeout: Duration, _ condition: () async -> Bool) async -> Bool {
        let end = ContinuousClock.now + timeout
        while ContinuousClock.now < end {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return await condition()
    }

    /// A WebSocket upgrade request for the page's socket.
    static func upgrade(_ port: Int) -> [UInt8] {
        Array(("GET /ws HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\n"
            + "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            + "Origin: http://127.0.0.1:\(port)\r\n\r\n").utf8)
    }

    /// A phone's visit from `address`: the page, then a WebSocket and its hello; returns the page's
    /// answer and what the WebSocket got up to its `lobby` (or the close).
    static func phoneJoins(_ port: Int, from address: String, name: String) async throws -> (page: String, socket: String) {
        let page = try await getPage(port, from: address)
        let socket = try await RawClient.with(port: port, from: address) { web in
            try await web.sendBytes(upgrade(port))
            let head = try await web.readText { text, closed in closed || text.contains("\r\n\r\n") }
            guard head.hasPrefix("HTTP/1.1 101") else { return head }
            let hello = #"{"type":"hello","seq":1,"protocol":1,"client":"test","clientVersion":"1","name":"\#(name)"}"#
            try await web.sendBytes(WebOnHostPortTests.maskedText(hello))
            return try await web.readText { text, closed in closed || text.contains("\"lobby\"") }
        }
        return (page, socket)
    }

    @Test("a device holding 70 connections and reconnecting WebSockets in a loop takes only its 16: a phone from another address loads the page and joins meanwhile")
    func floodFromOneAddress() async throws {
        try await withHost(FourInARow.self, options: Self.options()) { _, port in
            try await Self.holding(70, from: Self.flooder, port: port) {
                // And WebSockets from the same address, reconnecting as fast as they are refused.
                let reconnecting = Task {
                    var attempts = 0
                    while !Task.isCancelled {
                        attempts += 1
                        _ = try? await RawClient.with(port: port, from: Self.flooder) { web in
                            try await web.sendBytes(Self.upgrade(port))
                            return try await web.readText { _, closed in closed }
                        }
                    }
                    return attempts
                }
                let (page, socket) = try await Self.phoneJoins(port, from: Self.phone, name: "Honest")
                reconnecting.cancel()
                #expect(await reconnecting.value > 0)
                #expect(page.hasPrefix("HTTP/1.1 200 OK") && page.contains("</html>"), "\(page.prefix(300))")
                #expect(socket.contains("\"type\":\"welcome\"") && socket.contains("\"name\":\"Honest\""), "\(socket.prefix(300))")
            }
        }
    }

    @Test("over its address's limit a connection is refused in its own language, an idle one of the same address gives way, and other addresses are untouched")
    func perAddressCap() async throws {
        try await withHost(FourInARow.self, options: Self.options(perAddress: 2)) { _, port in
            try await Self.holding(2, from: Self.flooder, port: port) {
                // A framed client: reject tooManyConnections.
                let reason = try await RawClient.with(port: port, from: Self.flooder) { client in
                    try await client.hello("Third")
                    return try await client.next("reject")?["reason"] as? String
                }
                #expect(reason == "tooManyConnections")
                // An HTTP one: 503, then the host closes.
                let refused = try await Self.getPage(port, from: Self.flooder)
                #expect(refused.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"), "\(refused)")
                // A WebSocket upgrade too (no 101).
                let upgrade = try await RawClient.with(port: port, from: Self.flooder) { web in
                    try await web.sendBytes(Self.upgrade(port))
                    return try await web.readText { _, closed in closed }
                }
                #expect(upgrade.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"), "\(upgrade)")
                // Another address is served as if nothing happened.
                let (page, socket) = try await Self.phoneJoins(port, from: Self.phone, name: "Honest")
                #expect(page.hasPrefix("HTTP/1.1 200 OK"), "\(page.prefix(300))")
                #expect(socket.contains("\"type\":\"welcome\""), "\(socket.prefix(300))")
            }
            // Two idle kept-alive connections of 127.0.0.4 and one of 127.0.0.5: a third from
            // 127.0.0.4 closes 127.0.0.4's longest idle one, never 127.0.0.5's.
            try await RawClient.with(port: port, from: "127.0.0.5") { other in
                try await WebConnectionLimitTests.served(&other, port: port)
                try await RawClient.with(port: port, from: "127.0.0.4") { first in
                    try await WebConnectionLimitTests.served(&first, port: port)
                    try await RawClient.with(port: port, from: "127.0.0.4") { second in
                        try await WebConnectionLimitTests.served(&second, port: port)
                        let page = try await Self.getPage(port, from: "127.0.0.4")
                        #expect(page.hasPrefix("HTTP/1.1 200 OK"), "\(page.prefix(300))")
                        let rest = try await first.readText { _, closed in closed }
                        #expect(rest.components(separatedBy: "HTTP/1.1").count == 2, "only its one answer: \(rest)")
                        try await WebConnectionLimitTests.served(&second, port: port, answers: 2)
                        try await WebConnectionLimitTests.served(&other, port: port, answers: 2)
                    }
                }
            }
        }
    }

    @Test("refused connections do not count: once a counted connection closes, its place is free, however many refused ones wait")
    func refusedDoNotCount() async throws {
        try await withHost(FourInARow.self, options: Self.options(max: 3)) { _, port in
            try await Self.holding(2, from: Self.phone, port: port) {
                // 127.0.0.2 takes the last place, then ten more of its connections are refused and
                // stay open, silent (a refused connection is answered at its first byte).
                try await RawClient.with(port: port, from: Self.flooder) { last in
                    try await last.sendBytes([0])
                    try await Self.holding(10, from: Self.flooder, port: port, silent: true) {
                        let refused = try await Self.getPage(port, from: Self.phone)
                        #expect(refused.hasPrefix("HTTP/1.1 503"), "\(refused.prefix(200))")
                        // The counted one ends (a frame over the limit: the host closes it)…
                        try await last.sendBytes([0x02, 0x00, 0x00])
                        _ = try await last.drainUntilClosed()
                        // …and its place is the phone's, while the ten refused still wait.
                        var page = ""
                        let loaded = await Self.poll(timeout: .seconds(20)) {
                            page = (try? await Self.getPage(port, from: Self.phone)) ?? ""
                            return page.hasPrefix("HTTP/1.1 200 OK")
                        }
                        #expect(loaded, "\(page.prefix(300))")
                    }
                }
            }
        }
    }

    @Test("an address opening connections faster than the accept rate has the excess closed unanswered; another address is served")
    func acceptRate() async throws {
        // A burst of 3 and a rate so low that no new place comes during the test.
        try await withHost(FourInARow.self, options: Self.options(acceptsPerSecond: 0.0001, burst: 3)) { _, port in
            for _ in 0..<3 {
                let page = try await Self.getPage(port, from: Self.flooder)
                #expect(page.hasPrefix("HTTP/1.1 200 OK"), "\(page.prefix(200))")
            }
            let unanswered = (try? await Self.getPage(port, from: Self.flooder)) ?? ""
            #expect(unanswered.isEmpty, "\(unanswered.prefix(200))")
            let framed = try? await RawClient.with(port: port, from: Self.flooder) { client in
                try? await client.hello("Fast")
                return try await client.drainUntilClosed()
            }
            #expect(framed?.isEmpty ?? true)
            let page = try await Self.getPage(port, from: Self.phone)
            #expect(page.hasPrefix("HTTP/1.1 200 OK"), "\(page.prefix(200))")
        }
    }

    @Test("over a limit the refusal comes at the connection's first byte, before its hello is read (section 6); a silent one gets it when the handshake timeout runs out")
    func refusedAtTheFirstByte() async throws {
        // The handshake time must outlast Ann's and Bob's own hellos on a busy machine (with 1 s,
        // beside four CPU hogs, the host closed Ann before her hello: "I/O on closed channel"); the
        // silent client then waits it out once.
        var options = HostOptions.test(handshakeMs: 10_000)
        options.maxConnections = 2
        try await withHost(FourInARow.self, options: options) { _, port in
            try await RawClient.with(port: port) { ann in
                try await ann.hello("Ann")
                #expect(try await ann.next("welcome") != nil)
                try await RawClient.with(port: port) { bob in
                    try await bob.hello("Bob")
                    #expect(try await bob.next("welcome") != nil)
                    // One byte of a frame: the host knows it is framed and refuses it.
                    let early = try await RawClient.with(port: port) { client in
                        try await client.sendBytes([0])
                        return try await client.next().map { "\($0["type"] ?? "") \($0["reason"] ?? "")" }
                    }
                    #expect(early == "reject tooManyConnections")
                    // Nothing at all: it is taken for a framed client once the handshake time is up.
                    let silent = try await RawClient.with(port: port) { client in
                        try await client.next().map { "\($0["type"] ?? "") \($0["reason"] ?? "")" }
                    }
                    #expect(silent == "reject tooManyConnections")
                }
            }
        }
    }
}
