import NIOCore
import NIOHTTP1

/// Reads the other server's answer to one carried request and hands its parts to the client's
/// connection (`HTTPCarry`), with the client's own keep-alive; a connection that ends before the
/// answer's end is `failed` (nothing was written yet) or cuts the client off.
final class CarriedAnswer: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart

    /// One part of the answer, as the client's connection writes it.
    enum Part {
        case head(HTTPResponseHead)
        case body(ByteBuffer)
        /// The answer is complete; the client's connection stays open when true.
        case end(keepAlive: Bool)
    }

    private let keepAlive: Bool
    private let deliver: (Part) -> Void
    private let failed: () -> Void
    private var begun = false
    private var ended = false

    init(keepAlive: Bool, deliver: @escaping (Part) -> Void, failed: @escaping () -> Void) {
        self.keepAlive = keepAlive
        self.deliver = deliver
        self.failed = failed
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !ended else { return }
        switch unwrapInboundIn(data) {
        case .head(var head):
            // Informational answers (100 Continue) are not passed on.
            guard head.status.code >= 200 else { return }
            begun = true
            head.headers.replaceOrAdd(name: "Connection", value: keepAlive ? "keep-alive" : "close")
            deliver(.head(head))
        case .body(let bytes):
            deliver(.body(bytes))
        case .end:
            guard begun else { return }
            ended = true
            deliver(.end(keepAlive: keepAlive))
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        guard !ended else { return }
        ended = true
        if begun { deliver(.end(keepAlive: false)) } else { failed() }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

@available(*, unavailable)
extension CarriedAnswer: Sendable {}
