import Foundation
import NIOCore
import NIOPosix
import PartyWire
import Synchronization

/// A test client that speaks raw bytes, so tests can send anything at all and read every frame.
struct RawClient {
    var inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    var buffer = ByteBuffer()
    var seq = 0
    /// The body of the last frame `next()` read, as the host sent it.
    var lastFrame = ""
    /// The channel, closed by the watchdog of a read that waits too long.
    let channel: (any Channel)?
    /// The types of the last frames read, newest last: what a stuck test had seen.
    var recent: [String] = []
    /// Since when reads have returned nothing but heartbeats (nil after any other message): a wait
    /// that skips heartbeats is one wait, however many arrive.
    var quietSince: ContinuousClock.Instant?

    /// How long one wait may see nothing but heartbeats before the test fails saying what it had
    /// seen (a hang otherwise ends only at the suite's time limit, which does not say where).
    /// Beside four CPU hogs whole tests took 440 s, no single wait a minute.
    static let patience: Duration = .seconds(300)

    init(inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator, outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>,
         channel: (any Channel)? = nil) {
        self.inbound = inbound
        self.outbound = outbound
        self.channel = channel
    }

    /// Connects to 127.0.0.1:`port` and runs `body` with the client; closes afterwards.
    /// `receiveBuffer` sets the socket's receive buffer (a small one makes a client that does not
    /// read fill up quickly). `from` is the client's own address (another of loopback's
    /// 127.0.0.0/8, as a second device would have): by default the system's choice, 127.0.0.1.
    static func with<T: Sendable>(port: Int, receiveBuffer: Int? = nil, from: String? = nil,
                                  _ body: (inout RawClient) async throws -> T) async throws -> T {
        var bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        if let receiveBuffer {
            bootstrap = bootstrap.channelOption(.socketOption(.so_rcvbuf), value: SocketOptionValue(receiveBuffer))
        }
        if let from {
            bootstrap = bootstrap.bind(to: try SocketAddress(ipAddress: from, port: 0))
        }
        let channel = try await bootstrap
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        let socket = channel.channel
        return try await channel.executeThenClose { inbound, outbound in
            var client = RawClient(inbound: inbound.makeAsyncIterator(), outbound: outbound, channel: socket)
            return try await body(&client)
        }
    }

    /// Sends bytes as they are.
    func sendBytes(_ bytes: [UInt8]) async throws {
        try await outbound.write(ByteBuffer(bytes: bytes))
    }

    /// Sends `body` in a correctly framed frame.
    func sendFrame(_ body: String) async throws {
        var frame = ByteBuffer()
        frame.writeInteger(UInt32(body.utf8.count), endianness: .big)
        frame.writeString(body)
        try await outbound.write(frame)
    }

    /// Sends a JSON object with `type`, the next `seq` and the given extra fields (JSON text without braces).
    mutating func send(_ type: String, _ fields: String = "") async throws {
        seq += 1
        let extra = fields.isEmpty ? "" : ", \(fields)"
        try await sendFrame("{\"type\": \"\(type)\", \"seq\": \(seq)\(extra)}")
    }

    /// Says hello with a name.
    mutating func hello(_ name: String = "Tester", hostKey: String? = nil, extra: String = "") async throws {
        let key = hostKey.map { ", \"hostKey\": \"\($0)\"" } ?? ""
        let more = extra.isEmpty ? "" : ", \(extra)"
        try await send("hello", "\"protocol\": 1, \"client\": \"test\", \"clientVersion\": \"1\", \"name\": \"\(name)\"\(key)\(more)")
    }

    /// The next frame as a JSON object, or nil when the host closed the connection.
    mutating func next() async throws -> [String: Any]? {
        let since = quietSince ?? .now
        quietSince = since
        while true {
            if let length = buffer.getInteger(at: buffer.readerIndex, endianness: .big, as: UInt32.self),
               buffer.readableBytes >= 4 + Int(length) {
                buffer.moveReaderIndex(forwardBy: 4)
                let bytes = buffer.readBytes(length: Int(length)) ?? []
                lastFrame = String(decoding: bytes, as: UTF8.self)
                let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
                let type = object?["type"] as? String ?? "?"
                recent.append(type)
                if recent.count > 12 { recent.removeFirst() }
                if type != "heartbeat" { quietSince = nil }
                return object
            }
            let expired = Atomic<Bool>(false)
            let watchdog = Task { [channel] in
                try await Task.sleep(until: since + Self.patience)
                expired.store(true, ordering: .sequentiallyConsistent)
                try? await channel?.close()
            }
            let more = try await inbound.next()
            watchdog.cancel()
            if expired.load(ordering: .sequentiallyConsistent) { throw RawClientError.nothingCame(after: Self.patience, seen: recent) }
            // (Heartbeats alone do not count as something: they come every few seconds whatever the test waits for.)
            guard var more else { return nil }
            buffer.writeBuffer(&more)
        }
    }

    /// The next frame of `type` (skipping heartbeats and other types), or nil at close.
    mutating func next(_ type: String) async throws -> [String: Any]? {
        while let message = try await next() {
            if message["type"] as? String == type { return message }
        }
        return nil
    }

    /// Reads until the host closes; returns the types received on the way.
    mutating func drainUntilClosed() async throws -> [String] {
        var types: [String] = []
        do {
            while let message = try await next() { types.append(message["type"] as? String ?? "?") }
        } catch {
            // A reset instead of a clean close is a close too.
        }
        return types
    }
}

/// Why a raw client's read failed.
enum RawClientError: Error, CustomStringConvertible {
    /// The host sent nothing for `after`; the types of the last frames read before.
    case nothingCame(after: Duration, seen: [String])

    var description: String {
        switch self {
        case let .nothingCame(after, seen):
            "nothing came from the host for \(after); the last frames read: \(seen.joined(separator: ", "))"
        }
    }
}
