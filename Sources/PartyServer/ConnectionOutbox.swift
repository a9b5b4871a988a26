import NIOCore
import PartyWire
import Synchronization

/// One connection's outgoing messages, numbered 1, 2, 3… and written straight to its channel in
/// that order, with no queue task of its own; a client that stops reading is cut off.
///
/// On the channel's own event loop (where the session runs) a message is written at once and the
/// channel flushed once the loop has handled what it read, so a burst of messages to one client
/// leaves in one system call. From any other thread the write is queued on the loop; while such
/// writes are pending, writes from the loop queue behind them, so the order of `send` calls is the
/// order on the wire. A message counts as unwritten until the kernel has taken it; more than
/// `limit` unwritten messages mean the client stopped reading.
final class ConnectionOutbox: Sendable {
    /// What became of a message handed to `send`.
    enum Outcome: Sendable {
        /// It will be written after the ones before it.
        case queued
        /// Too many messages were unwritten: the connection is being closed.
        case overflowed
        /// The connection was already closing; the message was dropped.
        case closed
    }

    private struct State {
        var seq = 0
        var unwritten = 0
        var closing = false
        /// Whether the client was cut off for not reading.
        var overflowed = false
        /// Writes handed to the event loop from another thread and not yet made.
        var queuedWrites = 0
        /// Whether a flush is already due on the event loop.
        var flushDue = false
        /// Messages written on the loop since the last flush.
        var unflushed = 0
        var lastWrite: EventLoopFuture<Void>?
    }

    /// How `send` hands a frame to the channel.
    private enum Delivery {
        /// Written and flushed at once.
        case now
        /// Written at once, flushed when the loop is done reading (by a flush this write schedules,
        /// unless one is already due).
        case later(scheduleFlush: Bool)
        /// Written by a task queued on the loop.
        case queued
    }

    /// Why `send` did not take a message, and whether the connection must be closed for it.
    private struct Refusal: Error {
        var outcome: Outcome
        var cutOff: Bool
    }

    private let channel: any Channel
    /// Whether each message goes out as a whole frame, length included (the framed protocol, whose
    /// pipeline has no length prepender: this outbox is its only writer), or as its body alone
    /// (a WebSocket's handlers make the frame).
    private let wholeFrames: Bool
    /// The session handler's context, once it is in the pipeline: writes start there, toward the
    /// head, rather than at the pipeline's tail (a hop per handler, per write and per flush).
    private let writer: NIOLoopBoundBox<ChannelHandlerContext?>
    private let limit: Int
    /// How many messages written on the loop may wait for one flush.
    private let flushEvery: Int
    private let lingerLimit: TimeAmount
    private let state = Mutex(State())

    /// An outbox for `channel` that cuts a client off after `limit` unwritten messages and, once
    /// closing, gives it `linger` to take what is still unwritten. With `wholeFrames` each message
    /// is written with its length before it (the framed protocol); without, its body alone.
    init(channel: any Channel, limit: Int, linger: TimeAmount = .seconds(5), wholeFrames: Bool) {
        self.channel = channel
        self.wholeFrames = wholeFrames
        writer = .makeEmptyBox(valueType: ChannelHandlerContext.self, eventLoop: channel.eventLoop)
        self.limit = limit
        flushEvery = max(1, min(16, limit / 2))
        self.lingerLimit = linger
    }

    /// Encodes `message` with the next number and writes it after everything sent before.
    func send(_ message: some WireMessage) -> Outcome {
        let onLoop = channel.eventLoop.inEventLoop
        // The lock keeps numbering and queueing in one order. Writing and closing happen outside
        // it: a write to a closed channel fails at once, and its callback takes the lock.
        let result: Result<(ByteBuffer, Delivery), Refusal> = state.withLock { state in
            guard !state.closing else { return .failure(Refusal(outcome: .closed, cutOff: false)) }
            guard state.unwritten < limit else {
                state.closing = true
                state.overflowed = true
                return .failure(Refusal(outcome: .overflowed, cutOff: true))
            }
            guard let frame = try? MessageCodec().encode(message, seq: state.seq + 1) else {
                // Our own message failed to encode: nothing after it could be numbered right.
                state.closing = true
                return .failure(Refusal(outcome: .closed, cutOff: true))
            }
            state.seq += 1
            state.unwritten += 1
            guard onLoop, state.queuedWrites == 0 else {
                state.queuedWrites += 1
                return .success((frame, .queued))
            }
            // A long burst (a client that pipelined many messages) is flushed as it goes, so
            // "unwritten" keeps meaning "offered to the kernel and not taken".
            state.unflushed += 1
            if state.unflushed >= flushEvery {
                state.unflushed = 0
                return .success((frame, .now))
            }
            defer { state.flushDue = true }
            return .success((frame, .later(scheduleFlush: !state.flushDue)))
        }
        switch result {
        case .failure(let refusal):
            if refusal.cutOff { channel.close(promise: nil) }
            return refusal.outcome
        case .success((let frame, .now)):
            write(frame)
            flush()
        case .success((let frame, .later(let flush))):
            write(frame)
            if flush { scheduleFlush() }
        case .success((let frame, .queued)):
            channel.eventLoop.execute {
                self.state.withLock { $0.queuedWrites -= 1 }
                self.write(frame)
                self.flush()
            }
        }
        return .queued
    }

    /// Writes `frame` (on the event loop) and counts it written once the kernel has taken it.
    private func write(_ frame: ByteBuffer) {
        let promise = channel.eventLoop.makePromise(of: Void.self)
        state.withLock { $0.lastWrite = promise.futureResult }
        promise.futureResult.whenComplete { _ in self.state.withLock { $0.unwritten -= 1 } }
        let bytes = wholeFrames ? FramePrepender.frame(of: frame) : frame
        if let context = writer.value {
            context.write(NIOAny(bytes), promise: promise)
        } else {
            channel.write(bytes, promise: promise)
        }
    }

    /// Flushes what was written (on the event loop).
    private func flush() {
        if let context = writer.value {
            context.flush()
        } else {
            channel.flush()
        }
    }

    /// Writes from now on start at `context` (the session handler's, on the event loop), toward
    /// the head.
    func attach(_ context: ChannelHandlerContext) {
        writer.value = context
    }

    /// Writes go through the channel again (on the event loop; the handler is leaving the pipeline).
    func detach() {
        writer.value = nil
    }

    /// Flushes once the loop has handled what it is reading now, whatever was sent meanwhile: one
    /// task for all the connections of the loop that wrote (`LoopFlushes`).
    private func scheduleFlush() {
        LoopFlushes.flush(self, on: channel.eventLoop)
    }

    /// The flush `scheduleFlush` asked for (on the loop).
    func flushNow() {
        state.withLock { state in
            state.flushDue = false
            state.unflushed = 0
        }
        flush()
    }

    /// Whether the client was cut off because too many messages were unwritten.
    var overflowed: Bool {
        state.withLock { $0.overflowed }
    }

    /// Sends nothing more; closes the connection once what was already sent is written, or after
    /// the linger time if the client does not take it.
    func close() {
        let first = state.withLock { state in
            defer { state.closing = true }
            return !state.closing
        }
        guard first else { return }
        let channel = self.channel
        let linger = lingerLimit
        channel.eventLoop.execute {
            // Runs after every write queued before `close`, so `lastWrite` is the last one.
            guard let last = self.state.withLock({ $0.lastWrite }) else {
                channel.close(promise: nil)
                return
            }
            let deadline = channel.eventLoop.scheduleTask(in: linger) { channel.close(promise: nil) }
            last.whenComplete { _ in
                deadline.cancel()
                channel.close(promise: nil)
            }
        }
    }

    /// Closes the connection at once, written or not.
    func abort() {
        state.withLock { $0.closing = true }
        channel.close(promise: nil)
    }
}
