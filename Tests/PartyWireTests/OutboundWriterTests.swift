import NIOCore
import NIOEmbedded
import NIOExtras
import PartyWire
import Testing

/// `OutboundWriter` writing into an `NIOAsyncChannel` that wraps an `NIOAsyncTestingChannel`
/// (with the length prepender, as on a real connection).
@Suite("OutboundWriter", .timeLimit(.minutes(1)))
struct OutboundWriterTests {
    /// Runs a writer over a test channel; `feed` queues messages; returns the frames written.
    static func written(
        heartbeat: Duration = .seconds(3600), frames count: Int,
        feed: @Sendable (AsyncStream<Outbound>.Continuation) -> Void
    ) async throws -> [WrittenFrame] {
        let channel = try await NIOAsyncTestingChannel { channel in
            try channel.pipeline.syncOperations.addHandler(
                LengthFieldPrepender(lengthFieldLength: .four, lengthFieldEndianness: .big))
        }
        try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 9))
        let wrapped = try await channel.eventLoop.submit {
            try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
        }.get()
        let (queue, continuation) = AsyncStream<Outbound>.makeStream()
        feed(continuation)
        try await wrapped.executeThenClose { _, outbound in
            await OutboundWriter().run(queue: queue, continuation: continuation, outbound: outbound, heartbeatInterval: heartbeat)
        }
        var stream = ByteBuffer()
        var frames: [WrittenFrame] = []
        while frames.count < count {
            var part = try await channel.waitForOutboundWrite(as: ByteBuffer.self)
            stream.writeBuffer(&part)
            while let length = stream.getInteger(at: stream.readerIndex, endianness: .big, as: UInt32.self),
                  stream.readableBytes >= 4 + Int(length) {
                stream.moveReaderIndex(forwardBy: 4)
                let body = stream.readSlice(length: Int(length))!
                let object = try jsonObject(body)
                frames.append(WrittenFrame(type: object["type"] as? String, seq: object["seq"] as? Int))
            }
        }
        return frames
    }

    @Test("messages are numbered 1, 2, 3… in queue order, and nothing follows close")
    func numbering() async throws {
        let frames = try await Self.written(frames: 3) { queue in
            queue.yield(.message(Ready()))
            queue.yield(.message(MoveMessage(move: SampleMove(column: 4))))
            queue.yield(.message(Leave()))
            queue.yield(.close)
            queue.yield(.message(Heartbeat()))
        }
        #expect(frames.map { $0.seq } == [1, 2, 3])
        #expect(frames.map { $0.type } == ["ready", "move", "leave"])
    }

    @Test("heartbeats are sent when nothing else is, numbered like any message")
    func heartbeats() async throws {
        let frames = try await Self.written(heartbeat: .milliseconds(20), frames: 3) { queue in
            queue.yield(.message(Ready()))
            Task {
                try? await Task.sleep(for: .milliseconds(120))
                queue.yield(.close)
            }
        }
        #expect(frames.first?.type == "ready")
        #expect(frames.dropFirst().allSatisfy { $0.type == "heartbeat" })
        #expect(frames.map { $0.seq } == [1, 2, 3])
    }
}

/// The envelope of one frame the writer wrote.
struct WrittenFrame: Sendable {
    /// Its `type`.
    var type: String?
    /// Its `seq`.
    var seq: Int?
}
