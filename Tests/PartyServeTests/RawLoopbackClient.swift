import NIOCore
import NIOPosix
import Synchronization

/// A TCP client that sends bytes as a test writes them and keeps everything it receives: for
/// requests no client library would send (a forged `X-Forwarded-For`, a bare upgrade).
final class RawLoopbackClient: Sendable {
    private let channel: any Channel
    private let received: Received

    private init(channel: any Channel, received: Received) {
        self.channel = channel
        self.received = received
    }

    /// Connects to `127.0.0.1:port`.
    static func connect(port: Int, group: any EventLoopGroup) async throws -> RawLoopbackClient {
        let received = Received()
        let channel = try await ClientBootstrap(group: group)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(Collector(received: received)) }
            }
            .connect(host: "127.0.0.1", port: port).get()
        return RawLoopbackClient(channel: channel, received: received)
    }

    /// Writes `bytes`.
    func send(_ bytes: [UInt8]) async throws {
        try await channel.writeAndFlush(ByteBuffer(bytes: bytes)).get()
    }

    /// Writes `text` as UTF-8.
    func send(_ text: String) async throws {
        try await send(Array(text.utf8))
    }

    /// Everything received so far, as text (invalid UTF-8 repaired).
    var text: String { String(decoding: received.bytes.withLock { $0 }, as: UTF8.self) }

    /// Waits until what was received satisfies `condition` (true), or `timeout` passes (false).
    func wait(upTo timeout: Duration, until condition: (String) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(text) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition(text)
    }

    /// Whether the connection closed within `timeout`.
    func closed(within timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if !channel.isActive { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return !channel.isActive
    }

    /// Closes the connection.
    func close() async {
        try? await channel.close()
    }

    /// The bytes received, shared with the connection's handler.
    private final class Received: Sendable {
        let bytes = Mutex<[UInt8]>([])
    }

    /// Keeps every byte read.
    private final class Collector: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let received: Received
        init(received: Received) { self.received = received }
        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let bytes = unwrapInboundIn(data)
            received.bytes.withLock { $0 += bytes.readableBytesView }
        }
    }
}

/// RFC 6455's client side as far as a test needs it.
enum TestWebSocket {
    /// An upgrade request for `path`, with `extra` header lines (`"X-Forwarded-For: 1.2.3.4"`).
    static func upgrade(path: String, port: Int, extra: [String] = []) -> String {
        var text = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        for line in extra { text += line + "\r\n" }
        return text + "\r\n"
    }

    /// A masked text frame of `body` (mask key zero: the payload is the body as it is).
    static func textFrame(_ body: ByteBuffer) -> [UInt8] {
        var frame: [UInt8] = [0x81]
        if body.readableBytes < 126 {
            frame.append(0x80 | UInt8(body.readableBytes))
        } else {
            frame.append(0x80 | 126)
            frame += [UInt8(body.readableBytes >> 8), UInt8(body.readableBytes & 0xFF)]
        }
        return frame + [0, 0, 0, 0] + Array(body.readableBytesView)
    }
}
