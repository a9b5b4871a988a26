import Foundation
import NIOCore
import NIOPosix
import PartyWeb
import PartyWire
import Synchronization

/// Stands in for the host's ConnectionHandler: says "hello" when the connection becomes active (as the
/// host's over-capacity rejection does), answers each frame body with "echo:" + body, and closes the
/// connection when it receives "bye".
final class EchoHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    func channelActive(context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: "hello")), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let body = String(buffer: unwrapInboundIn(data))
        if body == "bye" {
            context.close(promise: nil)
            return
        }
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: "echo:" + body)), promise: nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

/// A server on 127.0.0.1 with the web transport in front of the framed pipeline and `EchoHandler`.
struct TestServer {
    let group: MultiThreadedEventLoopGroup
    let channel: any Channel
    var port: Int { channel.localAddress!.port! }

    static func start(_ options: WebOptions = .forTests) async throws -> TestServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try WebTransport.configure(channel, options: options,
                        configureWire: { channel in
                            try WirePipeline.configure(channel)
                            try channel.pipeline.syncOperations.addHandler(EchoHandler())
                        },
                        configureWebSocket: { channel in
                            try channel.pipeline.syncOperations.addHandler(EchoHandler())
                        })
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return TestServer(group: group, channel: channel)
    }

    func stop() async throws {
        try await channel.close()
        try await group.shutdownGracefully()
    }
}

/// What a raw client has received, and whether the server closed.
final class Received: Sendable {
    private let state = Mutex<(bytes: [UInt8], closed: Bool)>(([], false))
    var bytes: [UInt8] { state.withLock { $0.bytes } }
    var closed: Bool { state.withLock { $0.closed } }
    func append(_ more: [UInt8]) { state.withLock { $0.bytes += more } }
    func close() { state.withLock { $0.closed = true } }
}

final class CollectingHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    let received: Received
    init(_ received: Received) { self.received = received }
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        received.append(Array(buffer: unwrapInboundIn(data)))
    }
    func channelInactive(context: ChannelHandlerContext) { received.close() }
    func errorCaught(context: ChannelHandlerContext, error: any Error) { context.close(promise: nil) }
}

/// A TCP client that sends raw bytes and collects everything that comes back.
struct RawClient {
    let channel: any Channel
    let received: Received

    /// `receiveBuffer` shrinks the socket's receive buffer, `autoRead` false reads only when asked,
    /// `halfClosure` keeps the channel open after the server closes its side.
    static func connect(to server: TestServer, receiveBuffer: Int? = nil, autoRead: Bool = true,
                        halfClosure: Bool = false) async throws -> RawClient {
        let received = Received()
        var bootstrap = ClientBootstrap(group: server.group)
            .channelOption(.autoRead, value: autoRead)
            .channelOption(.allowRemoteHalfClosure, value: halfClosure)
        if let receiveBuffer { bootstrap = bootstrap.channelOption(.socketOption(.so_rcvbuf), value: SocketOptionValue(receiveBuffer)) }
        let channel = try await bootstrap
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(CollectingHandler(received))
                }
            }
            .connect(host: "127.0.0.1", port: server.port).get()
        return RawClient(channel: channel, received: received)
    }

    init(channel: any Channel, received: Received) {
        self.channel = channel
        self.received = received
    }

    func send(_ bytes: [UInt8]) async throws {
        try await channel.writeAndFlush(ByteBuffer(bytes: bytes))
    }

    func send(_ text: String) async throws { try await send(Array(text.utf8)) }

    /// Waits (up to a generous deadline) until `condition` holds for what arrived; false if it never did.
    /// The patience is counted in looks taken as well as in wall time: while the machine is starved
    /// (the suite beside four CPU hogs) neither the looks nor the host's work run, so a starved wait
    /// gets as many turns as an idle one.
    @discardableResult
    func wait(seconds: Double = 120, until condition: (_ bytes: [UInt8], _ closed: Bool) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        let looks = Int(seconds * 100)
        var looked = 0
        while ContinuousClock.now < deadline || looked < looks {
            if condition(received.bytes, received.closed) { return true }
            looked += 1
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition(received.bytes, received.closed)
    }

    func waitUntilClosed() async -> Bool { await wait { _, closed in closed } }

    func close() async { try? await channel.close() }
}

/// An HTTP response parsed from raw bytes.
struct RawResponse {
    let status: Int
    let headers: [(String, String)]
    let body: [UInt8]
    /// The bytes after this response.
    let rest: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The first complete response in `bytes` (with a Content-Length body unless `head`), if any.
    static func parse(_ bytes: [UInt8], head: Bool = false) -> RawResponse? {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == separator }) else { return nil }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { return nil }
        let headers = lines.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let length = head || status == 101 ? 0 : Int(headers.first { $0.0.lowercased() == "content-length" }?.1 ?? "0") ?? 0
        guard bytes.count >= end + 4 + length else { return nil }
        return RawResponse(status: status, headers: headers, body: Array(bytes[(end + 4)..<(end + 4 + length)]),
                           rest: Array(bytes[(end + 4 + length)...]))
    }
}

/// WebSocket frames written and read by hand (RFC 6455, 5.2).
enum WSFrame {
    /// A masked client frame.
    static func client(opcode: UInt8, fin: Bool = true, payload: [UInt8], masked: Bool = true) -> [UInt8] {
        var out: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        let maskBit: UInt8 = masked ? 0x80 : 0
        if payload.count < 126 {
            out.append(maskBit | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            out.append(maskBit | 126)
            out += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            out.append(maskBit | 127)
            out += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        guard masked else { return out + payload }
        let key: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
        out += key
        out += payload.enumerated().map { $0.element ^ key[$0.offset % 4] }
        return out
    }

    static func text(_ text: String, fin: Bool = true) -> [UInt8] { client(opcode: 0x1, fin: fin, payload: Array(text.utf8)) }

    /// Server frames (unmasked) parsed from `bytes`: (opcode, payload) pairs, complete frames only.
    static func parse(_ bytes: [UInt8]) -> [(opcode: UInt8, payload: [UInt8])] {
        var frames: [(UInt8, [UInt8])] = []
        var i = 0
        while i + 2 <= bytes.count {
            let opcode = bytes[i] & 0x0F
            var length = Int(bytes[i + 1] & 0x7F)
            var start = i + 2
            if length == 126 {
                guard start + 2 <= bytes.count else { break }
                length = Int(bytes[start]) << 8 | Int(bytes[start + 1])
                start += 2
            } else if length == 127 {
                guard start + 8 <= bytes.count else { break }
                length = bytes[start..<start + 8].reduce(0) { $0 << 8 | Int($1) }
                start += 8
            }
            guard start + length <= bytes.count else { break }
            frames.append((opcode, Array(bytes[start..<start + length])))
            i = start + length
        }
        return frames
    }

    /// The close code of a close frame's payload.
    static func closeCode(_ payload: [UInt8]) -> Int? {
        payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : nil
    }
}

extension WebOptions {
    /// The defaults with every time limit at half an hour: a test that is not about a time limit must
    /// not meet one on a loaded machine (beside four CPU hogs a test's first byte came more than the
    /// two minutes of before after its connection, and the sniffer took it for a silent framed
    /// client). Tests about a limit set just that one short.
    static var forTests: WebOptions {
        var options = WebOptions()
        options.firstByteTimeout = .seconds(1800)
        options.headTimeout = .seconds(1800)
        options.idleTimeout = .seconds(1800)
        return options
    }
}
