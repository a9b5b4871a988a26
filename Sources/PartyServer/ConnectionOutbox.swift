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
///
/// How the outbox knows what the kernel took, without a promise per message on a framed
/// connection: the channel's write buffer marks it unwritable from its first unwritten byte
/// (`writeBufferWaterMark` 1/1, which the outbox sets itself), so after a flush, or when the channel
/// says it is writable again, everything written was taken. Only when the count reaches the
/// limit is it made exact message by message, from the bytes NIO still holds and where each
/// message ended. A WebSocket's handlers add bytes of their own to the socket, so there each
/// write keeps a promise that says when it was taken.
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
        /// Messages sent and not known to be taken by the kernel: queued for the loop, or written.
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
        /// Bytes handed to the channel so far.
        var handed = 0
        /// Where each message written and not yet known to be taken ends, in `handed`, oldest first.
        var ends: [Int] = []
        /// Whether to close once everything written is taken (`close` was called and some was not).
        var closeWhenTaken = false

        /// The messages written up to `taken` bytes are taken. True when that leaves nothing
        /// written untaken while the outbox waits to close.
        mutating func taken(upTo taken: Int) -> Bool {
            var count = 0
            while count < ends.count, ends[count] <= taken { count += 1 }
            if count == ends.count {
                ends.removeAll(keepingCapacity: true)
            } else if count > 0 {
                ends.removeFirst(count)
            }
            unwritten -= count
            return closeWhenTaken && ends.isEmpty
        }

        /// Counts a message of `size` bytes handed to the channel.
        mutating func handed(_ size: Int) {
            handed += size
            ends.append(handed)
        }
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
        guard wholeFrames else { return }
        // Unwritable from the first byte NIO holds back, writable once it holds none: how this
        // outbox learns without a promise per message that the kernel took what it wrote.
        let watermark = ChannelOptions.Types.WriteBufferWaterMark(low: 1, high: 1)
        if channel.eventLoop.inEventLoop, let options = channel.syncOptions {
            try? options.setOption(.writeBufferWaterMark, value: watermark)
        } else {
            _ = channel.setOption(.writeBufferWaterMark, value: watermark)
        }
    }

    /// Encodes `message` with the next number and writes it after everything sent before.
    func send(_ message: some WireMessage) -> Outcome {
        send(encoding: { seq in try? MessageCodec().encode(message, seq: seq) })
    }

    /// Writes `shared`'s body with the next number after everything sent before: a message
    /// encoded once for many connections, copied here with this connection's number.
    func send(_ shared: SharedMessage) -> Outcome {
        send(encoding: { seq in shared.body(seq: seq, allocator: channel.allocator) })
    }

    /// Numbers, encodes (`encode` with the number) and writes one message.
    private func send(encoding encode: (Int) -> ByteBuffer?) -> Outcome {
        let onLoop = channel.eventLoop.inEventLoop
        // The lock keeps numbering and queueing in one order. Writing and closing happen outside
        // it: a write to a closed channel fails at once, and its callback takes the lock.
        let result: Result<(ByteBuffer, Delivery), Refusal> = state.withLock { state in
            guard !state.closing else { return .failure(Refusal(outcome: .closed, cutOff: false)) }
            // At the limit the count is made exact (on the loop): the kernel may have taken
            // some of the messages since the last flush.
            if state.unwritten >= limit, onLoop { countTaken(&state) }
            guard state.unwritten < limit else {
                state.closing = true
                state.overflowed = true
                return .failure(Refusal(outcome: .overflowed, cutOff: true))
            }
            guard let frame = encode(state.seq + 1) else {
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
            // Written right after the lock, on this thread: nothing is handed in between.
            state.handed(frameSize(frame))
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
            // What this flush sends was made by inputs of this turn: they are journaled first.
            LoopFlushes.commitJournals()
            flush()
        case .success((let frame, .later(let flush))):
            write(frame)
            if flush { scheduleFlush() }
        case .success((let frame, .queued)):
            let size = frameSize(frame)
            channel.eventLoop.execute {
                self.state.withLock { state in
                    state.queuedWrites -= 1
                    state.handed(size)
                }
                self.write(frame)
                self.flush()
            }
        }
        return .queued
    }

    /// The bytes `frame` adds to what this outbox hands the channel.
    private func frameSize(_ frame: ByteBuffer) -> Int {
        frame.readableBytes + (wholeFrames ? FramePrepender.headroom : 0)
    }

    /// Writes `frame` (on the event loop, already counted as handed). On a WebSocket a promise
    /// says when the kernel took it; on a framed connection the flush after it does.
    private func write(_ frame: ByteBuffer) {
        var promise: EventLoopPromise<Void>?
        if !wholeFrames {
            let end = state.withLock { $0.handed }
            let made = channel.eventLoop.makePromise(of: Void.self)
            made.futureResult.whenComplete { _ in
                if self.state.withLock({ $0.taken(upTo: end) }) { self.channel.close(promise: nil) }
            }
            promise = made
        }
        let bytes = wholeFrames ? FramePrepender.frame(of: frame) : frame
        if let context = writer.value {
            context.write(NIOAny(bytes), promise: promise)
        } else {
            channel.write(bytes, promise: promise)
        }
    }

    /// Flushes what was written (on the event loop), then counts it taken if the kernel took it all.
    private func flush() {
        if let context = writer.value {
            context.flush()
        } else {
            channel.flush()
        }
        takenIfWritable()
    }

    /// On a framed connection: when the channel is writable (its buffer empty, watermark 1/1),
    /// every message written was taken. Called after each flush and when the channel says it is
    /// writable again (the handler's `channelWritabilityChanged`).
    func takenIfWritable() {
        guard wholeFrames, channel.isWritable else { return }
        if state.withLock({ $0.taken(upTo: $0.handed) }) { channel.close(promise: nil) }
    }

    /// Makes the count exact on a framed connection (on the loop): the messages that end within
    /// the bytes the channel no longer holds were taken.
    /// (Called while sending, so never while closing: nothing waits to close.)
    private func countTaken(_ state: inout State) {
        guard wholeFrames, let buffered = try? channel.syncOptions?.getOption(.bufferedWritableBytes) else { return }
        _ = state.taken(upTo: state.handed - buffered)
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
            // Runs after every write queued before `close` (and its flush).
            self.takenIfWritable()
            let waiting = self.state.withLock { state in
                state.closeWhenTaken = !state.ends.isEmpty
                return state.closeWhenTaken
            }
            guard waiting else {
                channel.close(promise: nil)
                return
            }
            let deadline = channel.eventLoop.scheduleTask(in: linger) { channel.close(promise: nil) }
            channel.closeFuture.whenComplete { _ in deadline.cancel() }
        }
    }

    /// Closes the connection at once, written or not.
    func abort() {
        state.withLock { $0.closing = true }
        channel.close(promise: nil)
    }
}
