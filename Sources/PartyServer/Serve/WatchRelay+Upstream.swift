import Logging
import NIOCore
import NIOPosix
import PartyWire

/// The relay's one connection to the room's node: a framed connection whose hello names the room
/// and says `relay`, on the server's loop (no hop between a message read and its fan-out).
extension WatchRelay {
    /// Connects to the room's node and says hello; watchers wait meanwhile (at most `answerTimeout`).
    func start() {
        loop.preconditionInEventLoop()
        connectUpstream()
        loop.scheduleTask(in: Self.answerTimeout) { [self] in
            if welcome == nil, !finished { finish(because: "no welcome in time") }
        }
    }

    /// Opens the connection to the room's node and says hello.
    private func connectUpstream() {
        let bootstrap = ClientBootstrap(group: loop)
            .channelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .connectTimeout(.seconds(2))
            .channelInitializer { [self] channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(UpstreamHandler(relay: self))
                }
            }
        bootstrap.connect(host: place.host, port: place.port).hop(to: loop).whenComplete { [self] result in
            switch result {
            case .success(let channel):
                guard !finished else {
                    channel.close(promise: nil)
                    return
                }
                upstream = channel
                upstreamSeq = 0
                lastHeard = .now()
                sendUpstream(Hello(protocol: WireProtocol.version, client: "partyhost-relay", name: "Relay",
                                   role: "spectator", features: ["relay", "predictions"], room: code))
            case .failure(let error):
                logger.info("relay cannot reach the room's node", metadata: ["room": "\(code)", "node": "\(place.node)", "error": "\(error)"])
                finish(because: "unreachable")
            }
        }
    }

    /// Sends `message` to the room's node with the relay's next number; returns the number.
    @discardableResult
    func sendUpstream(_ message: some WireMessage) -> Int {
        upstreamSeq += 1
        guard let upstream, let body = try? codec.encode(message, seq: upstreamSeq) else { return upstreamSeq }
        upstream.writeAndFlush(FramePrepender.frame(of: body), promise: nil)
        return upstreamSeq
    }

    /// One message from the room's node.
    func upstreamMessage(_ body: ByteBuffer) {
        guard !finished else { return }
        lastHeard = .now()
        let envelope: Envelope
        do {
            envelope = try codec.envelope(of: body)
        } catch {
            logger.warning("relay: unreadable message from the room's node", metadata: ["room": "\(code)", "error": "\(error)"])
            return
        }
        switch envelope.type {
        case .welcome:
            guard welcome == nil, let welcomed = try? codec.decode(Welcome.self, from: envelope) else { return }
            welcome = welcomed
            players = welcomed.players
            startTicker(every: .milliseconds(welcomed.heartbeatMs ?? 3_000), silence: .milliseconds(welcomed.silenceMs ?? 10_000))
            logger.info("relaying a room", metadata: ["room": "\(code)", "node": "\(place.node)"])
        case .reject:
            let reject = try? codec.decode(Reject.self, from: envelope)
            // A node that joined the fleet a moment ago is not yet a peer to the room's node.
            if reject?.reason == Refusal.relayRefused.code, welcome == nil, refusedAsRelay < 2 {
                refusedAsRelay += 1
                // Let go of first: closing it here reports it inactive at once.
                let refused = upstream
                upstream = nil
                refused?.close(promise: nil)
                loop.scheduleTask(in: .seconds(1)) { [self] in if !finished { connectUpstream() } }
                return
            }
            finish(because: reject.map { "\($0.reason): \($0.message)" } ?? "rejected")
        case .lobby:
            if let lobby = try? codec.decode(Lobby.self, from: envelope) {
                players = lobby.players
                // The split belongs to a running game: a newcomer gets none between games.
                if lobby.state != "playing" { latest.predictions = nil }
            }
            latest.lobby = forward(body, to: nil)
        case .room:
            latest.room = forward(body, to: nil)
        case .view:
            latest.view = forward(body, to: nil)
        case .predictions:
            latest.predictions = forward(body, to: \.wantsPredictions)
        case .prediction:
            guard var answer = try? codec.decode(PredictionMessage.self, from: envelope), let watcher = answer.watcher else { return }
            // Accepted (no verdict yet): that watcher's `predict` is answered.
            if answer.right == nil { predicts = predicts.filter { $0.value.peer != watcher } }
            answer.watcher = nil
            watchers[watcher]?.link.send(answer)
        case .error:
            guard var answer = try? codec.decode(ErrorMessage.self, from: envelope) else { return }
            if let asked = answer.inReplyTo, let (peer, seq) = predicts.removeValue(forKey: asked) {
                answer.watcher = nil
                answer.inReplyTo = seq
                watchers[peer]?.link.send(answer)
            } else {
                logger.info("relay: the room's node answered an error", metadata: ["room": "\(code)", "reason": "\(answer.reason)"])
            }
        case .heartbeat:
            return
        case .ended:
            forward(body, to: nil)
            finish(because: "the party ended")
        default:
            // gameOver, playerLeft and whatever else every spectator gets.
            forward(body, to: nil)
        }
    }

    /// Passes a message on to every watcher (those for whom `only` holds, when given), each copy
    /// numbered for its connection; returns it for the watchers who come later.
    @discardableResult
    private func forward(_ body: ByteBuffer, to only: KeyPath<Watcher, Bool>?) -> SharedMessage? {
        guard let shared = SharedMessage(forwarding: body) else {
            logger.warning("relay: a message from the room's node could not be passed on", metadata: ["room": "\(code)"])
            return nil
        }
        for watcher in watchers.values where only.map({ watcher[keyPath: $0] }) ?? true {
            watcher.link.send(shared)
        }
        return shared
    }

    /// Heartbeats both ways every `interval`; a room's node silent for `silence` is gone.
    private func startTicker(every interval: TimeAmount, silence: TimeAmount) {
        let beat = SharedMessage(Heartbeat())
        ticker = loop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { [self] _ in
            guard !finished else { return }
            if NIODeadline.now() - lastHeard > silence { return finish(because: "the room's node fell silent") }
            sendUpstream(Heartbeat())
            if let beat { for watcher in watchers.values { watcher.link.send(beat) } }
        }
        // Those who arrived while the relay waited for its welcome.
        let arrived = waiting
        waiting.removeAll()
        for one in arrived { one.done(welcomeWatcher(one.hello, link: one.link) == .accepted) }
        audienceChanged()
    }

    /// Stops relaying: waiting watchers are refused, the others' connections close (they connect
    /// again, as after any lost connection, and find the room wherever it is then).
    func finish(because reason: String) {
        guard !finished else { return }
        finished = true
        logger.info("relay stopped", metadata: ["room": "\(code)", "reason": "\(reason)"])
        ticker?.cancel()
        linger?.cancel()
        for one in waiting {
            one.link.send(Reject(.roomUnreachable))
            one.done(false)
        }
        waiting.removeAll()
        for watcher in watchers.values { watcher.link.close() }
        watchers.removeAll()
        upstream?.close(promise: nil)
        upstream = nil
        onFinished(self)
    }
}

/// Reads the relay's connection: frames split from the stream, each handed to the relay.
final class UpstreamHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    let relay: WatchRelay
    var splitter = FrameSplitter()

    init(relay: WatchRelay) {
        self.relay = relay
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        do {
            try splitter.split(unwrapInboundIn(data)) { frame in
                relay.upstreamMessage(frame)
                return true
            }
        } catch {
            relay.finish(because: "the room's node sent a frame that could not be read: \(error)")
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        // A connection the relay let go of (to ask again) ends nothing.
        if relay.upstream === context.channel { relay.finish(because: "the room's node closed the connection") }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if relay.upstream === context.channel { relay.finish(because: "\(error)") }
        context.close(promise: nil)
    }
}

@available(*, unavailable)
extension UpstreamHandler: Sendable {}
