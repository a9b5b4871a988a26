import NIOCore

/// One end of a splice between two channels on the same event loop: what one channel reads, the
/// other writes, untouched. Reading follows writing (a side reads only while its partner can take
/// more), and either side closing closes the other. Make the two ends with `pair()`.
public final class ByteSplice: ChannelDuplexHandler, RemovableChannelHandler {
    public typealias InboundIn = ByteBuffer
    public typealias OutboundIn = ByteBuffer
    public typealias OutboundOut = ByteBuffer

    private var partner: ByteSplice?
    private var context: ChannelHandlerContext?
    /// A `read` was held back because the partner could take no more.
    private var readWanted = false

    private init() {}

    /// Two ends joined to each other; add one to each channel's pipeline, last.
    public static func pair() -> (ByteSplice, ByteSplice) {
        let one = ByteSplice()
        let other = ByteSplice()
        one.partner = other
        other.partner = one
        return (one, other)
    }

    public func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    public func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        partner = nil
    }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        partner?.send(data)
    }

    public func channelReadComplete(context: ChannelHandlerContext) {
        partner?.flushOut()
    }

    public func channelInactive(context: ChannelHandlerContext) {
        let partner = self.partner
        self.partner = nil
        partner?.partnerClosed()
        context.fireChannelInactive()
    }

    public func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    public func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { partner?.partnerCanTakeMore() }
        context.fireChannelWritabilityChanged()
    }

    public func read(context: ChannelHandlerContext) {
        if partner?.isWritable ?? true {
            context.read()
        } else {
            readWanted = true
        }
    }

    // MARK: Called by the partner

    private var isWritable: Bool { context?.channel.isWritable ?? false }

    private func send(_ data: NIOAny) {
        context?.write(data, promise: nil)
    }

    private func flushOut() {
        context?.flush()
    }

    private func partnerClosed() {
        partner = nil
        guard let context else { return }
        // What was read before the partner went is written first (writes complete in order).
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(NIOAny(context.channel.allocator.buffer(capacity: 0)), promise: written)
        let channel = context.channel
        written.futureResult.whenComplete { _ in channel.close(promise: nil) }
    }

    private func partnerCanTakeMore() {
        guard readWanted, let context else { return }
        readWanted = false
        context.read()
    }
}

@available(*, unavailable)
extension ByteSplice: Sendable {}
