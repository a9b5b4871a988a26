import Logging
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The UDP sockets of one advertiser or browser: one socket per interface, each bound to
/// 0.0.0.0:5353 (shared with other responders through SO_REUSEADDR and SO_REUSEPORT), joined to
/// 224.0.0.251 on its interface, sending through that interface (IP_MULTICAST_IF) with loopback of
/// multicast on (IP_MULTICAST_LOOP), so that processes on one machine hear each other. A browser
/// also gets one socket per interface on a port of its own, for one-shot queries. On an interface
/// with IPv6 addresses only, the same over IPv6: bound to [::]:5353 (IPV6_V6ONLY), joined to ff02::fb.
/// Records are the same either way: A and AAAA records travel over whichever family the link has.
final class MDNSTransport: Sendable {
    /// The mDNS port.
    static let port = 5353
    /// The largest packet we send: a 1500-byte Ethernet MTU less IPv4 and UDP headers.
    static let maximumPacketSize = 1472

    /// The interfaces, in the order `ReceivedPacket.interface` counts them.
    let interfaces: [DiscoveryInterface]
    /// Every datagram received, tagged with the interface it came in on.
    let packets: AsyncStream<ReceivedPacket>
    private let channels: [any Channel]
    /// Per interface, a socket on an ephemeral port (empty unless asked for): queries sent from it
    /// are answered by unicast to it (RFC 6762 section 5.1).
    private let oneShotChannels: [any Channel]
    private let continuation: AsyncStream<ReceivedPacket>.Continuation
    private let logger: Logger

    private init(interfaces: [DiscoveryInterface], channels: [any Channel], oneShotChannels: [any Channel], packets: AsyncStream<ReceivedPacket>, continuation: AsyncStream<ReceivedPacket>.Continuation, logger: Logger) {
        self.interfaces = interfaces
        self.channels = channels
        self.oneShotChannels = oneShotChannels
        self.packets = packets
        self.continuation = continuation
        self.logger = logger
    }

    /// Opens the sockets (with `oneShot`, also those for one-shot queries), runs `body`, and closes
    /// them afterwards whatever happens.
    static func withTransport<Result: Sendable>(
        isolation: isolated (any Actor)? = #isolation,
        interfaces choice: DiscoveryInterfaces,
        oneShot: Bool = false,
        eventLoopGroup: any EventLoopGroup,
        logger: Logger,
        _ body: (MDNSTransport) async throws -> Result
    ) async throws -> Result {
        let transport = try await open(interfaces: choice, oneShot: oneShot, eventLoopGroup: eventLoopGroup, logger: logger)
        do {
            let result = try await body(transport)
            await transport.close()
            return result
        } catch {
            await transport.close()
            throw error
        }
    }

    private static func open(interfaces choice: DiscoveryInterfaces, oneShot: Bool, eventLoopGroup: any EventLoopGroup, logger: Logger) async throws -> MDNSTransport {
        let interfaces = try choice.resolve()
        let (stream, continuation) = AsyncStream.makeStream(of: ReceivedPacket.self, bufferingPolicy: .bufferingNewest(512))
        var channels: [any Channel] = []
        var oneShotChannels: [any Channel] = []
        do {
            for (slot, interface) in interfaces.enumerated() {
                channels.append(try await openChannel(slot: slot, interface: interface, continuation: continuation, eventLoopGroup: eventLoopGroup))
                if oneShot {
                    oneShotChannels.append(try await openChannel(slot: slot, interface: interface, port: 0, continuation: continuation,
                                                                 eventLoopGroup: eventLoopGroup))
                }
            }
        } catch {
            for channel in channels + oneShotChannels { try? await channel.close() }
            continuation.finish()
            throw DiscoveryError.socketFailed("\(error)")
        }
        logger.debug("mDNS sockets open", metadata: ["interfaces": "\(interfaces.map(\.name))"])
        return MDNSTransport(interfaces: interfaces, channels: channels, oneShotChannels: oneShotChannels, packets: stream,
                             continuation: continuation, logger: logger)
    }

    /// A socket on `interface`: on 5353 and in the group (shared with other responders), or on
    /// an ephemeral port (`port` 0) that only sends through the interface and hears unicast replies.
    private static func openChannel(slot: Int, interface: DiscoveryInterface, port: Int = MDNSTransport.port,
                                    continuation: AsyncStream<ReceivedPacket>.Continuation, eventLoopGroup: any EventLoopGroup) async throws -> any Channel {
        let interfaceIndex = interface.index
        let shared = port == Self.port
        let ipv6Only = interface.address == nil
        var bootstrap = DatagramBootstrap(group: eventLoopGroup)
            .channelOption(.socketOption(.so_reuseaddr), value: shared ? 1 : 0)
            .channelOption(.socketOption(NIOBSDSocket.Option(rawValue: SO_REUSEPORT)), value: shared ? 1 : 0)
            .channelOption(.receivePacketInfo, value: true)
        if ipv6Only {
            // Only IPv6 on this socket, so that it never shares 5353 with IPv4 traffic.
            bootstrap = bootstrap.channelOption(
                ChannelOptions.Types.SocketOption(level: .init(rawValue: CInt(IPPROTO_IPV6)), name: .init(rawValue: IPV6_V6ONLY)), value: 1)
        }
        let channel = try await bootstrap
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        DatagramReceiver(slot: slot, interfaceIndex: interfaceIndex, continuation: continuation)
                    )
                }
            }
            // The IPv4 wildcard as an address: `bind(host:)` resolves "0.0.0.0" with getaddrinfo, which
            // on a machine whose only non-loopback addresses are IPv6 (AI_ADDRCONFIG) returns
            // ::ffff:0.0.0.0, and joining an IPv4 group on that socket fails.
            .bind(to: try SocketAddress(ipAddress: ipv6Only ? "::" : "0.0.0.0", port: port))
            .get()
        do {
            guard let multicast = channel as? any MulticastChannel, let options = channel as? any SocketOptionProvider
            else { throw DiscoveryError.socketFailed("the channel does not support multicast") }
            if ipv6Only {
                if shared { try await multicast.joinGroup(try Self.group(ipv6: true), device: interface.device).get() }
                try await options.setIPv6MulticastIF(CUnsignedInt(interfaceIndex)).get()
                try await options.setIPv6MulticastLoop(1).get()
                try await options.setIPv6MulticastHops(255).get()
                return channel
            }
            guard case .v4(let address)? = interface.device.address
            else { throw DiscoveryError.socketFailed("the interface has no IPv4 address") }
            if shared {
                try await multicast.joinGroup(try Self.group(ipv6: false), device: interface.device).get()
            }
            try await options.setIPMulticastIF(address.address.sin_addr).get()
            try await options.setIPMulticastLoop(1).get()
            try await options.setIPMulticastTTL(255).get()
            return channel
        } catch {
            try? await channel.close()
            throw error
        }
    }

    /// The mDNS group: 224.0.0.251:5353, or [ff02::fb]:5353 (sent through the socket's interface).
    static func group(ipv6: Bool) throws -> SocketAddress {
        try SocketAddress(ipAddress: ipv6 ? "ff02::fb" : "224.0.0.251", port: Self.port)
    }

    /// Sends `message` to the mDNS group (of the interface's family) on one interface, or on every
    /// interface when nil.
    func sendMulticast(_ message: DNSMessage, interface: Int? = nil) async {
        for slot in channels.indices where interface == nil || interface == slot {
            guard let group = try? Self.group(ipv6: interfaces[slot].address == nil) else { continue }
            await send(message, to: group, interface: slot)
        }
    }

    /// Sends `message` as a one-shot query (RFC 6762 section 5.1) to 224.0.0.251:5353 from each
    /// interface's ephemeral-port socket: responders answer it at once by unicast, however recently
    /// they multicast the answer. Does nothing on a transport opened without `oneShot`.
    func sendOneShot(_ message: DNSMessage) async {
        for slot in oneShotChannels.indices {
            guard let group = try? Self.group(ipv6: interfaces[slot].address == nil) else { continue }
            await send(message, to: group, through: oneShotChannels[slot], interface: slot)
        }
    }

    /// Sends `message` to one address from the socket of one interface, split to fit the MTU.
    /// Not cancellable on purpose: goodbyes must still go out while a task is being cancelled.
    func send(_ message: DNSMessage, to destination: SocketAddress, interface: Int) async {
        guard channels.indices.contains(interface) else { return }
        await send(message, to: destination, through: channels[interface], interface: interface)
    }

    private func send(_ message: DNSMessage, to destination: SocketAddress, through channel: any Channel, interface: Int) async {
        for packet in message.splitForSending(maximumSize: Self.maximumPacketSize) {
            var buffer = channel.allocator.buffer(capacity: 512)
            buffer.writeBytes(packet.serialized())
            do {
                try await channel.writeAndFlush(AddressedEnvelope(remoteAddress: destination, data: buffer)).get()
            } catch {
                logger.debug("mDNS send failed", metadata: ["error": "\(error)", "interface": "\(interfaces[interface].name)"])
            }
        }
    }

    /// Closes every socket and ends `packets`.
    func close() async {
        for channel in channels + oneShotChannels { try? await channel.close() }
        continuation.finish()
    }
}

/// A datagram as received.
struct ReceivedPacket: Sendable {
    /// The raw bytes.
    let bytes: [UInt8]
    /// Who sent it.
    let source: SocketAddress
    /// Which of the transport's interfaces it came in on.
    let interface: Int
}

/// Passes each datagram that arrived on this socket's own interface into the transport's stream.
/// Every socket bound to 5353 gets every multicast packet (IP_MULTICAST_ALL), so packets from other
/// interfaces are dropped here using the packet-info metadata.
private final class DatagramReceiver: ChannelInboundHandler, Sendable {
    typealias InboundIn = AddressedEnvelope<ByteBuffer>

    let slot: Int
    let interfaceIndex: Int
    let continuation: AsyncStream<ReceivedPacket>.Continuation

    init(slot: Int, interfaceIndex: Int, continuation: AsyncStream<ReceivedPacket>.Continuation) {
        self.slot = slot
        self.interfaceIndex = interfaceIndex
        self.continuation = continuation
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let envelope = Self.unwrapInboundIn(data)
        if let info = envelope.metadata?.packetInfo, info.interfaceIndex != interfaceIndex { return }
        let bytes = envelope.data.getBytes(at: envelope.data.readerIndex, length: envelope.data.readableBytes) ?? []
        continuation.yield(ReceivedPacket(bytes: bytes, source: envelope.remoteAddress, interface: slot))
    }
}
