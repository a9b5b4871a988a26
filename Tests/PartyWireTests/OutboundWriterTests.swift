import NIOCore
import NIOEmbedded
import NIOExtras
import PartyWire
import Testing

/// `OutboundWriter` writing into an `NIOAsyncChannel` that wraps an `NIOAsyncTestingChannel`
/// (with the length prepender, as on a real connection).
/// The time limit is the suite's hang guard (a writer that never sends a heartbeat never ends the
/// test), not a timing goal: in the busiest minutes of a CI run on two cores both tests once waited
/// over a minute for the concurrency pool, so it allows five.
@Suite("OutboundWriter", .timeLimit(.minutes(5)))
struct OutboundWriterTests {
    /// Runs a writer over a test channel; `feed` queues messages; returns the first `count` frames
    /// written, read while the writer runs. With `closeOnceRead` the queue is closed once they have
    /// been read (not after a time of the test's own: a loaded machine may wake the writer late).
    static func written(
        heartbeat: Duration = .seconds(3600), frames count: Int, closeOnceRead: Bool = false,
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
        return try await withThrowingTaskGroup(of: [WrittenFrame]?.self) { group in
            group.addTask {
                try await wrapped.executeThenClose { _, outbound in
                    await OutboundWriter().run(queue: queue, continuation: continuation, outbound: outbound, heartbeatInterval: heartbeat)
                }
                return nil
            }
            group.addTask {
                let frames = try await Self.read(count, from: channel)
                if closeOnceRead { continuation.yield(.close) }
                return frames
            }
            var frames: [WrittenFrame] = []
            for try await read in group { if let read { frames = read } }
            return frames
        }
    }

    /// Reads the first `count` length-prefixed frames written to `channel`, waiting for each.
    static func read(_ count: Int, from channel: NIOAsyncTestingChannel) async throws -> [WrittenFrame] {
        var stream = ByteBuffer()
        var frames: [WrittenFrame] = []
        while frames.count < count {
            var part = try await channel.waitForOutboundWrite(as: ByteBuffer.self)
            stream.writeBuffer(&part)
            while frames.count < count,
                  let length = stream.getInteger(at: stream.readerIndex, endianness: .big, as: UInt32.self),
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
        // Nothing but `ready` is queued, and the queue is closed only once two heartbeats are out:
        // a writer that sends none never gets there (the suite's time limit fails it).
        let frames = try await Self.written(heartbeat: .milliseconds(20), frames: 3, closeOnceRead: true) { queue in
            queue.yield(.message(Ready()))
        }
        #expect(frames.map { $0.type } == ["ready", "heartbeat", "heartbeat"])
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
