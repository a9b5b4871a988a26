import NIOCore
import Synchronization
import Testing
@testable import PartyWeb

/// The WebSocket side, with a hand-written client over a real loopback socket.
@Suite("Web transport: WebSocket")
struct WebSocketTests {
    /// RFC 6455's example key and its accept value (section 1.3).
    static let key = "dGhlIHNhbXBsZSBub25jZQ=="
    static let accept = "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="

    static func handshake(port: Int, origin: String?, path: String = "/ws") -> String {
        var text = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
        if let origin { text += "Origin: \(origin)\r\n" }
        return text + "\r\n"
    }

    /// A connected, upgraded client, with the server's greeting ("hello") already received.
    struct Session {
        let server: TestServer
        let client: RawClient

        static func open(_ options: WebOptions = .forTests, origin: String? = "same") async throws -> Session {
            let server = try await TestServer.start(options)
            let client = try await RawClient.connect(to: server)
            let originValue = origin == "same" ? "http://127.0.0.1:\(server.port)" : origin
            try await client.send(handshake(port: server.port, origin: originValue))
            _ = await client.wait { bytes, closed in closed || frames(bytes).count >= 1 }
            return Session(server: server, client: client)
        }

        var response: RawResponse? { RawResponse.parse(client.received.bytes) }

        static func frames(_ bytes: [UInt8]) -> [(opcode: UInt8, payload: [UInt8])] {
            guard let response = RawResponse.parse(bytes), response.status == 101 else { return [] }
            return WSFrame.parse(response.rest)
        }

        var frames: [(opcode: UInt8, payload: [UInt8])] { Self.frames(client.received.bytes) }

        /// Waits for `count` frames in all (the greeting included).
        func waitForFrames(_ count: Int) async -> [(opcode: UInt8, payload: [UInt8])] {
            await client.wait { bytes, closed in Self.frames(bytes).count >= count || closed }
            return frames
        }

        /// Sends `bytes`, then waits for the server's close frame and the end of the connection; returns the code.
        /// The server may close as soon as it has read enough of `bytes` to refuse them, while the rest is
        /// still being written (on a busy machine the write is slow): a write that fails because the
        /// connection is already closed is part of what happens, and the close code is what counts.
        func closeCode(after bytes: [UInt8]) async throws -> Int? {
            try? await client.send(bytes)
            _ = await client.waitUntilClosed()
            return frames.last.flatMap { $0.opcode == 0x8 ? WSFrame.closeCode($0.payload) : nil }
        }

        func end() async throws {
            await client.close()
            try await server.stop()
        }
    }

    @Test func upgradesAndExchangesTextMessages() async throws {
        let session = try await Session.open()
        let response = try #require(session.response)
        #expect(response.status == 101)
        #expect(response.header("Sec-WebSocket-Accept") == Self.accept)
        // The stand-in handler saw channelActive: its greeting is the first message.
        #expect(session.frames.first.map { $0.opcode } == 0x1)
        #expect(session.frames.first.map { String(decoding: $0.payload, as: UTF8.self) } == "hello")
        try await session.client.send(WSFrame.text(#"{"type":"hello","name":"Zoë"}"#))
        let frames = await session.waitForFrames(2)
        #expect(frames.count == 2)
        #expect(frames[1].opcode == 0x1)
        #expect(String(decoding: frames[1].payload, as: UTF8.self) == #"echo:{"type":"hello","name":"Zoë"}"#)
        try await session.end()
    }

    @Test func answersPingsWithPongs() async throws {
        let session = try await Session.open()
        try await session.client.send(WSFrame.client(opcode: 0x9, payload: [1, 2, 3]))
        let frames = await session.waitForFrames(2)
        #expect(frames.count == 2)
        #expect(frames[1].opcode == 0xA)
        #expect(frames[1].payload == [1, 2, 3])
        try await session.end()
    }

    @Test func reassemblesFragmentedMessagesWithAPingBetween() async throws {
        let session = try await Session.open()
        try await session.client.send(
            WSFrame.text("one,", fin: false)
            + WSFrame.client(opcode: 0x0, fin: false, payload: Array("two,".utf8))
            + WSFrame.client(opcode: 0x9, payload: [])
            + WSFrame.client(opcode: 0x0, fin: true, payload: Array("three".utf8))
        )
        let frames = await session.waitForFrames(3)
        #expect(frames.count == 3)
        #expect(frames[1].opcode == 0xA)
        #expect(String(decoding: frames[2].payload, as: UTF8.self) == "echo:one,two,three")
        try await session.end()
    }

    @Test func aMessageOfExactlyTheLimitPasses() async throws {
        let session = try await Session.open()
        let body = String(repeating: "x", count: 64 * 1024)
        try await session.client.send(WSFrame.text(body))
        let frames = await session.waitForFrames(2)
        #expect(frames.count == 2)
        #expect(frames[1].payload.count == 5 + 64 * 1024)
        try await session.end()
    }

    @Test func anOversizedMessageClosesWith1009() async throws {
        let session = try await Session.open()
        #expect(try await session.closeCode(after: WSFrame.text(String(repeating: "x", count: 64 * 1024 + 1))) == 1009)
        try await session.end()
    }

    @Test func anOversizedFragmentedMessageClosesWith1009() async throws {
        let session = try await Session.open()
        let half = Array(repeating: UInt8(ascii: "y"), count: 40_000)
        let bytes = WSFrame.client(opcode: 0x1, fin: false, payload: half) + WSFrame.client(opcode: 0x0, fin: true, payload: half)
        #expect(try await session.closeCode(after: bytes) == 1009)
        try await session.end()
    }

    @Test func aBinaryMessageClosesWith1003() async throws {
        let session = try await Session.open()
        #expect(try await session.closeCode(after: WSFrame.client(opcode: 0x2, payload: [0, 1, 2])) == 1003)
        try await session.end()
    }

    @Test func invalidUTF8ClosesWith1007() async throws {
        let session = try await Session.open()
        #expect(try await session.closeCode(after: WSFrame.client(opcode: 0x1, payload: [0xC3, 0x28])) == 1007)
        try await session.end()
    }

    @Test(arguments: [
        ("unmasked", WSFrame.client(opcode: 0x1, payload: Array("hi".utf8), masked: false)),
        ("continuation first", WSFrame.client(opcode: 0x0, payload: Array("hi".utf8))),
        ("text inside a fragmented message", WSFrame.text("a", fin: false) + WSFrame.text("b")),
        ("reserved opcode", WSFrame.client(opcode: 0x3, payload: [])),
        ("fragmented ping", WSFrame.client(opcode: 0x9, fin: false, payload: [])),
    ])
    func protocolViolationsCloseWith1002(name: String, bytes: [UInt8]) async throws {
        let session = try await Session.open()
        #expect(try await session.closeCode(after: bytes) == 1002, "\(name)")
        try await session.end()
    }

    @Test func aClientCloseIsAnsweredWithItsCode() async throws {
        let session = try await Session.open()
        #expect(try await session.closeCode(after: WSFrame.client(opcode: 0x8, payload: [0x03, 0xE9])) == 1001)
        try await session.end()
    }

    @Test func theHostClosingSendsACloseFrame() async throws {
        let session = try await Session.open()
        #expect(try await session.closeCode(after: WSFrame.text("bye")) == 1000)
        try await session.end()
    }

    @Test func aClientWithoutOriginIsAccepted() async throws {
        let session = try await Session.open(origin: nil)
        #expect(session.response?.status == 101)
        try await session.end()
    }

    @Test(arguments: ["http://evil.example", "null", "https://127.0.0.1:PORT", "http://127.0.0.1:1"])
    func aForeignOriginIsRefusedWith403(origin: String) async throws {
        let server = try await TestServer.start()
        let client = try await RawClient.connect(to: server)
        let value = origin.replacingOccurrences(of: "PORT", with: String(server.port))
        try await client.send(Self.handshake(port: server.port, origin: value))
        await client.wait { bytes, closed in closed || RawResponse.parse(bytes) != nil }
        let response = try #require(RawResponse.parse(client.received.bytes))
        #expect(response.status == 403)
        #expect(response.header("Content-Security-Policy") != nil)
        #expect(response.header("Connection") == "close")
        // Still HTTP: no frames; the refused upgrade ends the connection.
        #expect(await client.waitUntilClosed())
        #expect(response.rest.isEmpty)
        await client.close()
        try await server.stop()
    }

    @Test func anUpgradeElsewhereOrAPlainGetOfTheSocketPathIsRefused() async throws {
        let server = try await TestServer.start()
        let client = try await RawClient.connect(to: server)
        try await client.send(Self.handshake(port: server.port, origin: nil, path: "/other"))
        await client.wait { bytes, closed in closed || RawResponse.parse(bytes) != nil }
        #expect(RawResponse.parse(client.received.bytes)?.status == 404)
        await client.close()
        let plain = try await RawClient.connect(to: server)
        try await plain.send("GET /ws HTTP/1.1\r\nHost: h\r\n\r\n")
        await plain.wait { bytes, closed in closed || RawResponse.parse(bytes) != nil }
        let response = RawResponse.parse(plain.received.bytes)
        #expect(response?.status == 426)
        #expect(response?.header("Upgrade") == "websocket")
        await plain.close()
        try await server.stop()
    }

    @Test func originPolicy() {
        func head(_ headers: [(String, String)]) -> HTTPRequestHeadForTest { HTTPRequestHeadForTest(headers) }
        #expect(OriginPolicy.allows(head([("Host", "10.0.0.2:7777")]).value))
        #expect(OriginPolicy.allows(head([("Host", "10.0.0.2:7777"), ("Origin", "http://10.0.0.2:7777")]).value))
        #expect(OriginPolicy.allows(head([("Host", "Party.local:7777"), ("Origin", "http://party.LOCAL:7777")]).value))
        #expect(!OriginPolicy.allows(head([("Origin", "http://10.0.0.2:7777")]).value))
        #expect(!OriginPolicy.allows(head([("Host", "10.0.0.2:7777"), ("Origin", "http://10.0.0.2:7777"), ("Origin", "http://x")]).value))
        #expect(!OriginPolicy.allows(head([("Host", "[::1]:7777"), ("Origin", "http://[::1]:7778")]).value))
    }

    @Test("the routes may allow more origins, asked at each handshake (a fleet's nodes as they come and go)")
    func originPolicyAsksTheRoutes() {
        let routes = OtherOrigins()
        let fromB = HTTPRequestHeadForTest([("Host", "a.example:8080"), ("Origin", "HTTP://B.example:8080")]).value
        #expect(!OriginPolicy.allows(fromB, routes: routes))
        routes.origins.withLock { $0 = ["http://b.example:8080"] }
        #expect(OriginPolicy.allows(fromB, routes: routes))
        #expect(!OriginPolicy.allows(HTTPRequestHeadForTest([("Host", "a.example:8080"), ("Origin", "http://b.example:8080"),
                                                            ("Origin", "http://b.example:8080")]).value, routes: routes))
        routes.origins.withLock { $0 = [] }
        #expect(!OriginPolicy.allows(fromB, routes: routes))
    }
}

/// Routes that answer nothing and allow the origins set in `origins`.
final class OtherOrigins: WebRoutes {
    let origins = Mutex<Set<String>>([])
    func answer(_ request: WebRequest) -> WebAnswer? { nil }
    func isWebSocket(path: String) -> Bool { false }
    func allowsOrigin(_ origin: String) -> Bool { origins.withLock { $0.contains(origin) } }
}

import NIOHTTP1

/// A request head with these headers, for the origin policy.
struct HTTPRequestHeadForTest {
    let value: HTTPRequestHead
    init(_ headers: [(String, String)]) {
        value = HTTPRequestHead(version: .http1_1, method: .GET, uri: "/ws", headers: HTTPHeaders(headers))
    }
}
