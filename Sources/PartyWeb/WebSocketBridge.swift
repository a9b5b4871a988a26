import NIOCore
import NIOWebSocket

/// Turns WebSocket text messages into frame bodies (`ByteBuffer`) for the handler the framed
/// transport feeds, and bodies written back into text messages; answers pings and closes; reassembles
/// fragmented messages up to the limit; closes with the RFC 6455 status code on anything else.
///
/// Close codes sent: 1000 when the host closes the connection, 1002 for a protocol violation
/// (unmasked frame, reserved bits or opcodes, a continuation without a message, a new message before
/// the last ended, a malformed close frame), 1003 for a binary message, 1007 for text that is not
/// UTF-8, 1009 for a message over the limit; a client's close is answered with its own code.
final class WebSocketBridge: ChannelDuplexHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = WebSocketFrame

    private let maxMessageBytes: Int
    /// The fragments of a text message not yet finished.
    private var partial: ByteBuffer?
    private var closeSent = false

    init(maxMessageBytes: Int) {
        self.maxMessageBytes = maxMessageBytes
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closeSent else { return }
        let frame = unwrapInboundIn(data)
        guard frame.maskKey != nil else { return fail(.protocolError, "client frames must be masked", context: context) }
        guard !frame.rsv1, !frame.rsv2, !frame.rsv3 else {
            return fail(.protocolError, "no extension was negotiated", context: context)
        }
        switch frame.opcode {
        case .text:
            guard partial == nil else { return fail(.protocolError, "a new message before the last one ended", context: context) }
            if frame.fin {
                deliver(frame.unmaskedData, context: context)
            } else {
                partial = frame.unmaskedData
            }
        case .continuation:
            guard var message = partial else {
                return fail(.protocolError, "a continuation frame without a message", context: context)
            }
            var more = frame.unmaskedData
            guard message.readableBytes + more.readableBytes <= maxMessageBytes else {
                partial = nil
                return fail(.messageTooLarge, "message over \(maxMessageBytes) bytes", context: context)
            }
            message.writeBuffer(&more)
            if frame.fin {
                partial = nil
                deliver(message, context: context)
            } else {
                partial = message
            }
        case .binary:
            fail(.unacceptableData, "binary messages are not accepted; send the JSON as text", context: context)
        case .ping:
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
        case .pong:
            break
        case .connectionClose:
            var payload = frame.unmaskedData
            switch payload.readableBytes {
            case 0:
                sendClose(.normalClosure, reason: "", context: context)
            case 1:
                fail(.protocolError, "a close frame with a one-byte code", context: context)
            default:
                sendClose(payload.readWebSocketErrorCode() ?? .normalClosure, reason: "", context: context)
            }
        default:
            fail(.protocolError, "unknown opcode", context: context)
        }
    }

    private func deliver(_ message: ByteBuffer, context: ChannelHandlerContext) {
        guard String(validating: message.readableBytesView, as: UTF8.self) != nil else {
            return fail(.dataInconsistentWithMessage, "text is not valid UTF-8", context: context)
        }
        context.fireChannelRead(wrapInboundOut(message))
    }

    /// A frame the decoder refused (over the size limit, a fragmented or long control frame).
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let error = error as? NIOWebSocketError {
            switch error {
            case .invalidFrameLength: return fail(.messageTooLarge, "message over \(maxMessageBytes) bytes", context: context)
            default: return fail(.protocolError, "malformed control frame", context: context)
            }
        }
        context.fireErrorCaught(error)
    }

    /// Closes with `code`; the handlers behind see the connection end as any other.
    private func fail(_ code: WebSocketErrorCode, _ reason: String, context: ChannelHandlerContext) {
        sendClose(code, reason: reason, context: context)
    }

    private func sendClose(_ code: WebSocketErrorCode, reason: String, context: ChannelHandlerContext) {
        guard !closeSent else { return }
        closeSent = true
        var payload = context.channel.allocator.buffer(capacity: 2 + reason.utf8.count)
        payload.write(webSocketErrorCode: code)
        payload.writeString(String(reason.utf8.prefix(123))!)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: payload)))
            .whenComplete { _ in bound.value.close(promise: nil) }
    }

    // MARK: Outbound

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !closeSent else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: unwrapOutboundIn(data))), promise: promise)
    }

    /// The host closing the connection: a close frame (1000) goes first, then the socket.
    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        if mode == .all, !closeSent, context.channel.isActive {
            closeSent = true
            var payload = context.channel.allocator.buffer(capacity: 2)
            payload.write(webSocketErrorCode: .normalClosure)
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: payload)), promise: nil)
        }
        context.close(mode: mode, promise: promise)
    }
}

@available(*, unavailable)
extension WebSocketBridge: Sendable {}
