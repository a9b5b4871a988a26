import NIOCore
import NIOHTTP1
import NIOWebSocket

/// Answers HTTP requests from the asset table: GET and HEAD only, no request bodies, the security
/// headers on every response, keep-alive up to a request count; and answers the head guard's limits.
final class HTTPAssetHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    static let name = "partyweb.http"

    /// Headers on every response: nothing but the host's own files may load or be connected to,
    /// no framing, no MIME sniffing, no referrer.
    static let securityHeaders: [(String, String)] = [
        ("Content-Security-Policy", ContentSecurityPolicy.common),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("X-Frame-Options", "DENY"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
        ("Cross-Origin-Resource-Policy", "same-origin"),
    ]

    /// The body of the answer to a request over the host's connection limit.
    static let overCapacityText = "503 Service Unavailable: the host has too many connections; try again in a few seconds.\n"

    private let options: WebOptions
    let state: HTTPConnectionState
    private var request: HTTPRequestHead?
    private var bodyBytes = 0
    /// The request's body, kept for `WebOptions.routes` up to `maxRequestBodyBytes`.
    private var body: [UInt8] = []
    private var served = 0
    /// While a `partyclient` download is prepared and written: what came meanwhile, handled after it.
    var held: (parts: [HTTPServerRequestPart], error: (any Error)?)?

    init(options: WebOptions, state: HTTPConnectionState) {
        self.options = options
        self.state = state
    }

    /// The path of a request target: up to the first `?` or `#`.
    static func path(of uri: String) -> String {
        String(uri.prefix { $0 != "?" && $0 != "#" })
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !state.closing else { return }
        handle(unwrapInboundIn(data), context: context)
    }

    /// Reads one part of a request; answers it at its end (later, when a download is under way).
    func handle(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) {
        if held != nil {
            held?.parts.append(part)
            return
        }
        switch part {
        case let .head(head):
            request = head
            bodyBytes = 0
            body.removeAll(keepingCapacity: true)
            state.inRequest = true
        case let .body(part):
            bodyBytes += part.readableBytes
            if bodyBytes <= options.maxRequestBodyBytes { body += part.readableBytesView }
        case .end:
            state.inRequest = false
            guard let head = request else { return }
            request = nil
            respond(to: head, context: context)
        }
    }

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        served += 1
        let path = Self.path(of: head.uri)
        // After a request that asked for an upgrade NIO's decoder reads no further requests: a refused
        // upgrade ends the connection.
        var keepAlive = head.isKeepAlive && served < options.maxRequestsPerConnection && !head.headers.contains(name: "Upgrade")
        let status: HTTPResponseStatus
        var extra: [(String, String)] = []
        var asset: WebAsset?
        var text: String?
        if !state.overCapacity, let routes = options.routes, bodyBytes <= options.maxRequestBodyBytes,
           let answer = routes.answer(WebRequest(method: head.method, path: path, uri: head.uri, headers: head.headers, body: body,
                                                 peerAddress: Self.address(context.channel.remoteAddress))) {
            return answerRoute(answer, head: head, keepAlive: keepAlive, context: context)
        }
        if state.overCapacity {
            status = .serviceUnavailable
            if BusyPage.wanted(by: head) {
                // A browser gets a page that counts down and tries again by itself (BusyPage).
                asset = WebAsset(contentType: "text/html; charset=utf-8", text: BusyPage.html, cacheControl: "no-store")
                extra.append(("Content-Security-Policy", BusyPage.contentSecurityPolicy))
            } else {
                text = Self.overCapacityText
            }
            extra.append(("Retry-After", String(BusyPage.seconds)))
            keepAlive = false
        } else if head.method != .GET && head.method != .HEAD {
            status = .methodNotAllowed
            extra.append(("Allow", "GET, HEAD"))
            keepAlive = false
        } else if head.version.major == 1 && head.version.minor >= 1 && head.headers["Host"].count != 1 {
            status = .badRequest
            keepAlive = false
        } else if bodyBytes > 0 {
            status = .payloadTooLarge
            keepAlive = false
        } else if let download = options.clientDownload, ClientDownload.paths.contains(path) {
            // Read off the event loop, then written with sendfile (HTTPAssetHandler+ClientDownload).
            answerDownload(download, path: path, head: head, keepAlive: keepAlive, context: context)
            return
        } else if path == options.webSocketPath {
            // Only a refused or malformed upgrade gets here (a good one leaves HTTP behind).
            if OriginPolicy.allows(head, extra: options.allowedOrigins, routes: options.routes) {
                status = .upgradeRequired
                extra.append(("Upgrade", "websocket"))
                extra.append(("Sec-WebSocket-Version", "13"))
            } else {
                status = .forbidden
            }
        } else if path == ClientDownload.infoPath {
            // No program can be handed out at all (the host's own path is unknown): still a 200.
            status = .ok
            asset = WebAsset(contentType: "application/json", text: String(decoding: ClientDownload.infoJSON(.failure(.missing)), as: UTF8.self),
                             cacheControl: "no-cache")
        } else if path == JoinQR.path, let host = head.headers["Host"].first, let svg = JoinQR.svg(host: host) {
            // Built per request: the QR code of the address this browser used.
            status = .ok
            asset = WebAsset(contentType: "image/svg+xml", text: svg, cacheControl: "no-store")
        } else if let found = options.assets[path] {
            status = .ok
            asset = found
        } else {
            status = .notFound
        }
        var body = asset.map { $0.body } ?? Array((text ?? "\(status.code) \(status.reasonPhrase)\n").utf8)
        if let asset, let etag = asset.etag {
            // A table file: gzip when the browser takes it, its entity tag, 304 when the copy it has is current.
            var tag = etag
            if let gzipped = asset.gzipped, let gzipEtag = asset.gzipEtag {
                extra.append(("Vary", "Accept-Encoding"))
                if HTTPNegotiation.acceptsGzip(head.headers) {
                    body = gzipped
                    tag = gzipEtag
                    extra.append(("Content-Encoding", "gzip"))
                }
            }
            extra.append(("ETag", tag))
            if HTTPNegotiation.notModified(head.headers, etag: tag) {
                write(status: .notModified, contentType: nil, cacheControl: asset.cacheControl, body: nil,
                      length: nil, extra: extra.filter { $0.0 != "Content-Encoding" }, keepAlive: keepAlive, context: context)
                return
            }
        }
        write(status: status, contentType: asset?.contentType ?? "text/plain; charset=utf-8",
              cacheControl: asset?.cacheControl ?? "no-store", body: head.method == .HEAD ? nil : body,
              length: body.count, extra: extra, keepAlive: keepAlive, context: context)
    }

    /// Writes a route's answer, after its delay.
    private func answerRoute(_ answer: WebAnswer, head: HTTPRequestHead, keepAlive: Bool, context: ChannelHandlerContext) {
        let body = head.method == .HEAD ? nil : answer.body
        guard answer.delayMilliseconds > 0 else {
            write(status: answer.status, contentType: answer.contentType, cacheControl: answer.cacheControl, body: body,
                  length: answer.body.count, extra: answer.headers, keepAlive: keepAlive, context: context)
            return
        }
        // Slowed: nothing else is read meanwhile (the request is answered in order).
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(in: .milliseconds(answer.delayMilliseconds)) {
            let (handler, context) = bound.value
            guard context.channel.isActive, !handler.state.closing else { return }
            handler.write(status: answer.status, contentType: answer.contentType, cacheControl: answer.cacheControl, body: body,
                          length: answer.body.count, extra: answer.headers, keepAlive: keepAlive, context: context)
        }
    }

    /// A peer's address as text, an IPv4 client of a dual-stack socket as its dotted quad.
    static func address(_ address: SocketAddress?) -> String {
        guard let text = address?.ipAddress else { return "unknown" }
        if text.hasPrefix("::ffff:"), text.contains(".") { return String(text.dropFirst("::ffff:".count)) }
        return text
    }

    /// Writes one answer; `contentType` and `length` nil leave those headers out (a `304`).
    @discardableResult
    func write(status: HTTPResponseStatus, contentType: String?, cacheControl: String, body: [UInt8]?, file: FileRegion? = nil,
               length: Int?, extra: [(String, String)] = [], keepAlive: Bool, context: ChannelHandlerContext) -> EventLoopFuture<Void> {
        var headers = HTTPHeaders(Self.securityHeaders)
        if let contentType { headers.add(name: "Content-Type", value: contentType) }
        if let length { headers.add(name: "Content-Length", value: String(length)) }
        headers.add(name: "Cache-Control", value: cacheControl)
        for (name, value) in extra {
            // An answer with a policy of its own (BusyPage, a fleet's room page, a room's QR code
            // that other nodes' pages show) replaces the common one.
            if ["Content-Security-Policy", "Cross-Origin-Resource-Policy"].contains(name) {
                headers.replaceOrAdd(name: name, value: value)
            } else {
                headers.add(name: name, value: value)
            }
        }
        headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        if !keepAlive { state.closing = true }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        if let body, !body.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
        }
        if let file {
            context.write(wrapOutboundOut(.body(.fileRegion(file))), promise: nil)
        }
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive {
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
            done.whenComplete { _ in handler.value.closeLingering(bound.value) }
        } else {
            // Once the whole answer is out and no next request has begun, the connection is idle:
            // the host may close it to make room for a new one (never in the middle of an answer).
            let state = NIOLoopBound(state, eventLoop: context.eventLoop)
            done.whenSuccess { _ in
                let state = state.value
                if !state.readingHead, !state.closing { state.setIdle(true) }
            }
        }
        return done
    }

    /// Closes after a final answer the way RFC 9112 §9.6 asks: the host's side first (the client
    /// reads the answer and then the end), what the client still sends read and dropped, and the
    /// connection closed when the client closes its side or after `WebOptions.lingerTime`. Closed
    /// at once, the socket would answer bytes that come later (a request body, a pipelined request)
    /// with a reset, which throws away the part of the answer the client has not yet taken.
    func closeLingering(_ context: ChannelHandlerContext) {
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        let linger = options.lingerTime
        let halfClosed = context.eventLoop.makePromise(of: Void.self)
        context.close(mode: .output, promise: halfClosed)
        halfClosed.futureResult.whenComplete { result in
            let context = bound.value
            guard case .success = result, context.channel.isActive else { return context.close(promise: nil) }
            context.eventLoop.scheduleTask(in: linger) { bound.value.close(promise: nil) }
        }
    }

    /// Answers what went wrong before a request was complete, then closes.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard !state.closing else { return }
        if held != nil {
            // Not in the middle of a download (the idle limit may pass while a slow guest downloads).
            if held?.error == nil { held?.error = error }
            return
        }
        let status: HTTPResponseStatus
        switch error {
        case WebRequestLimit.headTooLarge:
            status = state.inRequest ? .payloadTooLarge : .requestHeaderFieldsTooLarge
        case WebRequestLimit.headTimeout:
            status = .requestTimeout
        case WebRequestLimit.idle:
            state.closing = true
            context.close(promise: nil)
            return
        case is HTTPParserError:
            status = .badRequest
        case is NIOWebSocketUpgradeError:
            // A refused upgrade (wrong path, Origin, key or version): the request itself comes next
            // and is answered as any other (403 for a foreign Origin, 426 at the socket path, else 404).
            return
        default:
            state.closing = true
            context.close(promise: nil)
            return
        }
        let body = Array("\(status.code) \(status.reasonPhrase)\n".utf8)
        write(status: status, contentType: "text/plain; charset=utf-8", cacheControl: "no-store", body: body,
              length: body.count, keepAlive: false, context: context)
    }
}

@available(*, unavailable)
extension HTTPAssetHandler: Sendable {}
