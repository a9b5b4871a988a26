import NIOCore

/// Sits in front of the HTTP decoder and limits each request head (request line and headers) in size
/// and in time, and a kept-alive connection's wait for its next request.
///
/// A head ends at its first empty line (CRLF CRLF, or LF LF). Bytes after it (a body) count as the
/// next head, which is fine: the host accepts no request bodies. Over a limit it stops reading and
/// fires a `WebRequestLimit` for the asset handler to answer.
final class RequestHeadGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    static let name = "partyweb.headguard"

    private let maxHeadBytes: Int
    private let headTimeout: TimeAmount
    private let idleTimeout: TimeAmount
    private let state: HTTPConnectionState
    /// Bytes of the head being read; nil between requests.
    private var headBytes: Int?
    /// True at the start of a line (only CR seen on it so far).
    private var lineEmpty = true
    private var timer: Scheduled<Void>?
    private var stopped = false

    init(options: WebOptions, state: HTTPConnectionState) {
        maxHeadBytes = options.maxHeadBytes
        headTimeout = options.headTimeout
        idleTimeout = options.idleTimeout
        self.state = state
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        // Removed by a WebSocket upgrade (or the close): no longer an idle HTTP connection.
        state.setIdle(false)
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !stopped, !state.closing else { return }
        var buffer = unwrapInboundIn(data)
        let start = buffer.readerIndex
        var index = start
        var overflow = false
        for byte in buffer.readableBytesView {
            index += 1
            if headBytes == nil {
                headBytes = 0
                state.readingHead = true
                state.setIdle(false)
                arm(context: context, after: headTimeout, limit: .headTimeout)
            }
            headBytes! += 1
            // Counted before the head may end: its last byte counts toward the limit too.
            if headBytes! > maxHeadBytes {
                overflow = true
                break
            }
            switch byte {
            case UInt8(ascii: "\n"):
                if lineEmpty {
                    headBytes = nil
                    state.readingHead = false
                    arm(context: context, after: idleTimeout, limit: .idle)
                }
                lineEmpty = true
            case UInt8(ascii: "\r"):
                break
            default:
                lineEmpty = false
            }
        }
        if overflow {
            stopped = true
            timer?.cancel()
            timer = nil
            let accepted = index - 1 - start
            if accepted > 0, let slice = buffer.readSlice(length: accepted) {
                context.fireChannelRead(wrapInboundOut(slice))
            }
            if !state.closing { context.fireErrorCaught(WebRequestLimit.headTooLarge(limit: maxHeadBytes)) }
            return
        }
        context.fireChannelRead(wrapInboundOut(buffer))
    }

    /// One timer: the head's deadline while a head is read, the idle deadline between requests.
    private func arm(context: ChannelHandlerContext, after delay: TimeAmount, limit: WebRequestLimit) {
        timer?.cancel()
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(in: delay) {
            let (guardHandler, context) = bound.value
            guardHandler.timer = nil
            guard !guardHandler.stopped, !guardHandler.state.closing, context.channel.isActive else { return }
            guardHandler.stopped = true
            context.fireErrorCaught(limit)
        }
    }
}

@available(*, unavailable)
extension RequestHeadGuard: Sendable {}
