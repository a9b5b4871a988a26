import NIOCore
import NIOPosix

/// Asks one DNS server: a message over UDP (sent again after 1 s, 2 s… until the timeout), and over
/// TCP when the UDP answer is truncated (RFC 1035 section 4.2, RFC 7766).
public struct UnicastDNSClient: Sendable {
    /// The server.
    public var server: DNSServerAddress
    /// How long to wait for an answer, in all.
    public var timeout: Duration

    /// Creates a client for `server`.
    public init(server: DNSServerAddress, timeout: Duration = .seconds(5)) {
        self.server = server
        self.timeout = timeout
    }

    /// Asks one question (recursion desired, so a recursive resolver will find the answer) and
    /// returns the answer.
    public func query(_ name: DNSName, type: DNSRecordType) async throws(WideAreaError) -> DNSMessage {
        var message = DNSMessage(id: UInt16.random(in: 1...UInt16.max), questions: [DNSQuestion(name: name, type: type)])
        message.recursionDesired = true
        let answer = try await exchange(message.serialized())
        do {
            return try DNSMessage(bytes: answer)
        } catch {
            throw .badAnswer(server: server.description, reason: "\(error)")
        }
    }

    /// Sends `bytes` (a whole message) and returns the answer with the same ID: over UDP, then
    /// over TCP when that answer has the truncation bit or the message is too big for UDP.
    public func exchange(_ bytes: [UInt8]) async throws(WideAreaError) -> [UInt8] {
        let address = try server.socketAddress()
        if bytes.count <= 512 {
            let answer = try await limited { try await self.udp(bytes, to: address) }
            guard answer.count >= 3, answer[2] & 0x02 != 0 else { return answer }
        }
        return try await limited { try await self.tcp(bytes, to: address) }
    }

    /// Sends `bytes` over UDP only and returns the answer as it came (truncated or not).
    func exchangeOverUDP(_ bytes: [UInt8]) async throws(WideAreaError) -> [UInt8] {
        let address = try server.socketAddress()
        return try await limited { try await self.udp(bytes, to: address) }
    }

    /// Sends `bytes` over TCP only.
    func exchangeOverTCP(_ bytes: [UInt8]) async throws(WideAreaError) -> [UInt8] {
        let address = try server.socketAddress()
        return try await limited { try await self.tcp(bytes, to: address) }
    }

    /// Runs `body` for at most `timeout`, turning errors into `WideAreaError`.
    private func limited(_ body: @escaping @Sendable () async throws -> [UInt8]) async throws(WideAreaError) -> [UInt8] {
        let server = self.server.description
        let timeout = self.timeout
        do {
            return try await withThrowingTaskGroup(of: [UInt8]?.self) { group in
                group.addTask { try await body() }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let answer = first else {
                    throw WideAreaError.timeout(server: server, seconds: Int(timeout.components.seconds))
                }
                return answer
            }
        } catch let error as WideAreaError {
            throw error
        } catch let error as IOError {
            throw .network(server: server, reason: Self.reason(error))
        } catch {
            throw .network(server: server, reason: "\(error)")
        }
    }

    static func reason(_ error: IOError) -> String {
        switch error.errnoCode {
        case ECONNREFUSED: "connection refused (nothing listens there)"
        case ENETUNREACH, EHOSTUNREACH: "no route to it"
        default: "\(error)"
        }
    }

    private static func id(_ bytes: [UInt8]) -> UInt16 {
        bytes.count >= 2 ? UInt16(bytes[0]) << 8 | UInt16(bytes[1]) : 0
    }

    private func udp(_ bytes: [UInt8], to address: SocketAddress) async throws -> [UInt8] {
        let channel = try await DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: address.protocol == .inet6 ? "::" : "0.0.0.0", port: 0) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<AddressedEnvelope<ByteBuffer>, AddressedEnvelope<ByteBuffer>>(wrappingChannelSynchronously: channel)
                }
            }
        let id = Self.id(bytes)
        return try await channel.executeThenClose { inbound, outbound in
            let envelope = AddressedEnvelope(remoteAddress: address, data: ByteBuffer(bytes: bytes))
            return try await withThrowingTaskGroup(of: [UInt8]?.self) { group in
                group.addTask {
                    for try await reply in inbound where reply.remoteAddress == address {
                        let answer = Array(reply.data.readableBytesView)
                        if answer.count >= 12, Self.id(answer) == id, answer[2] & 0x80 != 0 { return answer }
                    }
                    return nil
                }
                group.addTask {
                    var interval = Duration.seconds(1)
                    while true {
                        try await outbound.write(envelope)
                        try await Task.sleep(for: interval)
                        interval *= 2
                    }
                }
                defer { group.cancelAll() }
                while let result = try await group.next() {
                    if let answer = result { return answer }
                }
                throw IOError(errnoCode: ECONNRESET, reason: "the UDP socket closed")
            }
        }
    }

    private func tcp(_ bytes: [UInt8], to address: SocketAddress) async throws -> [UInt8] {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(Int64(timeout.components.seconds)))
            .connect(to: address) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            var request = ByteBuffer()
            request.writeInteger(UInt16(bytes.count))
            request.writeBytes(bytes)
            try await outbound.write(request)
            var received = ByteBuffer()
            for try await chunk in inbound {
                received.writeImmutableBuffer(chunk)
                guard let length = received.getInteger(at: received.readerIndex, as: UInt16.self),
                      received.readableBytes >= 2 + Int(length) else { continue }
                return Array(received.readableBytesView.dropFirst(2).prefix(Int(length)))
            }
            throw IOError(errnoCode: ECONNRESET, reason: "the server closed the TCP connection before answering")
        }
    }
}
