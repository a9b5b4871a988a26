import NIOCore

/// What a connection's writer sends next: a message (numbered on the way out) or the end.
public enum Outbound: Sendable {
    /// A message to encode with the next sequence number.
    case message(any WireMessage)
    /// Send nothing more and close the connection.
    case close
}

/// Writes queued messages to a channel in order, numbering them 1, 2, 3…, with heartbeats in between.
public struct OutboundWriter: Sendable {
    /// Creates a writer.
    public init() {}

    /// Drains `queue` into `outbound` until `.close` or the queue ends, and queues a heartbeat
    /// every `heartbeatInterval` (so the peer's watchdog always hears from us). The client's
    /// writer; the host writes through its `ConnectionOutbox` and sends heartbeats from its clock.
    public func run(
        queue: AsyncStream<Outbound>,
        continuation: AsyncStream<Outbound>.Continuation,
        outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>,
        heartbeatInterval: Duration = .milliseconds(WireProtocol.heartbeatIntervalMilliseconds)
    ) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                // Heartbeats: queued like any message so the numbering stays in one place.
                while !Task.isCancelled {
                    try? await Task.sleep(for: heartbeatInterval)
                    if case .terminated = continuation.yield(.message(Heartbeat())) { return }
                }
            }
            await drain(queue: queue, continuation: continuation, outbound: outbound)
            group.cancelAll()
        }
    }

    /// Writes queued messages, numbered 1, 2, 3…, until `.close` or the end of the queue.
    func drain(
        queue: AsyncStream<Outbound>,
        continuation: AsyncStream<Outbound>.Continuation,
        outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    ) async {
        let codec = MessageCodec()
        var seq = 0
        for await item in queue {
            guard case .message(let message) = item else { break }
            seq += 1
            do {
                try await outbound.write(codec.encode(message, seq: seq))
            } catch {
                break
            }
        }
        continuation.finish()
    }
}
