import Logging
import NIOCore
import PartyKit
import PartyWire

/// Reads one connection's frames on its event loop: the handshake first, then every message
/// straight into the session, which runs on the same loop (no task, no thread hop per message).
/// Bad input gets an `error` message; only what makes the stream unreadable closes the connection.
///
/// It is the connection's one protocol handler: on a framed connection it splits the byte stream
/// into frames itself (`FrameSplitter`) and it watches the handshake and silence time limits itself
/// (`PeerDeadlines`), rather than a decoder and a watchdog in front of it, since every handler a
/// read passes costs a hop per read, per read-complete and per `read` (docs/PERFORMANCE.md). On a
/// WebSocket each read is already one message body.
final class ConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    /// Where the connection is in its life.
    enum State {
        /// Waiting for hello.
        case handshake
        /// A hello is waiting out the delay after wrong join codes; frames are held until it is answered.
        case admitting
        /// Seated or watching: every message goes to the session.
        case welcomed
        /// Left, rejected or failed: nothing more is read.
        case done
    }

    /// The session the connection talks to; on a party server nil until the hello names its room.
    var session: Session!
    /// On a fleet's node: the relay of another node's room that this watcher talks to instead.
    var relay: WatchRelay?
    /// On a party server: finds the room a hello asks for (its session or a relay, or why not).
    let findRoom: (@Sendable (Hello) -> Result<RoomTarget, Refusal>)?
    let peer: PeerLink
    let logger: Logger
    let overCapacity: Bool
    let onClose: @Sendable () -> Void
    let codec = MessageCodec()
    var rate: RateLimiter
    var state = State.handshake
    var lastSeq = 0
    /// Frames read and not yet handled: those beyond this turn's budget, and those that arrived
    /// while a hello waited for its answer. Reading pauses while any are left.
    var held = CircularBuffer<ByteBuffer>()
    /// How many more frames this connection may have handled before the loop serves the others.
    var budget = messagesPerTurn
    var readingPaused = false
    /// The framed protocol's framing; nil on a WebSocket (each read is one message body).
    var framing: FrameSplitter?
    /// The handshake and silence time limits.
    var deadlines: PeerDeadlines
    /// The one timer set for the nearest deadline.
    var watch: Scheduled<Void>?
    /// Whether a time limit ran out (reported once).
    var timedOut = false

    /// Whether frames are handled now (not before a hello's answer, not after the end).
    var handling: Bool { state == .handshake || state == .welcomed }

    /// Frames of one connection handled in one turn of the event loop, so a client that sends a
    /// great many at once cannot keep the session (and every other connection) waiting.
    static var messagesPerTurn: Int { 256 }

    /// A handler for `peer`'s connection to `session`; `overCapacity` rejects it at once, and
    /// `onClose` runs when the connection has closed. With `framing` it reads a framed byte
    /// stream; without, each read is one message body (a WebSocket's).
    /// On a party server `session` is nil and `findRoom` picks it when the hello comes.
    init(session: Session?, findRoom: (@Sendable (Hello) -> Result<RoomTarget, Refusal>)? = nil, peer: PeerLink, logger: Logger,
         rate: RateLimiter, overCapacity: Bool, framing: FrameSplitter?, deadlines: PeerDeadlines, onClose: @escaping @Sendable () -> Void) {
        self.session = session
        self.findRoom = findRoom
        self.peer = peer
        self.logger = logger
        self.rate = rate
        self.overCapacity = overCapacity
        self.framing = framing
        self.deadlines = deadlines
        self.onClose = onClose
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // The outbox writes from here, toward the head: whole frames straight to the socket on a
        // framed connection, bodies through the WebSocket's handlers on a WebSocket.
        peer.outbox.attach(context)
        if context.channel.isActive { startWatch(context: context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stopWatch()
        // The outbox held this context, which holds this handler, which holds the outbox.
        peer.outbox.detach()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        // Writable again: the kernel took everything written (the outbox's watermark is 1/1).
        peer.outbox.takenIfWritable()
        context.fireChannelWritabilityChanged()
    }

    func channelActive(context: ChannelHandlerContext) {
        startWatch(context: context)
        if overCapacity {
            peer.send(Reject(.tooManyConnections))
            finish()
        }
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard state != .done else { return }
        let read = unwrapInboundIn(data)
        guard framing != nil else {
            // A WebSocket read is one whole message.
            deadlines.heard(at: context.eventLoop.now)
            held.append(read)
            return drain(context: context)
        }
        // Only a complete frame is activity (section 11): a frame trickled a byte at a time and
        // never finished does not keep the connection alive.
        var failure: WireError?
        var frames = 0
        do {
            try framing?.split(read) { frame in
                held.append(frame)
                frames += 1
                return true
            }
        } catch {
            failure = error
        }
        if frames > 0 { deadlines.heard(at: context.eventLoop.now) }
        drain(context: context)
        // An oversized frame: the frames before it were handled; the stream cannot be read on.
        if let failure { errorCaught(context: context, error: failure) }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if handling {
            if held.isEmpty {
                budget = Self.messagesPerTurn
            } else if !readingPaused {
                // Over budget: the rest waits for the loop's next turn, and reading pauses.
                pauseReading(context: context)
                scheduleTurn(context: context)
            }
        }
        context.fireChannelReadComplete()
    }

    /// Handles held frames while the budget lasts (not while a hello waits for its answer).
    func drain(context: ChannelHandlerContext) {
        while handling, budget > 0, let next = held.popFirst() {
            budget -= 1
            handle(next, context: context)
        }
        if state == .done { held.removeAll() }
    }

    /// A new turn: a fresh budget for the frames held so far; reading resumes once none are left.
    func nextTurn(context: ChannelHandlerContext) {
        guard handling else { return }
        budget = Self.messagesPerTurn
        drain(context: context)
        guard handling else { return }
        if held.isEmpty {
            resumeReading(context: context)
        } else {
            scheduleTurn(context: context)
        }
    }

    /// The next turn, a moment later: NIO runs every task that is due before it reads again, so
    /// only a task that is not yet due lets the loop serve other connections in between.
    func scheduleTurn(context: ChannelHandlerContext) {
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(in: .microseconds(100)) {
            let (handler, context) = bound.value
            handler.nextTurn(context: context)
        }
    }

    func pauseReading(context: ChannelHandlerContext) {
        guard !readingPaused else { return }
        readingPaused = true
        context.channel.setOption(ChannelOptions.autoRead, value: false).whenComplete { _ in }
    }

    func resumeReading(context: ChannelHandlerContext) {
        guard readingPaused else { return }
        readingPaused = false
        context.channel.setOption(ChannelOptions.autoRead, value: true).whenComplete { _ in }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard state != .done else { return }
        let reason: DepartureReason
        switch error {
        case let wire as WireError:
            peer.send(ErrorMessage(reason: wire.reason, message: wire.description, fatal: true))
            reason = .protocolError
        case WatchdogTimeout.handshake:
            peer.send(ErrorMessage(.handshakeTimeout))
            reason = .timedOut
        case WatchdogTimeout.silentPeer:
            peer.send(ErrorMessage(.silent))
            reason = .timedOut
        default:
            reason = peer.stuck ? .stuck : .connectionClosed
        }
        logger.debug("connection \(peer.id) failed: \(error)")
        depart(reason)
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopWatch()
        framing?.reset()
        if state != .done { depart(peer.stuck ? .stuck : .connectionClosed) }
        onClose()
        context.fireChannelInactive()
    }

    // MARK: Messages

    func handle(_ frame: ByteBuffer, context: ChannelHandlerContext) {
        switch rate.admit() {
        case .allowed:
            break
        case .warned:
            peer.send(ErrorMessage(.slowDown))
            return
        case .exceeded:
            peer.send(ErrorMessage(.tooManyMessages))
            return depart(.protocolError)
        }
        let envelope: Envelope
        do {
            envelope = try codec.envelope(of: frame)
        } catch {
            peer.send(ErrorMessage(.malformed(error)))
            return
        }
        guard envelope.seq > lastSeq else {
            let error = WireError.badSequence(got: envelope.seq, previous: lastSeq)
            peer.send(ErrorMessage(.malformed(error), inReplyTo: envelope.seq))
            return
        }
        lastSeq = envelope.seq
        if state == .welcomed {
            let id = peer.id
            if let relay {
                relay.receive(envelope, from: id)
            } else {
                session.assumeIsolated { $0.receive(envelope, from: id) }
            }
            if envelope.type == .leave { finish() }
            return
        }
        guard envelope.type == .hello else {
            peer.send(ErrorMessage(.handshakeRequired(type: envelope.type.rawValue), inReplyTo: envelope.seq))
            return finish()
        }
        let hello: Hello
        do {
            hello = try codec.decode(Hello.self, from: envelope)
        } catch {
            peer.send(Reject(.badHello(detail: error.description)))
            return finish()
        }
        if let findRoom {
            switch findRoom(hello) {
            case .success(.session(let room)): session = room
            case .success(.relay(let watching)): relay = watching
            case .failure(let refusal):
                peer.send(Reject(refusal))
                return finish()
            }
        }
        let address = peer.address
        let delay = relay != nil ? .zero : session.assumeIsolated { $0.codeDelay(for: address) }
        guard delay > .zero else { return admit(hello, context: context) }
        // After wrong join codes this address waits before its code is checked; reading pauses
        // and what arrives meanwhile is handled after the answer, in order.
        state = .admitting
        pauseReading(context: context)
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(in: .milliseconds(delay.wholeMilliseconds)) {
            let (handler, context) = bound.value
            guard handler.state == .admitting else { return }
            handler.admit(hello, context: context)
            handler.nextTurn(context: context)
        }
    }

    func admit(_ hello: Hello, context: ChannelHandlerContext) {
        let peer = self.peer
        if let relay {
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            switch relay.admit(hello, link: peer, done: { welcomed in
                let (handler, context) = bound.value
                guard handler.state == .admitting else { return }
                handler.relayAnswered(welcomed)
                handler.nextTurn(context: context)
            }) {
            case .accepted: relayAnswered(true)
            case .refused: finish()
            case .pending:
                // Until the relay is welcomed by the room's node; frames wait, in order.
                state = .admitting
                pauseReading(context: context)
            }
            return
        }
        if session.assumeIsolated({ $0.admit(hello, peer: peer) }) {
            state = .welcomed
            // Only silence counts from now on.
            deadlines.handshakeCompleted()
        } else {
            // The table sent the reason.
            finish()
        }
    }

    // MARK: Time limits

    /// Starts the clock of the handshake and silence limits (once).
    func startWatch(context: ChannelHandlerContext) {
        guard watch == nil, !timedOut else { return }
        deadlines.start(at: context.eventLoop.now)
        armWatch(context: context)
    }

    /// One timer per connection, set for its nearest deadline (not a repeating check): when it
    /// fires early because something arrived meanwhile, it sets itself for the new deadline.
    func armWatch(context: ChannelHandlerContext) {
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        watch = context.eventLoop.scheduleTask(deadline: deadlines.deadline) {
            let (handler, context) = bound.value
            handler.watch = nil
            handler.inspectWatch(context: context)
        }
    }

    func inspectWatch(context: ChannelHandlerContext) {
        guard !timedOut, context.channel.isActive else { return }
        if let timeout = deadlines.expired(at: context.eventLoop.now) {
            timedOut = true
            errorCaught(context: context, error: timeout)
        } else {
            armWatch(context: context)
        }
    }

    func stopWatch() {
        watch?.cancel()
        watch = nil
    }

    /// A relay's answer to the hello: watching, or refused (the reason was sent).
    func relayAnswered(_ welcomed: Bool) {
        if welcomed {
            state = .welcomed
            deadlines.handshakeCompleted()
        } else {
            finish()
        }
    }

    /// The session (or relay) forgets the peer, which then closes once its last messages are out.
    func depart(_ reason: DepartureReason) {
        let id = peer.id
        relay?.remove(peerID: id)
        session?.assumeIsolated { $0.remove(peerID: id, reason: reason) }
        finish()
    }

    /// Reads nothing more; the connection closes once what was sent is written.
    func finish() {
        state = .done
        held.removeAll()
        peer.close()
    }
}
