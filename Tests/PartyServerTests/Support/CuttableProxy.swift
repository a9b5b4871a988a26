import NIOCore
import NIOPosix
import Synchronization

/// A TCP relay on loopback between test clients and a host, whose connections a test can cut at
/// once — a lost Wi-Fi link, as the host and the client see it.
final class CuttableProxy: Sendable {
    private let server: Mutex<any Channel>
    private let open = Mutex<[any Channel]>([])
    private let refusing = Mutex(false)
    /// The host's port.
    private let target: Int
    /// The port clients connect to (the same after `listenAgain`).
    let port: Int

    private init(server: any Channel, target: Int) {
        self.server = Mutex(server)
        self.target = target
        port = server.localAddress?.port ?? 0
    }

    /// Starts relaying 127.0.0.1:(new port) → 127.0.0.1:`target`.
    static func start(to target: Int) async throws -> CuttableProxy {
        let box = Mutex<CuttableProxy?>(nil)
        let server = try await listen(port: 0, to: target) { box.withLock { $0 } }
        let proxy = CuttableProxy(server: server, target: target)
        box.withLock { $0 = proxy }
        return proxy
    }

    /// A listener on 127.0.0.1:`port` relaying to `target` for the proxy `owner` gives (nil: none yet).
    private static func listen(port: Int, to target: Int, owner: @escaping @Sendable () -> CuttableProxy?) async throws -> any Channel {
        try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { inbound in
                guard let proxy = owner(), !proxy.refusing.withLock({ $0 }) else {
                    return inbound.close()
                }
                return ClientBootstrap(group: inbound.eventLoop)
                    .connect(host: "127.0.0.1", port: target)
                    .flatMap { outbound in
                        proxy.open.withLock { $0 += [inbound, outbound] }
                        return inbound.pipeline.addHandler(Relay(partner: outbound)).flatMap {
                            outbound.pipeline.addHandler(Relay(partner: inbound))
                        }
                    }
            }
            .bind(host: "127.0.0.1", port: port).get()
    }

    /// Listens again on the same port after `stopListening` (a host started again where it was).
    func listenAgain() async throws {
        let channel = try await Self.listen(port: port, to: target) { [weak self] in self }
        server.withLock { $0 = channel }
    }

    /// Cuts every relayed connection (both sides see it close), and refuses new ones while `refuse` is true.
    func cut(refuse: Bool = false) {
        refusing.withLock { $0 = refuse }
        let channels = open.withLock { channels in
            defer { channels.removeAll() }
            return channels
        }
        for channel in channels { channel.close(promise: nil) }
    }

    /// Cuts every open connection and returns once each is closed, so that nothing the client
    /// sends afterwards (a `leave` on its way out, say) can still slip through to the host.
    func cutAndWait() async {
        let channels = open.withLock { channels in
            defer { channels.removeAll() }
            return channels
        }
        for channel in channels { try? await channel.close() }
    }

    /// Accepts new connections again.
    func restore() {
        refusing.withLock { $0 = false }
    }

    /// Closes the listening port (new connections are refused, as by a host that is gone); the
    /// relayed connections stay.
    func stopListening() async {
        try? await server.withLock { $0 }.close()
    }

    /// Stops the proxy.
    func stop() async {
        cut()
        try? await server.withLock { $0 }.close()
    }
}

/// Copies everything read on one channel to its partner, and closes the partner on close.
private final class Relay: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    let partner: any Channel

    init(partner: any Channel) { self.partner = partner }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        partner.writeAndFlush(unwrapInboundIn(data), promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        partner.close(promise: nil)
        context.fireChannelInactive()
    }
}
