import NIOCore
import PartyWire

/// The limits and paths of the web transport (HTTP and WebSocket on the host's port).
public struct WebOptions: Sendable {
    /// The path a WebSocket upgrade must ask for.
    public var webSocketPath = "/ws"
    /// The most bytes a request line plus headers may take; more is answered 431 and the connection closes.
    public var maxHeadBytes = 8 * 1024
    /// How long a request may take from its first byte to the end of its headers; longer (a slowloris)
    /// is answered 408 and the connection closes.
    public var headTimeout: TimeAmount = .seconds(5)
    /// How long a kept-alive connection may wait for its next request before it is closed.
    public var idleTimeout: TimeAmount = .seconds(30)
    /// How long a new connection may take to send its first byte; a silent one is then treated as a
    /// framed client that missed the handshake (`WatchdogTimeout.handshake`). Give it the host's
    /// handshake timeout.
    public var firstByteTimeout: TimeAmount = .milliseconds(WireProtocol.handshakeTimeoutMilliseconds)
    /// Requests served on one connection; the last one is answered with `Connection: close`.
    public var maxRequestsPerConnection = 100
    /// After a final answer (`Connection: close`), how long the host waits for the client to close
    /// its side, reading and dropping what it still sends, before it closes the connection itself.
    public var lingerTime: TimeAmount = .seconds(2)
    /// The largest WebSocket message (one frame, or all fragments together), in bytes: the wire
    /// protocol's frame limit. A larger one closes the connection with code 1009.
    public var maxMessageBytes = WireProtocol.maxFrameLength
    /// The files served over HTTP.
    public var assets: WebAssets = .builtIn
    /// The `partyclient` handed out at `/partyclient` (when self-contained); nil: that path is 404.
    public var clientDownload: ClientDownload? = ClientDownload.besideExecutable

    /// Paths the server answers itself before the asset table (a party server's); nil: none.
    public var routes: (any WebRoutes)?
    /// The largest request body taken (for `routes`); a larger one is answered 413. Without routes
    /// no request has a body.
    public var maxRequestBodyBytes = 0
    /// Origins besides `http://` + Host that may open the WebSocket (a party server's public
    /// origin behind a TLS proxy, `https://party.example.org`), lower case.
    public var allowedOrigins: Set<String> = []

    /// Requests another server answers (a fleet's node holding the room), carried there; nil: none.
    public var carry: (any WebCarrying)?
    /// How long connecting to that other server may take before the client is answered `503`.
    public var carryConnectTimeout: TimeAmount = .seconds(2)

    /// The defaults above.
    public init() {}
}
