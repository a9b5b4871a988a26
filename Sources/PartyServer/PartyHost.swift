import Logging
import NIOCore
import NIOPosix
import PartyKit
import PartyWire

/// A session host for one game: listens on TCP, handshakes each connection and hands its messages
/// to the session. Run it with `run(onListening:)`; end it with `shutdown(message:)`.
public final class PartyHost<Rules: GameRules>: Sendable {
    /// The secret that marks the host's own player in `hello` (only this process knows it).
    public let hostKey: String
    /// Status changes (players seated, state) for discovery and the host's screen.
    public let statusUpdates: AsyncStream<SessionStatus>

    let options: HostOptions
    let logger: Logger
    let session: Session<Rules>
    let shutdownSignal: AsyncStream<String>
    let shutdownContinuation: AsyncStream<String>.Continuation
    let peerIDs = PeerIDGenerator()

    /// Creates a host; nothing listens until `run`.
    public init(configuration: Rules.Configuration, options: HostOptions, logger: Logger = Logger(label: "partyhost")) {
        self.options = options
        self.logger = logger
        var system = SystemRandomNumberGenerator()
        hostKey = Session<Rules>.hex(bits: 128, using: &system)
        let (updates, continuation) = AsyncStream<SessionStatus>.makeStream(bufferingPolicy: .bufferingNewest(1))
        statusUpdates = updates
        session = Session(configuration: configuration, options: options, hostKey: hostKey, logger: logger, status: continuation)
        (shutdownSignal, shutdownContinuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Asks the running host to end the session: every client is told `message`, then all close.
    public func shutdown(message: String = "The host ended the session.") {
        shutdownContinuation.yield(message)
    }

    /// Listens, serves until `shutdown`, then tells every client and returns when all connections closed.
    /// `onListening` receives the bound address as soon as the port is open.
    public func run(onListening: @Sendable (SocketAddress) async -> Void = { _ in }) async throws {
        let handshake = TimeAmount.milliseconds(options.handshakeTimeoutMilliseconds)
        let silence = TimeAmount.milliseconds(options.peerTimeoutMilliseconds)
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            // Room for a burst of joins (NIO's default is 128; connections beyond a full accept
            // queue hang half-open until the kernel gives up on them).
            .serverChannelOption(.backlog, value: 1024)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            // Client frames are small (a move is ~50 bytes): reads start at 256 bytes, not NIO's
            // 2,048, and grow only for a client that sends more at once.
            .childChannelOption(.recvAllocator, value: AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 256, maximum: 65_536))
            .bind(host: options.bindAddress, port: options.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try WirePipeline.configure(channel, handshakeTimeout: handshake, peerTimeout: silence)
                    return try NIOAsyncChannel<ByteBuffer, Never>(wrappingChannelSynchronously: channel)
                }
            }
        if let address = server.channel.localAddress {
            logger.info("listening on \(address)")
            await onListening(address)
        }
        let session = self.session
        let serverChannel = server.channel
        let signal = shutdownSignal
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask {
                // The clock: wakes the game at its deadlines until the session ends. It looks often
                // only while the game has deadlines (a move may bring one nearer at any moment).
                while await !session.ended {
                    try? await Task.sleep(for: await session.clockInterval)
                    await session.tick()
                }
            }
            group.addTask {
                for await message in signal {
                    await session.end(reason: "hostQuit", message: message)
                    try? await serverChannel.close()
                    return
                }
            }
            try await server.executeThenClose { inbound in
                for try await connection in inbound {
                    let peerID = self.peerIDs.next()
                    group.addTask {
                        await self.serve(connection, peerID: peerID)
                    }
                }
            }
        }
    }

    /// Serves one connection from handshake to close. Its messages are written by its
    /// `ConnectionOutbox` straight to the channel: one task a connection, the reader's.
    func serve(_ connection: NIOAsyncChannel<ByteBuffer, Never>, peerID: Int) async {
        let channel = connection.channel
        let outbox = ConnectionOutbox(channel: channel, limit: options.outboundQueueLimit)
        let peer = PeerLink(id: peerID, outbox: outbox, address: channel.remoteAddress?.ipAddress ?? "unknown")
        do {
            try await connection.executeThenClose { inbound in
                let connections = peerIDs.open()
                defer { peerIDs.closed() }
                if connections > options.maxConnections {
                    peer.send(Reject(reason: "tooManyConnections", message: "The host has too many connections; try again later."))
                    peer.close()
                } else {
                    await ConnectionReader(session: session, peer: peer, channel: channel, logger: logger,
                                           rate: RateLimiter(perSecond: options.messagesPerSecond, burst: options.messageBurst)).run(inbound)
                }
                // The reader closed the outbox; the connection ends when its last messages are out.
                await outbox.closed()
            }
        } catch {
            logger.debug("connection \(peerID) ended: \(error)")
        }
    }
}
