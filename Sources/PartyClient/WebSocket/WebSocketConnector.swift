import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket
import PartyWire

/// Opens a WebSocket to a host or a server's room (plain or TLS) and hands it on as the framed
/// transport's channel of frame bodies, so `PartyConnection` cannot tell the two apart.
enum WebSocketConnector {
    /// How the upgrade came out.
    enum Upgrade: Sendable {
        /// The WebSocket, carrying frame bodies.
        case opened(NIOAsyncChannel<ByteBuffer, ByteBuffer>)
        /// The server answered with another status (the future has it once its head is read).
        case refused(EventLoopFuture<Int>)
    }

    /// The largest WebSocket frame and message read: the wire's frame limit.
    static let maxMessage = WireProtocol.maxFrameLength

    /// Connects to `host` (one of `target`'s addresses), makes the TLS handshake for `wss`, asks for
    /// the upgrade at `target.path` and waits for it for at most `timeout`.
    static func connect(_ target: WebSocketTarget, host: String, timeout: Duration, timeouts: ClientTimeouts) async throws -> NIOAsyncChannel<ByteBuffer, ByteBuffer> {
        let tls = try target.secure ? NIOSSLContext(configuration: tlsConfiguration(target)) : nil
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.milliseconds(Int64(timeout.components.seconds * 1000)))
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
        let initializer: @Sendable (any Channel) -> EventLoopFuture<(any Channel, EventLoopFuture<Upgrade>)> = { channel in
            channel.eventLoop.makeCompletedFuture {
                if let tls {
                    // SNI names a host, never an address: for an address the certificate is checked against it.
                    let name = ConnectionRace.literal(target.address.host, port: 0) == nil ? target.address.host : nil
                    try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: name))
                }
                let upgrade = try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
                    configuration: .init(upgradeConfiguration: upgradeConfiguration(target, timeouts: timeouts)))
                return (channel, upgrade)
            }
        }
        let (channel, upgrade): (any Channel, EventLoopFuture<Upgrade>)
        if let literal = ConnectionRace.literal(host, port: target.address.port) {
            (channel, upgrade) = try await bootstrap.connect(to: literal, channelInitializer: initializer)
        } else {
            (channel, upgrade) = try await bootstrap.connect(host: host, port: target.address.port, channelInitializer: initializer)
        }
        // No answer to the handshake in time: close, which fails the upgrade.
        let started = ContinuousClock.now
        let deadline = channel.eventLoop.scheduleTask(in: .milliseconds(timeouts.handshake.wholeMilliseconds)) {
            channel.close(promise: nil)
        }
        defer { deadline.cancel() }
        do {
            switch try await upgrade.get() {
            case .opened(let webSocket):
                return webSocket
            case .refused(let status):
                let code = try await status.get()
                try? await channel.close()
                throw ClientError.notUpgraded(url: target.description, status: code)
            }
        } catch {
            try? await channel.close()
            if !(error is ClientError), ContinuousClock.now - started >= timeouts.handshake {
                throw ChannelError.connectTimeout(.milliseconds(timeouts.handshake.wholeMilliseconds))
            }
            throw error
        }
    }

    /// TLS as a browser does it: the system's certificate authorities (and `caFile`'s), the host's name checked.
    static func tlsConfiguration(_ target: WebSocketTarget) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.applicationProtocols = ["http/1.1"]
        if let caFile = target.caFile { configuration.additionalTrustRoots = [.file(caFile)] }
        return configuration
    }

    /// The upgrade request (`Host`, `Origin`) and what follows it: the wire's handlers on a WebSocket.
    static func upgradeConfiguration(_ target: WebSocketTarget, timeouts: ClientTimeouts) -> NIOTypedHTTPClientUpgradeConfiguration<Upgrade> {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: target.hostHeader)
        headers.add(name: "Origin", value: target.origin)
        headers.add(name: "Content-Length", value: "0")
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: target.path, headers: headers)
        let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(maxFrameSize: maxMessage) { channel, _ in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandlers([
                    NIOWebSocketFrameAggregator(minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: maxMessage,
                                                maxAccumulatedFrameSize: maxMessage),
                    WebSocketMessageHandler(),
                    ConnectionWatchdog(handshakeTimeout: .milliseconds(timeouts.handshake.wholeMilliseconds),
                                       peerTimeout: .milliseconds(timeouts.silence.wholeMilliseconds)),
                ])
                return .opened(try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel))
            }
        }
        return NIOTypedHTTPClientUpgradeConfiguration(upgradeRequestHead: head, upgraders: [upgrader]) { channel in
            channel.eventLoop.makeCompletedFuture {
                let status = channel.eventLoop.makePromise(of: Int.self)
                try channel.pipeline.syncOperations.addHandler(RefusedUpgradeReader(status: status))
                return .refused(status.futureResult)
            }
        }
    }
}

/// Reads the status of an answer that refused the upgrade, then closes the connection.
final class RefusedUpgradeReader: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart

    let status: EventLoopPromise<Int>
    private var done = false

    init(status: EventLoopPromise<Int>) {
        self.status = status
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !done, case .head(let head) = unwrapInboundIn(data) else { return }
        done = true
        status.succeed(Int(head.status.code))
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !done {
            done = true
            status.fail(ChannelError.eof)
        }
        context.fireChannelInactive()
    }
}
