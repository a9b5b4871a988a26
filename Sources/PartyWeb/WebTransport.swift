import NIOCore
import NIOHTTP1
import NIOWebSocket

/// Serves HTTP, WebSocket and the framed protocol on one port: install it first on every accepted
/// connection and it routes each connection by its first byte (see `TransportSniffer`). The host
/// (PartyServer's `HostTransport`) adds its connection handler in both closures; on a framed
/// connection that handler frames and times the connection itself:
///
/// ```swift
/// .childChannelInitializer { channel in
///     channel.eventLoop.makeCompletedFuture {
///         try WebTransport.configure(channel, options: web,
///             configureWire: { try addSession($0, true) },
///             configureWebSocket: { try addSession($0, false) })
///     }
/// }
/// ```
public enum WebTransport {
    /// Installs the sniffer on a new connection's pipeline; call from the child channel initializer,
    /// on the channel's event loop.
    ///
    /// - `configureWire` is called for a framed-protocol connection (first byte not an ASCII capital)
    ///   and installs today's framed pipeline and session handler, unchanged.
    /// - `configureWebSocket` is called once a WebSocket upgrade succeeded, after the handler that turns
    ///   text messages into `ByteBuffer` frame bodies (and bodies written back into text messages), so
    ///   it adds what follows a `FrameDecoder` in the framed pipeline (watchdog, session handler).
    ///
    /// Handlers either closure adds receive `channelActive` once, right after the closure returns, as
    /// they would have at accept; then the bytes that arrived so far.
    ///
    /// With `overCapacity` (the host already has as many connections as it takes), an HTTP
    /// connection's first request is answered `503 Service Unavailable` and the connection closes;
    /// a framed one is the caller's to refuse.
    ///
    /// `idle` is told, on the channel's event loop, when an HTTP connection starts waiting for its
    /// next request (true: a request was read and answered, the connection is kept alive) and when
    /// it stops (false: the next request's first byte, or the WebSocket upgrade), so the caller may
    /// close an idle one to make room.
    public static func configure(
        _ channel: any Channel,
        options: WebOptions = WebOptions(),
        overCapacity: Bool = false,
        idle: @escaping @Sendable (Bool) -> Void = { _ in },
        configureWire: @escaping @Sendable (any Channel) throws -> Void,
        configureWebSocket: @escaping @Sendable (any Channel) throws -> Void
    ) throws {
        try configure(channel, options: options, overCapacity: overCapacity, idle: idle, configureWire: configureWire,
                      configureRoomSocket: { channel, _ in try configureWebSocket(channel) })
    }

    /// As above, where `configureRoomSocket` also learns where the WebSocket was opened (a party
    /// server's `/ABCD/ws` names the room) and for whom (behind a proxy).
    public static func configure(
        _ channel: any Channel,
        options: WebOptions = WebOptions(),
        overCapacity: Bool = false,
        idle: @escaping @Sendable (Bool) -> Void = { _ in },
        configureWire: @escaping @Sendable (any Channel) throws -> Void,
        configureRoomSocket: @escaping @Sendable (any Channel, WebSocketOpening) throws -> Void
    ) throws {
        try channel.pipeline.syncOperations.addHandler(
            TransportSniffer(timeout: options.firstByteTimeout, configureWire: configureWire) { channel in
                try configureHTTP(channel, options: options, overCapacity: overCapacity, idle: idle,
                                  configureWebSocket: configureRoomSocket)
            },
            name: TransportSniffer.name
        )
    }

    /// Installs the HTTP/1.1 server: the head guard, NIO's codec and upgrader, and the asset handler.
    static func configureHTTP(
        _ channel: any Channel,
        options: WebOptions,
        overCapacity: Bool = false,
        idle: @escaping @Sendable (Bool) -> Void = { _ in },
        configureWebSocket: @escaping @Sendable (any Channel, WebSocketOpening) throws -> Void
    ) throws {
        let pipeline = channel.pipeline.syncOperations
        let state = HTTPConnectionState()
        state.overCapacity = overCapacity
        state.onIdle = idle
        let path = options.webSocketPath
        let maxMessageBytes = options.maxMessageBytes
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: maxMessageBytes,
            automaticErrorHandling: false,
            shouldUpgrade: { channel, head in
                // Over capacity, no upgrade: the request is answered 503 like any other. Nor without
                // exactly one Host: that request is answered 400, as every HTTP/1.1 request is.
                let asked = HTTPAssetHandler.path(of: head.uri)
                // A request another server answers (`HTTPCarry`) is not upgraded here either.
                let allowed = !overCapacity && (asked == path || options.routes?.isWebSocket(path: asked) == true)
                    && head.headers["Host"].count == 1 && OriginPolicy.allows(head, extra: options.allowedOrigins, routes: options.routes)
                    && options.carry?.destination(for: head, peerAddress: HTTPAssetHandler.address(channel.remoteAddress)) == nil
                return channel.eventLoop.makeSucceededFuture(allowed ? HTTPHeaders() : nil)
            },
            upgradePipelineHandler: { channel, head in
                channel.eventLoop.makeCompletedFuture {
                    let bridge = WebSocketBridge(maxMessageBytes: maxMessageBytes)
                    try channel.pipeline.syncOperations.addHandler(bridge)
                    try configureWebSocket(channel, WebSocketOpening(head))
                    try channel.pipeline.syncOperations.context(handler: bridge).fireChannelActive()
                }
            }
        )
        try pipeline.addHandler(RequestHeadGuard(options: options, state: state), name: RequestHeadGuard.name)
        try pipeline.configureHTTPServerPipeline(
            withPipeliningAssistance: false,
            withServerUpgrade: (upgraders: [upgrader], completionHandler: { context in
                // The upgrade removed NIO's HTTP handlers; ours go too, before the WebSocket codec arrives.
                context.pipeline.syncOperations.removeHandler(name: RequestHeadGuard.name, promise: nil)
                context.pipeline.syncOperations.removeHandler(name: HTTPAssetHandler.name, promise: nil)
                if options.carry != nil { context.pipeline.syncOperations.removeHandler(name: HTTPCarry.name, promise: nil) }
            }),
            withErrorHandling: false
        )
        if let carry = options.carry {
            try pipeline.addHandler(HTTPCarry(carry: carry, timeout: options.carryConnectTimeout, state: state), name: HTTPCarry.name)
        }
        try pipeline.addHandler(HTTPAssetHandler(options: options, state: state), name: HTTPAssetHandler.name)
    }
}

/// Where and for whom a WebSocket was opened.
public struct WebSocketOpening: Sendable {
    /// The request's path (`/ws`, `/ABCD/ws`).
    public var path: String
    /// The last address of `X-Forwarded-For` (the one the nearest proxy added), if any.
    public var forwardedFor: String?
    /// Whether the query says `watch` (`/ABCD/ws?watch`): a watcher, whom a fleet's node that does
    /// not hold the room serves from its relay of it.
    public var watch: Bool

    /// The opening of `head`.
    init(_ head: HTTPRequestHead) {
        path = HTTPAssetHandler.path(of: head.uri)
        forwardedFor = WebSocketOpening.lastForwarded(head.headers)
        watch = Self.watches(head.uri)
    }

    /// Whether `uri`'s query has `watch` (alone, or `watch=` anything).
    public static func watches(_ uri: String) -> Bool {
        guard let query = uri.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first?
            .split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first else { return false }
        return query.split(separator: "&").contains { $0 == "watch" || $0.hasPrefix("watch=") }
    }

    /// The last address in the `X-Forwarded-For` headers, trimmed; nil when there is none.
    public static func lastForwarded(_ headers: HTTPHeaders) -> String? {
        let all = headers["X-Forwarded-For"].flatMap { $0.split(separator: ",") }
        guard let last = all.last else { return nil }
        let trimmed = String(last.trimmingSpaces())
        return trimmed.isEmpty || trimmed.count > 64 ? nil : trimmed
    }
}
