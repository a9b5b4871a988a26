import NIOCore
import NIOWebSocket

/// The client's side of a WebSocket as the wire (docs/PROTOCOL.md §1c): each whole text message in
/// is one frame body, each frame body out is one masked text message; pings are answered, and a
/// close is answered and ends the connection (which then closes with a close frame of its own).
final class WebSocketMessageHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = WebSocketFrame

    /// Whether our close frame was sent (one per connection).
    private var closeSent = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            context.fireChannelRead(wrapInboundOut(frame.unmaskedData))
        case .ping:
            let pong = WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .connectionClose:
            sendClose(context: context)
            context.close(promise: nil)
        default:
            // A binary message or a pong: nothing the wire protocol carries.
            break
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let frame = WebSocketFrame(fin: true, opcode: .text, maskKey: .random(), data: unwrapOutboundIn(data))
        context.write(wrapOutboundOut(frame), promise: promise)
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        if mode == .all { sendClose(context: context) }
        context.close(mode: mode, promise: promise)
    }

    /// Sends a normal close (1000) once.
    private func sendClose(context: ChannelHandlerContext) {
        guard !closeSent, context.channel.isActive else { return }
        closeSent = true
        var data = context.channel.allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: .normalClosure)
        let close = WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: data)
        context.writeAndFlush(wrapOutboundOut(close), promise: nil)
    }
}
