import NIOCore
import NIOPosix
import Testing
@testable import PartyWeb

/// The sniffer and the HTTP side, over real loopback sockets.
@Suite("Web transport: sniffing and HTTP")
struct WebTransportHTTPTests {
    static func request(_ text: String, options: WebOptions = .forTests, head: Bool = false) async throws -> (RawResponse?, closed: Bool) {
        let server = try await TestServer.start(options)
        let client = try await RawClient.connect(to: server)
        // The host may answer and close as soon as it has read the head, while a slow client is still
        // writing the rest (a 405 to a request with a body failed so with "I/O on closed channel"
        // beside four CPU hogs): what it answered is what counts.
        try? await client.send(text)
        await client.wait { bytes, closed in closed || RawResponse.parse(bytes, head: head) != nil }
        let response = RawResponse.parse(client.received.bytes, head: head)
        let closed = response?.header("Connection") == "close" ? await client.waitUntilClosed() : client.received.closed
        await client.close()
        try await server.stop()
        return (response, closed)
    }

    @Test func theFirstByteDecides() {
        #expect(TransportSniffer.isHTTP(firstByte: UInt8(ascii: "G")))
        #expect(TransportSniffer.isHTTP(firstByte: UInt8(ascii: "P")))
        #expect(TransportSniffer.isHTTP(firstByte: UInt8(ascii: "A")))
        #expect(TransportSniffer.isHTTP(firstByte: UInt8(ascii: "Z")))
        #expect(!TransportSniffer.isHTTP(firstByte: 0x00))
        #expect(!TransportSniffer.isHTTP(firstByte: UInt8(ascii: "g")))
        #expect(!TransportSniffer.isHTTP(firstByte: 0x16))  // a TLS ClientHello
        #expect(!TransportSniffer.isHTTP(firstByte: 0xFF))
    }

    @Test func aFramedClientStillWorksThroughTheSniffer() async throws {
        let server = try await TestServer.start()
        let client = try await RawClient.connect(to: server)
        let body = Array(#"{"type":"hello"}"#.utf8)
        try await client.send([0, 0, 0, UInt8(body.count)] + body)
        let expected = [0, 0, 0, 5] + Array("hello".utf8) + [0, 0, 0, UInt8(body.count + 5)] + Array("echo:".utf8) + body
        #expect(await client.wait { bytes, _ in bytes.count >= expected.count })
        #expect(client.received.bytes == expected)
        // The framed limits still apply: a length over 64 KiB closes the connection.
        try await client.send([0, 0x01, 0x00, 0x01])
        #expect(await client.waitUntilClosed())
        await client.close()
        try await server.stop()
    }

    @Test func aFramedClientMaySendItsFirstFrameByteByByte() async throws {
        let server = try await TestServer.start()
        let client = try await RawClient.connect(to: server)
        for byte in [0, 0, 0, 2] + Array("hi".utf8) { try await client.send([UInt8(byte)]) }
        #expect(await client.wait { bytes, _ in bytes.count >= 9 + 11 })
        #expect(Array(client.received.bytes.suffix(11)) == [0, 0, 0, 7] + Array("echo:hi".utf8))
        await client.close()
        try await server.stop()
    }

    @Test func getServesThePageWithTheSecurityHeaders() async throws {
        let (response, closed) = try await Self.request("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let page = try #require(response)
        #expect(page.status == 200)
        #expect(page.text.contains("partyclient"))
        #expect(page.text == WebAssets.builtIn["/"].map { String(decoding: $0.body, as: UTF8.self) })
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.header("Content-Security-Policy")?.hasPrefix("default-src 'self'; script-src 'self';") == true)
        #expect(page.header("X-Content-Type-Options") == "nosniff")
        #expect(page.header("Referrer-Policy") == "no-referrer")
        #expect(page.header("Cache-Control") == "no-cache")
        #expect(page.header("Connection") == "keep-alive")
        #expect(!closed)
    }

    @Test func headHasTheLengthButNoBody() async throws {
        let (response, _) = try await Self.request("HEAD /style.css HTTP/1.1\r\nHost: h\r\n\r\n", head: true)
        let page = try #require(response)
        #expect(page.status == 200)
        #expect(page.header("Content-Length") == WebAssets.builtIn["/style.css"].map { String($0.body.count) })
        #expect(page.header("Content-Type") == "text/css; charset=utf-8")
        #expect(page.rest.isEmpty)
    }

    @Test(arguments: ["/nope", "/../../etc/passwd", "/%2e%2e/etc/passwd", "//etc/passwd", "/index.html/", "/style.css.map"])
    func unknownPathsAre404(path: String) async throws {
        let (response, _) = try await Self.request("GET \(path) HTTP/1.1\r\nHost: h\r\n\r\n")
        let page = try #require(response)
        #expect(page.status == 404)
        #expect(page.header("Content-Security-Policy") != nil)
        #expect(page.header("Cache-Control") == "no-store")
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "OPTIONS", "PATCH"])
    func otherMethodsAre405AndClose(method: String) async throws {
        let (response, closed) = try await Self.request("\(method) / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabc")
        let page = try #require(response)
        #expect(page.status == 405)
        #expect(page.header("Allow") == "GET, HEAD")
        #expect(page.header("X-Content-Type-Options") == "nosniff")
        #expect(closed)
    }

    /// RFC 9112 §9.6: a host that closes after its answer closes its own side first and goes on
    /// reading what the client sends until the client closes. Closed at once, the socket aborted
    /// when more bytes came and threw away the part of the answer the client had not yet taken: a
    /// phone on a slow link, still sending, lost the end of the page.
    @Test func theEndOfAnAnswerBeforeCloseIsNotThrownAway() async throws {
        var options = WebOptions.forTests
        // However slow this machine is, the host is still lingering when the client sends more.
        options.lingerTime = .seconds(600)
        let page = [UInt8](repeating: UInt8(ascii: "x"), count: 8_000)
        options.assets = WebAssets(["/page": WebAsset(contentType: "text/plain", body: page, cacheControl: "no-store")])
        let server = try await TestServer.start(options)
        // A client that takes little at a time: most of the answer waits in the host's socket.
        let client = try await RawClient.connect(to: server, receiveBuffer: 2_048, autoRead: false)
        let (channel, received) = (client.channel, client.received)
        try await client.send("GET /page HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        try await Task.sleep(for: .milliseconds(300))
        // Written to the kernel, the host is closing; the client sends more before reading on.
        try await client.send([UInt8](repeating: 0x61, count: 512))
        try await Task.sleep(for: .milliseconds(300))
        try await channel.setOption(.autoRead, value: true).get()
        channel.read()
        #expect(await client.wait { bytes, closed in closed || RawResponse.parse(bytes) != nil })
        let bytes = received.bytes
        let answer = RawResponse.parse(bytes)
        #expect(answer?.status == 200 && answer?.body == page, "the client got \(bytes.count) bytes of a head and 8,000 bytes of body")
        // Once the client closes its side, so does the host.
        try? await channel.close(mode: .output)
        #expect(await client.waitUntilClosed())
        await client.close()
        try await server.stop()
    }

    /// The linger has an end: a client that reads the final answer and never closes its side (nor
    /// reads the end) is closed by the host; what it sends after that is refused with a reset.
    @Test func aClientThatNeverClosesIsClosedAfterTheLinger() async throws {
        var options = WebOptions.forTests
        options.lingerTime = .milliseconds(200)
        let server = try await TestServer.start(options)
        let client = try await RawClient.connect(to: server, halfClosure: true)
        let channel = client.channel
        try await client.send("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        #expect(await client.wait { bytes, _ in RawResponse.parse(bytes) != nil })
        // A byte now and then: read and dropped while the host lingers, refused once it has closed.
        let ended = await client.wait { _, closed in
            if !closed { _ = channel.writeAndFlush(ByteBuffer(bytes: [0x61])) }
            return closed
        }
        #expect(ended)
        await client.close()
        try await server.stop()
    }

    @Test func aMissingHostIs400() async throws {
        let (response, closed) = try await Self.request("GET / HTTP/1.1\r\n\r\n")
        #expect(response?.status == 400)
        #expect(closed)
    }

    @Test func garbageAfterACapitalIs400() async throws {
        let (response, closed) = try await Self.request("GARBAGE\u{1}\u{2}\r\n\r\n")
        #expect(response?.status == 400)
        #expect(response?.header("Content-Security-Policy") != nil)
        #expect(closed)
    }

    @Test func oversizedHeadersAre431AndClose() async throws {
        let big = String(repeating: "a", count: 9000)
        let (response, closed) = try await Self.request("GET / HTTP/1.1\r\nHost: h\r\nX-Big: \(big)\r\n\r\n")
        #expect(response?.status == 431)
        #expect(response?.header("Connection") == "close")
        #expect(closed)
        let (long, _) = try await Self.request("GET /\(big) HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(long?.status == 431)
    }

    /// A request head of exactly `size` bytes, the empty line included.
    static func head(ofSize size: Int) -> String {
        let start = "GET / HTTP/1.1\r\nHost: h\r\nX-Pad: "
        let end = "\r\n\r\n"
        return start + String(repeating: "a", count: size - start.utf8.count - end.utf8.count) + end
    }

    /// §1b: the limit is 8,192 bytes up to and including the empty line. The last byte of the head
    /// counted too late, so 8,193 bytes got 200.
    @Test func theHeadLimitIsExactly8192Bytes() async throws {
        let fits = Self.head(ofSize: 8192)
        #expect(fits.utf8.count == 8192)
        let (fitting, _) = try await Self.request(fits)
        #expect(fitting?.status == 200)
        let over = Self.head(ofSize: 8193)
        #expect(over.utf8.count == 8193)
        let (refused, closed) = try await Self.request(over)
        #expect(refused?.status == 431)
        #expect(closed)
    }

    @Test func aSlowlorisIsAnswered408AndClosed() async throws {
        var options = WebOptions.forTests
        options.headTimeout = .milliseconds(500)
        let server = try await TestServer.start(options)
        let client = try await RawClient.connect(to: server)
        try await client.send("GET / HTTP/1.1\r\nHost: h\r\n")
        // Valid header lines one byte every 50 ms, never the empty line, until the host gives up (or
        // 120 s pass): only the time limit can end this (8 KiB would take 400 s).
        let header = Array("X-Slow: y\r\n".utf8)
        var sent = 0
        let deadline = ContinuousClock.now + .seconds(120)
        while !client.received.closed, ContinuousClock.now < deadline {
            try? await client.send([header[sent % header.count]])
            sent += 1
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(client.received.closed)
        #expect(RawResponse.parse(client.received.bytes)?.status == 408)
        await client.close()
        try await server.stop()
    }

    /// A silent connection is a framed client that missed the handshake: the host's handler gets
    /// channelActive (the stand-in's "hello"), then the handshake timeout (the stand-in closes).
    @Test func aSilentConnectionGetsTheFramedHandshakeTimeout() async throws {
        var options = WebOptions.forTests
        options.firstByteTimeout = .milliseconds(200)
        let server = try await TestServer.start(options)
        let client = try await RawClient.connect(to: server)
        #expect(await client.waitUntilClosed())
        #expect(client.received.bytes == [0, 0, 0, 5] + Array("hello".utf8))
        await client.close()
        try await server.stop()
    }

    @Test func keepAliveServesSeveralRequestsUpToTheLimitThenIdleCloses() async throws {
        var options = WebOptions.forTests
        options.maxRequestsPerConnection = 3
        options.idleTimeout = .milliseconds(300)
        let server = try await TestServer.start(options)
        let client = try await RawClient.connect(to: server)
        // Two pipelined requests in one write, then the connection idles until the host closes it.
        try await client.send("GET /style.css HTTP/1.1\r\nHost: h\r\n\r\nGET /nope HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(await client.waitUntilClosed())
        let first = try #require(RawResponse.parse(client.received.bytes))
        let second = try #require(RawResponse.parse(first.rest))
        #expect(first.status == 200)
        #expect(second.status == 404)
        #expect(second.header("Connection") == "keep-alive")
        await client.close()

        let again = try await RawClient.connect(to: server)
        let three = String(repeating: "GET / HTTP/1.1\r\nHost: h\r\n\r\n", count: 3)
        try await again.send(three)
        #expect(await again.waitUntilClosed())
        var rest = again.received.bytes
        var connections: [String?] = []
        while let response = RawResponse.parse(rest) {
            connections.append(response.header("Connection"))
            rest = response.rest
        }
        #expect(connections == ["keep-alive", "keep-alive", "close"])
        await again.close()
        try await server.stop()
    }

    @Test func aFirstByteThatIsNoCapitalGoesToTheFramedPipeline() async throws {
        let server = try await TestServer.start()
        let client = try await RawClient.connect(to: server)
        try await client.send("get / http/1.1\r\n\r\n")
        // The stand-in's greeting is a frame, then FrameDecoder refuses the 1.7 GB length and it closes.
        #expect(await client.waitUntilClosed())
        #expect(client.received.bytes == [0, 0, 0, 5] + Array("hello".utf8))
        await client.close()
        try await server.stop()
    }

    @Test func aRequestBodyIs413() async throws {
        let (response, closed) = try await Self.request("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\nhi")
        #expect(response?.status == 413)
        #expect(closed)
        let big = String(repeating: "b", count: 10_000)
        let (large, largeClosed) = try await Self.request("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 10000\r\n\r\n\(big)")
        #expect(large?.status == 413)
        #expect(largeClosed)
    }

    @Test func http10IsAnsweredAndClosed() async throws {
        let (response, closed) = try await Self.request("GET / HTTP/1.0\r\n\r\n")
        #expect(response?.status == 200)
        #expect(response?.header("Connection") == "close")
        #expect(closed)
    }

    @Test func anUpgradeOnALaterRequestIsNotMade() async throws {
        let server = try await TestServer.start()
        let client = try await RawClient.connect(to: server)
        try await client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n" + WebSocketTests.handshake(port: server.port, origin: nil))
        #expect(await client.waitUntilClosed())
        let first = try #require(RawResponse.parse(client.received.bytes))
        #expect(first.status == 200)
        #expect(RawResponse.parse(first.rest)?.status == 426)
        await client.close()
        try await server.stop()
    }

    @Test func requestLimitsReadAsSentences() {
        #expect(WebRequestLimit.headTooLarge(limit: 8192).description == "The request line and headers are larger than 8192 bytes.")
    }
}
