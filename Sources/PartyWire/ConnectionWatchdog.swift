import NIOCore

/// Notices a peer that never completes the handshake or goes silent, and fails the channel's
/// inbound stream with a `WatchdogTimeout` so the connection's owner can say why and close it.
///
/// The owner tells it the handshake is done with `WatchdogEvent.handshakeCompleted`
/// (`channel.pipeline.fireUserInboundEventTriggered`).
public final class ConnectionWatchdog: ChannelInboundHandler {
    public typealias InboundIn = ByteBuffer
    public typealias InboundOut = ByteBuffer

    private var deadlines: PeerDeadlines
    private var check: Scheduled<Void>?
    private var fired = false

    /// Creates a watchdog with the two time limits.
    public init(handshakeTimeout: TimeAmount, peerTimeout: TimeAmount) {
        deadlines = PeerDeadlines(handshakeTimeout: handshakeTimeout, peerTimeout: peerTimeout)
    }

    public func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context: context) }
    }

    public func channelActive(context: ChannelHandlerContext) {
        start(context: context)
        context.fireChannelActive()
    }

    public func handlerRemoved(context: ChannelHandlerContext) {
        check?.cancel()
        check = nil
    }

    public func channelInactive(context: ChannelHandlerContext) {
        check?.cancel()
        check = nil
        context.fireChannelInactive()
    }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        deadlines.heard(at: context.eventLoop.now)
        context.fireChannelRead(data)
    }

    public func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .handshakeCompleted? = event as? WatchdogEvent {
            deadlines.handshakeCompleted()
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    private func start(context: ChannelHandlerContext) {
        guard check == nil else { return }
        deadlines.start(at: context.eventLoop.now)
        arm(context: context)
    }

    /// One timer per connection, set for its nearest deadline (not a repeating check): when it
    /// fires early because something arrived meanwhile, it sets itself for the new deadline.
    private func arm(context: ChannelHandlerContext) {
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        check = context.eventLoop.scheduleTask(deadline: deadlines.deadline) {
            let (watchdog, context) = loopBound.value
            watchdog.check = nil
            watchdog.inspect(context: context)
        }
    }

    private func inspect(context: ChannelHandlerContext) {
        guard !fired, context.channel.isActive else { return }
        if let timeout = deadlines.expired(at: context.eventLoop.now) {
            fired = true
            context.fireErrorCaught(timeout)
        } else {
            arm(context: context)
        }
    }
}

@available(*, unavailable)
extension ConnectionWatchdog: Sendable {}

/// Events the connection's owner sends to its `ConnectionWatchdog`.
public enum WatchdogEvent: Sendable {
    /// The handshake completed; only silence counts from now on.
    case handshakeCompleted
}

/// Why a `ConnectionWatchdog` gave up on a peer.
public enum WatchdogTimeout: Error, Hashable, Sendable {
    /// No complete handshake within the limit.
    case handshake
    /// Nothing at all (not even a heartbeat) arrived within the limit.
    case silentPeer
}

extension WatchdogTimeout: CustomStringConvertible {
    public var description: String {
        switch self {
        case .handshake: "The handshake did not complete in time."
        case .silentPeer: "Nothing arrived from the other side for too long (no heartbeat)."
        }
    }
}
