import NIOHTTP1

/// Paths a server answers itself, before the asset table: a party server's rooms, its API, its
/// health and metrics. Called on the connection's event loop; answers must be quick.
public protocol WebRoutes: Sendable {
    /// The answer to `request`, or nil to serve the asset table as usual.
    func answer(_ request: WebRequest) -> WebAnswer?
    /// Whether a WebSocket may be opened at `path` (besides `WebOptions.webSocketPath`).
    func isWebSocket(path: String) -> Bool
    /// Whether a page from `origin` (`https://b.example.org`, lower case) may open a WebSocket here,
    /// besides this host's own and `WebOptions.allowedOrigins`: asked at every handshake, so the
    /// answer may change while the server listens (a fleet's nodes come and go).
    func allowsOrigin(_ origin: String) -> Bool
}

extension WebRoutes {
    /// No other origins.
    public func allowsOrigin(_ origin: String) -> Bool { false }
}

/// One HTTP request as `WebRoutes` sees it.
public struct WebRequest: Sendable {
    /// `GET`, `HEAD`, `POST`…
    public var method: HTTPMethod
    /// The path, without query or fragment.
    public var path: String
    /// The whole request target.
    public var uri: String
    /// The request's headers.
    public var headers: HTTPHeaders
    /// The body (at most `WebOptions.maxRequestBodyBytes`).
    public var body: [UInt8]
    /// The address of the connection's other end (a proxy's, behind one).
    public var peerAddress: String

    /// A request.
    public init(method: HTTPMethod, path: String, uri: String, headers: HTTPHeaders, body: [UInt8], peerAddress: String) {
        self.method = method
        self.path = path
        self.uri = uri
        self.headers = headers
        self.body = body
        self.peerAddress = peerAddress
    }
}

/// What `WebRoutes` answers: a status, a body and its type, and headers of its own.
public struct WebAnswer: Sendable {
    /// The status code.
    public var status: HTTPResponseStatus
    /// The body's type.
    public var contentType: String
    /// The body.
    public var body: [UInt8]
    /// `Cache-Control`.
    public var cacheControl: String
    /// Other headers (`Location`, `Retry-After`…).
    public var headers: [(String, String)]
    /// How long to wait before answering (a client guessing codes is slowed down).
    public var delayMilliseconds: Int64

    /// An answer.
    public init(status: HTTPResponseStatus, contentType: String, body: [UInt8], cacheControl: String = "no-store",
                headers: [(String, String)] = [], delayMilliseconds: Int64 = 0) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.cacheControl = cacheControl
        self.headers = headers
        self.delayMilliseconds = delayMilliseconds
    }

    /// A plain-text answer.
    public static func text(_ status: HTTPResponseStatus, _ text: String, headers: [(String, String)] = [],
                            delayMilliseconds: Int64 = 0) -> WebAnswer {
        WebAnswer(status: status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8), headers: headers,
                  delayMilliseconds: delayMilliseconds)
    }

    /// A JSON answer (`json` is already encoded).
    public static func json(_ status: HTTPResponseStatus, _ json: [UInt8], headers: [(String, String)] = [],
                            delayMilliseconds: Int64 = 0) -> WebAnswer {
        WebAnswer(status: status, contentType: "application/json", body: json, headers: headers, delayMilliseconds: delayMilliseconds)
    }

    /// An asset of the table, answered as is (a room's page).
    public static func asset(_ asset: WebAsset) -> WebAnswer {
        WebAnswer(status: .ok, contentType: asset.contentType, body: asset.body, cacheControl: asset.cacheControl)
    }
}
