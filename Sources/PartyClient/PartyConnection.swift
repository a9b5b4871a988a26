import NIOCore
import NIOPosix
import PartyKit
import PartyWire

/// A client's connection to a session host: sends messages, delivers what the host says as events.
///
/// Use it scoped: `try await PartyConnection.withConnection(to:hello:) { connection, welcome in … }`.
/// The connection closes when the closure returns (after a `leave` if the closure did not end the
/// session some other way).
public struct PartyConnection: Sendable {
    /// Everything the host says after the welcome, in order; ends with `.disconnected`.
    public let events: AsyncStream<ClientEvent>
    let queue: AsyncStream<Outbound>.Continuation

    /// Sends a message to the host (queued; numbered on the way out).
    public func send(_ message: any WireMessage) {
        queue.yield(.message(message))
    }

    /// Says goodbye and closes the connection.
    public func leave() {
        queue.yield(.message(Leave()))
        queue.yield(.close)
        queue.finish()
    }

    /// Connects over `transport` (framed TCP, or a WebSocket to `address`'s `/ws` or a room's
    /// `/CODE/ws`, plain or TLS), says `hello`, waits for the welcome and runs `body` with the connection.
    public static func withConnection<Result: Sendable>(
        to address: HostAddress,
        hello: Hello,
        transport: ClientTransport = .framed,
        connectTimeout: Duration = .seconds(5),
        timeouts: ClientTimeouts = .protocolLimits,
        body: @Sendable (PartyConnection, Welcome) async throws -> Result
    ) async throws -> Result {
        let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
        do {
            // Several addresses (a discovered host's IPv4 and IPv6 ones): happy eyeballs.
            channel = try await ConnectionRace.first(address.hosts, close: { try? await $0.channel.close() }) { host in
                switch transport {
                case .framed:
                    try await connect(host: host, port: address.port, timeout: connectTimeout, timeouts: timeouts)
                case .webSocket(let target):
                    try await WebSocketConnector.connect(target, host: host, timeout: connectTimeout, timeouts: timeouts)
                }
            }
        } catch let error as ClientError {
            throw error
        } catch {
            if case .webSocket(let target) = transport, let problem = CertificateProblem(error) {
                throw ClientError.untrustedCertificate(server: "https://\(target.hostHeader)", detail: problem.description)
            }
            throw ClientError.cannotConnect(host: address.host, port: address.port, detail: Self.describe(error))
        }
        return try await channel.executeThenClose { inbound, outbound in
            let (queue, queueContinuation) = AsyncStream<Outbound>.makeStream()
            let (events, eventContinuation) = AsyncStream<ClientEvent>.makeStream()
            let connection = PartyConnection(events: events, queue: queueContinuation)
            let rawChannel = channel.channel
            return try await withThrowingTaskGroup(of: Result?.self) { group in
                group.addTask {
                    await OutboundWriter().run(queue: queue, continuation: queueContinuation, outbound: outbound)
                    rawChannel.close(promise: nil)
                    return nil
                }
                group.addTask {
                    await EventReader(channel: rawChannel).run(inbound, into: eventContinuation)
                    return nil
                }
                connection.send(hello)
                var iterator = events.makeAsyncIterator()
                let welcome: Welcome
                switch await iterator.next() {
                case .welcome(let message)?:
                    welcome = message
                case .rejected(let reject)?:
                    connection.close()
                    throw ClientError.rejected(reason: reject.reason, message: reject.message)
                case .error(let error)?:
                    connection.close()
                    throw ClientError.rejected(reason: error.reason, message: error.message)
                case .disconnected(let why)?:
                    connection.close()
                    throw ClientError.closedDuringHandshake(why)
                default:
                    connection.close()
                    throw ClientError.closedDuringHandshake("the host did not answer hello")
                }
                rawChannel.pipeline.fireUserInboundEventTriggered(WatchdogEvent.handshakeCompleted)
                let result: Result
                do {
                    result = try await body(connection, welcome)
                } catch {
                    connection.leave()
                    throw error
                }
                connection.leave()
                for try await _ in group {}
                return result
            }
        }
    }

    /// One TCP connection with the wire pipeline: to a literal address (an IPv6 one may carry a
    /// zone, `fe80::1%eth0`) as it is, to a name through NIO's resolver.
    static func connect(host: String, port: Int, timeout: Duration, timeouts: ClientTimeouts = .protocolLimits) async throws -> NIOAsyncChannel<ByteBuffer, ByteBuffer> {
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.milliseconds(Int64(timeout.components.seconds * 1000)))
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
        let initializer: @Sendable (any Channel) -> EventLoopFuture<NIOAsyncChannel<ByteBuffer, ByteBuffer>> = { channel in
            channel.eventLoop.makeCompletedFuture {
                try WirePipeline.configure(channel,
                                           handshakeTimeout: .milliseconds(timeouts.handshake.wholeMilliseconds),
                                           peerTimeout: .milliseconds(timeouts.silence.wholeMilliseconds))
                return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
            }
        }
        if let literal = ConnectionRace.literal(host, port: port) {
            return try await bootstrap.connect(to: literal, channelInitializer: initializer)
        }
        return try await bootstrap.connect(host: host, port: port, channelInitializer: initializer)
    }

    func close() {
        queue.yield(.close)
        queue.finish()
    }

    static func describe(_ error: any Error) -> String {
        let text = "\(error)"
        if text.contains("connectTimeout") || text.contains("timeout") { return "timed out" }
        if text.contains("refused") || text.contains("111") { return "connection refused" }
        return text
    }
}
