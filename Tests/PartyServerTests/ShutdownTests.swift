import FourInARow
import NIOCore
import PartyServer
import Testing

/// Ending the host tells every client (`ended`; a WebSocket then gets close code 1000) and closes
/// every other connection at once: a browser's kept-alive HTTP connections and connections still in
/// their handshake do not hold the host up (with a phone and /tv connected, SIGTERM took 5.05 s,
/// the whole linger time, because of them).
@Suite("Ending the host", .timeLimit(.minutes(1)))
struct ShutdownTests {
    /// A WebSocket close frame from the host (unmasked) with code 1000.
    static let normalClose: [UInt8] = [0x88, 0x02, 0x03, 0xE8]

    /// Upgrades `client` to a WebSocket and says hello (as `role`); returns once its lobby came.
    static func webSocketJoins(_ client: inout RawClient, port: Int, name: String, role: String) async throws {
        try await client.sendBytes(AddressLimitTests.upgrade(port))
        let head = try await client.readText { text, closed in closed || text.contains("\r\n\r\n") }
        #expect(head.hasPrefix("HTTP/1.1 101"), "\(head)")
        let hello = #"{"type":"hello","seq":1,"protocol":1,"client":"test","clientVersion":"1","name":"\#(name)","role":"\#(role)"}"#
        try await client.sendBytes(WebOnHostPortTests.maskedText(hello))
        let welcome = try await client.readText { text, closed in closed || text.contains("\"lobby\"") }
        #expect(welcome.contains("\"type\":\"welcome\""), "\(welcome)")
    }

    @Test("clients get ended (WebSockets then close 1000); idle HTTP and handshaking connections close at once, without waiting out the grace")
    func everyoneToldNobodyWaitedFor() async throws {
        var options = HostOptions.test()
        // A grace no test outlives: only connections that close by themselves (or are closed at
        // once) let the host stop within the test's minute.
        options.shutdownGraceMilliseconds = 600_000
        try await withHost(FourInARow.self, options: options) { host, port in
            try await RawClient.with(port: port) { player in
                try await player.hello("Ann")
                #expect(try await player.next("welcome") != nil)
                try await RawClient.with(port: port) { phone in
                    try await Self.webSocketJoins(&phone, port: port, name: "Phone", role: "player")
                    try await RawClient.with(port: port) { tv in
                        try await Self.webSocketJoins(&tv, port: port, name: "TV", role: "spectator")
                        try await RawClient.with(port: port) { page in
                            // A browser's connection, kept alive after loading the page.
                            try await WebConnectionLimitTests.served(&page, port: port)
                            try await RawClient.with(port: port) { early in
                                // A framed client in its handshake, and one that said nothing yet.
                                try await early.sendBytes([0])
                                try await RawClient.with(port: port) { silent in
                                    host.shutdown(message: "Good night.")
                                    let told = try await player.drainUntilClosed()
                                    #expect(told.contains("ended"), "\(told)")
                                    for var socket in [phone, tv] {
                                        let text = try await socket.readText { _, closed in closed }
                                        #expect(text.contains(#""type":"ended""#) && text.contains("Good night."), "\(text)")
                                        let bytes = Array(socket.buffer.readableBytesView)
                                        #expect(bytes.suffix(Self.normalClose.count) == Self.normalClose[...], "\(bytes.suffix(8))")
                                    }
                                    let rest = try await page.readText { _, closed in closed }
                                    #expect(rest.components(separatedBy: "HTTP/1.1").count == 2, "only its one answer: \(rest)")
                                    #expect(try await early.drainUntilClosed().isEmpty)
                                    #expect(try await silent.drainUntilClosed().isEmpty)
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
