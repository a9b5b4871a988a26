import NIOCore
import PartyWire
import Synchronization

/// One connection's outgoing messages, numbered 1, 2, 3… and written straight to its channel in
/// that order, with no queue task of its own; a client that stops reading is cut off.
///
/// Every write goes through the channel's event loop task queue (also from the loop itself), so
/// the order of `send` calls is the order on the wire. A message counts as unwritten until the
/// kernel has taken it; more than `limit` unwritten messages mean the client stopped reading.
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
        var lastWrite: EventLoopFuture<Void>?
    }

    private let channel: any Channel
    private let limit: Int
    private let lingerLimit: TimeAmount
    private let state = Mutex(State())
    private let finished: EventLoopPromise<Void>

    /// An outbox for `channel` that cuts a client off after `limit` unwritten messages and, once
    /// closing, gives it `linger` to take what is still unwritten.
    init(channel: any Channel, limit: Int, linger: TimeAmount = .seconds(5)) {
        self.channel = channel
        self.limit = limit
        self.lingerLimit = linger
        finished = channel.eventLoop.makePromise()
        channel.closeFuture.whenComplete { [finished] _ in finished.succeed() }
    }

    /// Encodes `message` with the next number and writes it after everything sent before.
    func send(_ message: some WireMessage) -> Outcome {
        // The lock keeps numbering and queueing in one order; closing happens outside it, since a
        // close on the loop fails pending writes at once and their callbacks take the lock.
        let (outcome, cutOff): (Outcome, Bool) = state.withLock { state in
            guard !state.closing else { return (.closed, false) }
            guard state.unwritten < limit else {
                state.closing = true
                return (.overflowed, true)
            }
            guard let frame = try? MessageCodec().encode(message, seq: state.seq + 1) else {
                // Our own message failed to encode: nothing after it could be numbered right.
                state.closing = true
                return (.closed, true)
            }
            state.seq += 1
            state.unwritten += 1
            let channel = self.channel
            channel.eventLoop.execute {
                let written = channel.writeAndFlush(frame)
                self.state.withLock { $0.lastWrite = written }
                written.whenComplete { _ in self.state.withLock { $0.unwritten -= 1 } }
            }
            return (.queued, false)
        }
        if cutOff { channel.close(promise: nil) }
        return outcome
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

    /// Returns when the connection has closed.
    func closed() async {
        try? await finished.futureResult.get()
    }
}
