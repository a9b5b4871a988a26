import NIOCore
import PartyWire

/// The first handler on every accepted connection: decides from the connection's first byte whether
/// it speaks HTTP or the framed protocol, installs that pipeline behind itself and leaves.
///
/// The rule: a first byte that is an ASCII capital letter (0x41–0x5A, as every HTTP method begins:
/// `GET `, `HEAD `, `POST `…) makes the connection HTTP; any other first byte makes it framed. A
/// framed connection begins with a 4-byte big-endian body length of at most 65,536, so its first byte
/// is always 0x00; a first byte of 0x41 or more would announce a body of at least 0x41000000 bytes
/// (1 GiB), which the framed protocol refuses anyway. No valid framed client is ever taken for HTTP,
/// and one byte is enough to decide.
final class TransportSniffer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    static let name = "partyweb.sniffer"

    /// Whether a connection whose first byte is `byte` is HTTP.
    static func isHTTP(firstByte byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) }

    private let timeout: TimeAmount
    private let configureWire: (any Channel) throws -> Void
    private let configureHTTP: (any Channel) throws -> Void
    private var timer: Scheduled<Void>?
    private var decided = false

    init(timeout: TimeAmount,
         configureWire: @escaping (any Channel) throws -> Void,
         configureHTTP: @escaping (any Channel) throws -> Void) {
        self.timeout = timeout
        self.configureWire = configureWire
        self.configureHTTP = configureHTTP
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context: context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    /// Not passed on: the handlers installed later receive their own `channelActive`.
    func channelActive(context: ChannelHandlerContext) {
        arm(context: context)
    }

    private func arm(context: ChannelHandlerContext) {
        guard timer == nil else { return }
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        let sniffer = NIOLoopBound(self, eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(in: timeout) {
            sniffer.value.silent(context: bound.value)
        }
    }

    /// Nothing arrived in time. HTTP clients always speak first, so this is a framed client that never
    /// said hello: it gets the framed pipeline and the handshake timeout it has always got (the
    /// host's handler answers `error handshakeTimeout` and closes).
    private func silent(context: ChannelHandlerContext) {
        timer = nil
        guard !decided, context.channel.isActive else { return }
        decided = true
        do {
            try configureWire(context.channel)
        } catch {
            context.close(promise: nil)
            return
        }
        context.fireChannelActive()
        context.fireErrorCaught(WatchdogTimeout.handshake)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        guard !decided, let first = buffer.getInteger(at: buffer.readerIndex, as: UInt8.self) else { return }
        decided = true
        timer?.cancel()
        timer = nil
        do {
            if Self.isHTTP(firstByte: first) {
                try configureHTTP(context.channel)
            } else {
                try configureWire(context.channel)
            }
        } catch {
            context.close(promise: nil)
            return
        }
        context.fireChannelActive()
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        if decided { context.fireChannelInactive() }
    }
}

@available(*, unavailable)
extension TransportSniffer: Sendable {}
