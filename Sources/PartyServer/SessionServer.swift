import Logging
import NIOCore
import NIOPosix
import PartyWire

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What every kind of host does alike: listens, wires each connection to the session on the
/// session's event loop, runs the session's clock, and ends the session when asked.
enum SessionServer {
    /// Listens, serves until `shutdownSignal` yields (or the calling task is cancelled), then tells
    /// every client and returns when all connections closed.
    static func serve(_ session: Session, options: HostOptions, logger: Logger, connections: ConnectionRegistry,
                      shutdownSignal: AsyncStream<String>, onListening: @Sendable (SocketAddress) async -> Void) async throws {
        let handshake = TimeAmount.milliseconds(options.handshakeTimeoutMilliseconds)
        let silence = TimeAmount.milliseconds(options.peerTimeoutMilliseconds)
        // The session and all its connections share one event loop: a message is read, handled by
        // the session and its answers written without a thread hop or a task.
        let server = try await open(on: session.loop, options: options, backlog: 1024, logger: logger,
                                    onListening: onListening) { channel in
            // Every connection counts toward --max-connections and its address's limit from
            // its accept to its close, whatever it turns out to speak: plain HTTP too (idle
            // kept-alive HTTP connections give way to new ones: ConnectionRegistry.admit).
            let address = Self.peerText(channel.remoteAddress)
            let (id, admission) = connections.admit(channel, address: address, now: channel.eventLoop.now)
            // Faster than the accept rate: closed before anything is read or set up.
            guard admission != .tooFast else {
                channel.close(promise: nil)
                return
            }
            let overCapacity = admission == .overCapacity
            channel.closeFuture.whenComplete { _ in connections.closed(id) }
            // HTTP, WebSocket or the framed protocol, by the first byte (PartyWeb); both
            // message transports end in the same session handler.
            try HostTransport.configure(channel, handshake: handshake, overCapacity: overCapacity, assets: options.webAssets,
                                        idleHTTP: { idle in connections.setIdleHTTP(id, idle) }) { channel, framed in
                // A framed connection's messages leave as whole frames, straight to the
                // socket; a WebSocket's as bodies, through its handlers.
                let outbox = ConnectionOutbox(channel: channel, limit: options.outboundQueueLimit, wholeFrames: framed)
                let peer = PeerLink(id: id, outbox: outbox, address: address)
                let handler = ConnectionHandler(session: session, peer: peer, logger: logger,
                                                rate: RateLimiter(perSecond: options.messagesPerSecond, burst: options.messageBurst),
                                                overCapacity: overCapacity,
                                                framing: framed ? FrameSplitter() : nil,
                                                deadlines: PeerDeadlines(handshakeTimeout: handshake, peerTimeout: silence),
                                                onClose: { connections.closed(id) })
                try channel.pipeline.syncOperations.addHandler(handler)
            }
        }
        // The clock: wakes the game at its deadlines until the session ends, on the session's own
        // loop. It looks often only while the game has deadlines (a move may bring one nearer at
        // any moment).
        let clock = SessionClock(session: session)
        clock.start()
        var message = "The host ended the session."
        for await asked in shutdownSignal {
            message = asked
            break
        }
        // Asked to, or cancelled: either way every client is told and the port closes.
        clock.stop()
        let told = await session.end(reason: "hostQuit", message: message)
        try? await server.close()
        // The clients told close once their last messages are written (or after the grace, if they
        // do not take them); every other connection (HTTP ones a browser keeps open, one still in
        // its handshake) closes at once.
        await connections.closeAll(except: told, after: .milliseconds(options.shutdownGraceMilliseconds))
    }

    /// Opens the listening socket on `loop` as `options` says (address, port, send buffer), with
    /// `accept` setting up each accepted connection (on its loop, `loop`); says the bound address
    /// to `onListening`. A port that cannot be opened is a `ListenError`.
    static func open(on loop: any EventLoop, options: HostOptions, backlog: Int32, logger: Logger,
                     onListening: @Sendable (SocketAddress) async -> Void,
                     accept: @escaping @Sendable (any Channel) throws -> Void) async throws -> any Channel {
        let bootstrap = { ServerBootstrap(group: loop)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            // Room for a burst of joins (NIO's default is 128; connections beyond a full accept
            // queue hang half-open until the kernel gives up on them).
            .serverChannelOption(.backlog, value: backlog)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            // Client frames are small (a move is ~50 bytes): reads start at 256 bytes, not NIO's
            // 2,048, and grow only for a client that sends more at once.
            .childChannelOption(.recvAllocator, value: AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 256, maximum: 65_536))
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let bytes = options.sendBufferBytes {
                        try channel.syncOptions?.setOption(.socketOption(.so_sndbuf), value: SocketOptionValue(bytes))
                    }
                    try accept(channel)
                }
            }
        }
        let server: any Channel
        do {
            server = try await listen(bootstrap, on: options.bindAddress, port: options.port)
        } catch {
            throw ListenError.from(error, address: options.bindAddress, port: options.port)
        }
        if let address = server.localAddress {
            logger.info("listening on \(address)")
            await onListening(address)
        }
        return server
    }

    /// Binds the listening socket. `::` (the default) is one socket for both families (IPv6 with
    /// IPV6_V6ONLY off, IPv4 clients arriving as `::ffff:a.b.c.d`); where IPv6 is unavailable (a
    /// kernel or namespace without it) it falls back to IPv4 only on `0.0.0.0`. Any other address
    /// is bound as given, as an address when it is one (no resolver in the way).
    static func listen(_ bootstrap: () -> ServerBootstrap, on address: String, port: Int) async throws -> any Channel {
        if address == HostOptions.bothFamilies {
            do {
                return try await bootstrap()
                    .serverChannelOption(ChannelOptions.Types.SocketOption(level: .init(rawValue: CInt(IPPROTO_IPV6)), name: .init(rawValue: IPV6_V6ONLY)), value: 0)
                    .bind(to: try SocketAddress(ipAddress: "::", port: port))
                    .get()
            } catch {
                return try await bootstrap().bind(to: try SocketAddress(ipAddress: "0.0.0.0", port: port)).get()
            }
        }
        if let literal = try? SocketAddress(ipAddress: address, port: port) {
            return try await bootstrap().bind(to: literal).get()
        }
        return try await bootstrap().bind(host: address, port: port).get()
    }

    /// A peer's address as text, an IPv4 client of the dual-stack socket as its dotted quad.
    static func peerText(_ address: SocketAddress?) -> String {
        guard let text = address?.ipAddress else { return "unknown" }
        if text.hasPrefix("::ffff:"), text.contains(".") { return String(text.dropFirst("::ffff:".count)) }
        return text
    }
}
