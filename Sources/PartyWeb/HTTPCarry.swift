import NIOCore
import NIOHTTP1
import NIOPosix

/// Carries requests `WebOptions.carry` names to another server, just before the asset handler.
///
/// - A WebSocket upgrade: once the request is read, connects, sends the head on (its
///   `X-Forwarded-For` replaced by the client's address), takes the connection's HTTP handlers
///   away and splices the two connections (`ByteSplice`): the other server answers the upgrade
///   and everything after it; this one only copies bytes.
/// - Any other `GET`/`HEAD`: the one request goes over a connection of its own and its answer
///   comes back as this connection's answer; the client's connection stays kept alive here.
///
/// Not reaching the other server within `WebOptions.carryConnectTimeout` answers `503`.
final class HTTPCarry: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    static let name = "partyweb.carry"

    private enum Phase {
        /// Requests pass on to the asset handler.
        case passing
        /// A request to carry is being read (until its end).
        case reading(HTTPRequestHead, CarryDestination)
        /// Connecting to, or waiting for, the other server; nothing more is read meanwhile.
        case carrying
        /// The connection is the other server's now (a splice); this handler is on its way out.
        case spliced
    }

    private let carry: any WebCarrying
    private let timeout: TimeAmount
    private let state: HTTPConnectionState
    private var phase = Phase.passing
    /// The other server's connection while one request is carried.
    private var far: (any Channel)?
    /// Requests read while one was carried (pipelined), in order.
    private var waiting: [HTTPServerRequestPart] = []

    init(carry: any WebCarrying, timeout: TimeAmount, state: HTTPConnectionState) {
        self.carry = carry
        self.timeout = timeout
        self.state = state
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        handle(unwrapInboundIn(data), context: context)
    }

    private func handle(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) {
        switch (phase, part) {
        case (.passing, .head(let head)):
            guard !state.overCapacity, head.method == .GET || head.method == .HEAD,
                  !head.headers.contains(name: "Transfer-Encoding"),
                  let destination = carry.destination(for: head, peerAddress: HTTPAssetHandler.address(context.channel.remoteAddress))
            else { return context.fireChannelRead(wrapInboundOut(part)) }
            phase = .reading(head, destination)
        case (.passing, _):
            context.fireChannelRead(wrapInboundOut(part))
        case (.reading(let head, let destination), .end):
            phase = .carrying
            context.channel.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in }
            if head.headers.contains(name: "Upgrade") {
                splice(head, to: destination, context: context)
            } else {
                forward(head, to: destination, context: context)
            }
        case (.reading, _):
            // A GET's body: not carried (the other server would refuse it too).
            break
        case (.carrying, _):
            // A pipelined request, read with the carried one: handled once that one is answered.
            waiting.append(part)
        case (.spliced, _):
            break
        }
    }

    /// Handles the requests that came while one was carried, in order.
    private func handleWaiting(context: ChannelHandlerContext) {
        while !waiting.isEmpty {
            switch phase {
            case .passing, .reading: handle(waiting.removeFirst(), context: context)
            case .carrying, .spliced: return
            }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        far?.close(promise: nil)
        far = nil
        context.fireChannelInactive()
    }

    // MARK: A WebSocket: the whole connection

    private func splice(_ head: HTTPRequestHead, to destination: CarryDestination, context: ChannelHandlerContext) {
        // The other server's connection runs on this loop too: the two ends call each other directly.
        let ends = NIOLoopBound(ByteSplice.pair(), eventLoop: context.eventLoop)
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let connected = ClientBootstrap(group: context.eventLoop)
            .connectTimeout(timeout)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(ends.value.1) }
            }
            .connect(host: destination.host, port: destination.port)
        connected.whenComplete { result in
            let (handler, context) = bound.value
            guard context.channel.isActive else {
                if case .success(let channel) = result { channel.close(promise: nil) }
                return
            }
            switch result {
            case .failure:
                handler.refuse(CarryError.unreachable(host: destination.host, port: destination.port), context: context)
            case .success(let channel):
                channel.writeAndFlush(ByteBuffer(bytes: head.carried(forwardedFor: destination.forwardedFor)), promise: nil)
                handler.becomeSplice(ends.value.0, context: context)
            }
        }
    }

    /// Leaves the connection to `near`: every HTTP handler goes, the request decoder last, so
    /// the bytes it holds after the head reach the splice as they came.
    private func becomeSplice(_ near: ByteSplice, context: ChannelHandlerContext) {
        phase = .spliced
        let pipeline = context.pipeline.syncOperations
        do {
            try pipeline.addHandler(near)
            for name in [HTTPAssetHandler.name, RequestHeadGuard.name] {
                pipeline.removeHandler(name: name, promise: nil)
            }
            if let upgrade = try? pipeline.handler(type: HTTPServerUpgradeHandler.self) { pipeline.removeHandler(upgrade, promise: nil) }
            pipeline.removeHandler(try pipeline.handler(type: HTTPResponseEncoder.self), promise: nil)
            if let validator = try? pipeline.handler(type: NIOHTTPResponseHeadersValidator.self) { pipeline.removeHandler(validator, promise: nil) }
            pipeline.removeHandler(context: context, promise: nil)
            pipeline.removeHandler(try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self), promise: nil)
        } catch {
            context.close(promise: nil)
            return
        }
        context.channel.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in }
        context.channel.read()
    }

    // MARK: One request

    private func forward(_ head: HTTPRequestHead, to destination: CarryDestination, context: ChannelHandlerContext) {
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let relay = NIOLoopBound(CarriedAnswer(keepAlive: head.isKeepAlive) { part in
            let (handler, context) = bound.value
            handler.answer(part, context: context)
        } failed: {
            let (handler, context) = bound.value
            handler.refuse(CarryError.noAnswer(host: destination.host, port: destination.port), context: context)
        }, eventLoop: context.eventLoop)
        let connected = ClientBootstrap(group: context.eventLoop)
            .connectTimeout(timeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(relay.value)
                }
            }
            .connect(host: destination.host, port: destination.port)
        connected.whenComplete { result in
            let (handler, context) = bound.value
            switch result {
            case .failure:
                guard context.channel.isActive else { return }
                handler.refuse(CarryError.unreachable(host: destination.host, port: destination.port), context: context)
            case .success(let channel):
                guard context.channel.isActive else { return channel.close(promise: nil) }
                handler.far = channel
                var carried = head
                carried.headers.remove(name: "X-Forwarded-For")
                carried.headers.add(name: "X-Forwarded-For", value: destination.forwardedFor)
                carried.headers.replaceOrAdd(name: CarryDestination.carriedHeader, value: "1")
                carried.headers.replaceOrAdd(name: "Connection", value: "close")
                channel.write(HTTPClientRequestPart.head(carried), promise: nil)
                channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
            }
        }
    }

    /// Writes one part of the other server's answer; at its end the connection reads on (or closes).
    private func answer(_ part: CarriedAnswer.Part, context: ChannelHandlerContext) {
        guard case .carrying = phase else { return }
        switch part {
        case .head(let head):
            context.write(wrapOutboundOut(.head(head)), promise: nil)
        case .body(let bytes):
            context.write(wrapOutboundOut(.body(.byteBuffer(bytes))), promise: nil)
        case .end(let keepAlive):
            far = nil
            phase = .passing
            let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
            if keepAlive {
                context.channel.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in }
                handleWaiting(context: context)
                context.read()
                if case .passing = phase, waiting.isEmpty, !state.readingHead, !state.closing { state.setIdle(true) }
            } else {
                let channel = context.channel
                done.whenComplete { _ in channel.close(promise: nil) }
            }
        }
    }

    /// Answers `503` with the reason in one line, then closes.
    private func refuse(_ error: CarryError, context: ChannelHandlerContext) {
        guard case .carrying = phase else { return context.close(promise: nil) }
        phase = .spliced
        far?.close(promise: nil)
        far = nil
        state.closing = true
        let body = ByteBuffer(string: "503 Service Unavailable: \(error.description)\n")
        var headers = HTTPHeaders(HTTPAssetHandler.securityHeaders)
        headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        headers.add(name: "Cache-Control", value: "no-store")
        headers.add(name: "Retry-After", value: "5")
        headers.add(name: "Connection", value: "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .serviceUnavailable, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }
}

@available(*, unavailable)
extension HTTPCarry: Sendable {}
