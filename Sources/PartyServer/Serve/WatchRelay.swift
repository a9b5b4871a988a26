import Logging
import NIOCore
import PartyWire

/// A room another node of the fleet holds, shown to this node's watchers: one spectator connection
/// to the room's node (`hello.features` `relay`) brings each message once, and the relay passes it
/// on to every watcher here, numbered for each (`SharedMessage`). The room's node counts the
/// watchers from the relay's `audience` and hears their predictions with their `watcher` number.
///
/// A watcher here talks to the relay as to a host: the connection's handler checks frames,
/// numbers, rates and silence as for any connection, and the relay answers the hello (a welcome
/// built from its own), sends the room as it stands (lobby, room, view, split) and answers what a
/// spectator may send. Everything runs on the server's one event loop.
final class WatchRelay: @unchecked Sendable {
    /// What became of a watcher's hello.
    enum Admission {
        /// Welcomed.
        case accepted
        /// Refused; the reason was sent.
        case refused
        /// Waiting for the room's node to welcome the relay; `done` is called with the outcome.
        case pending
    }

    /// One watcher on this node.
    struct Watcher {
        var link: PeerLink
        var name: String
        var wantsPredictions: Bool
        var isDisplay: Bool
    }

    /// A hello waiting for the relay's own welcome.
    struct Waiting {
        var hello: Hello
        var link: PeerLink
        var done: (Bool) -> Void
    }

    /// The room's code.
    let code: String
    /// The node holding the room.
    let place: RoomPlace
    let loop: any EventLoop
    let logger: Logger
    /// The most watchers this node relays the room to (`--max-spectators`).
    let maxWatchers: Int
    /// Called once the relay has stopped (its server forgets it).
    let onFinished: @Sendable (WatchRelay) -> Void
    let codec = MessageCodec()

    var upstream: (any Channel)?
    var upstreamSeq = 0
    /// How many times the room's node refused this node as a relay (it had not yet read this
    /// node into its directory, which it does each second): asked again after a second, twice.
    var refusedAsRelay = 0
    /// The relay's own welcome from the room's node: every watcher's is made from it.
    var welcome: Welcome?
    /// The room as it stands, for a watcher who arrives: the last lobby, room, view and split.
    var latest = Latest()
    /// The players of the last lobby (a newcomer's welcome lists them).
    var players: [PlayerInfo] = []
    var watchers: [Int: Watcher] = [:]
    var waiting: [Waiting] = []
    /// The relay's `predict`s in flight: its number for each → the watcher's connection and number.
    var predicts: [Int: (peer: Int, seq: Int)] = [:]
    /// The audience last told to the room's node, and whether a count is about to go.
    var reported = 0
    var reportScheduled = false
    var ticker: RepeatedTask?
    var lastHeard = NIODeadline.now()
    var linger: Scheduled<Void>?
    var finished = false

    /// The last of each message a newcomer needs.
    struct Latest {
        var lobby: SharedMessage?
        var room: SharedMessage?
        var view: SharedMessage?
        var predictions: SharedMessage?
    }

    /// How long the relay waits for the room's node to answer before it refuses its watchers.
    /// (Under the 5 s a hello has before the handshake times out.)
    static let answerTimeout = TimeAmount.seconds(4)
    /// How long a relay with no watcher left stays connected (a watcher reloading the page).
    static let lingerTime = TimeAmount.seconds(10)
    /// Counts go to the room's node at most this often.
    static let reportInterval = TimeAmount.milliseconds(250)

    init(code: String, place: RoomPlace, loop: any EventLoop, logger: Logger, maxWatchers: Int,
         onFinished: @escaping @Sendable (WatchRelay) -> Void) {
        self.code = code
        self.place = place
        self.loop = loop
        self.logger = logger
        self.maxWatchers = maxWatchers
        self.onFinished = onFinished
    }

    // MARK: Watchers

    /// A watcher's hello on `link`: welcomed at once when the relay is, else once it is.
    func admit(_ hello: Hello, link: PeerLink, done: @escaping (Bool) -> Void) -> Admission {
        loop.preconditionInEventLoop()
        guard !finished else { return refuse(.roomUnreachable, link) }
        guard welcome != nil else {
            waiting.append(Waiting(hello: hello, link: link, done: done))
            linger?.cancel()
            return .pending
        }
        return welcomeWatcher(hello, link: link)
    }

    /// Checks a watcher's hello as the room's node would check a spectator's, and welcomes them.
    func welcomeWatcher(_ hello: Hello, link: PeerLink) -> Admission {
        guard var welcome else { return refuse(.roomUnreachable, link) }
        guard (WireProtocol.oldestVersion...WireProtocol.version).contains(hello.protocol) else {
            return refuse(.unsupportedVersion(client: hello.protocol), link)
        }
        if welcome.room == true, hello.protocol < 2 { return refuse(.roomNeedsProtocol2(client: hello.protocol), link) }
        guard hello.token == nil, (hello.role ?? "player") == "spectator", hello.features?.contains("relay") != true else {
            return refuse(.watchOnly, link)
        }
        guard hello.name.utf8.count <= 1024 else { return refuse(.badName, link) }
        guard watchers.count < maxWatchers else { return refuse(.spectatorsFull(watching: maxWatchers), link) }
        let cleaned = NameCleaner.clean(hello.name)
        let watcher = Watcher(link: link, name: cleaned.isEmpty ? "Spectator" : cleaned,
                              wantsPredictions: hello.features?.contains("predictions") == true,
                              isDisplay: hello.features?.contains("display") == true)
        watchers[link.id] = watcher
        linger?.cancel()
        linger = nil
        welcome.protocol = min(hello.protocol, WireProtocol.version)
        welcome.name = watcher.name
        welcome.players = players
        link.send(welcome)
        for message in [latest.lobby, latest.room, latest.view] { if let message { link.send(message) } }
        if watcher.wantsPredictions, let split = latest.predictions { link.send(split) }
        audienceChanged()
        return .accepted
    }

    private func refuse(_ refusal: Refusal, _ link: PeerLink) -> Admission {
        link.send(Reject(refusal))
        return .refused
    }

    /// One message from watcher `peer`: they may keep the connection alive, predict or leave,
    /// as a spectator at the room's node may.
    func receive(_ envelope: Envelope, from peer: Int) {
        guard let watcher = watchers[peer] else { return }
        switch envelope.type {
        case .heartbeat:
            return
        case .leave:
            remove(peerID: peer)
        case .predict:
            predict(envelope, from: watcher)
        case .hello:
            watcher.link.send(ErrorMessage(.alreadyWelcomed, inReplyTo: envelope.seq))
        case .move, .typedMove:
            watcher.link.send(MoveRejected(.spectatorMove, inReplyTo: envelope.seq))
        case .audience:
            watcher.link.send(ErrorMessage(.notARelay, inReplyTo: envelope.seq))
        case .welcome, .reject, .lobby, .view, .moveRejected, .gameOver, .playerLeft, .ended, .error, .room, .team, .predictions, .prediction:
            watcher.link.send(ErrorMessage(.unexpectedMessage(type: envelope.type.rawValue), inReplyTo: envelope.seq))
        case .ready, .start, .rematch, .vote, .remove, .endParty:
            watcher.link.send(ErrorMessage(.spectatorOnly, inReplyTo: envelope.seq))
        }
    }

    /// A watcher's prediction goes to the room's node with their number (a shared screen's is
    /// refused here, as there).
    private func predict(_ envelope: Envelope, from watcher: Watcher) {
        let message: Predict
        do {
            message = try codec.decode(Predict.self, from: envelope)
        } catch {
            watcher.link.send(ErrorMessage(.malformed(error), inReplyTo: envelope.seq))
            return
        }
        guard message.watcher == nil else {
            watcher.link.send(ErrorMessage(.notARelay, inReplyTo: envelope.seq))
            return
        }
        if watcher.isDisplay {
            watcher.link.send(ErrorMessage(.prediction(.display), inReplyTo: envelope.seq))
            return
        }
        let seq = sendUpstream(Predict(seat: message.seat, watcher: watcher.link.id, name: watcher.name))
        predicts[seq] = (watcher.link.id, envelope.seq)
    }

    /// Watcher `peerID` left or was dropped (or gave up waiting for the relay's welcome).
    func remove(peerID: Int) {
        waiting.removeAll { $0.link.id == peerID }
        watchers.removeValue(forKey: peerID)
        audienceChanged()
    }

    // MARK: The audience count

    /// The count changed: it goes to the room's node soon (counts that change together go as one),
    /// and a relay with nobody left lingers, then stops.
    func audienceChanged() {
        if watchers.isEmpty, waiting.isEmpty, linger == nil, !finished {
            linger = loop.scheduleTask(in: Self.lingerTime) { [self] in
                linger = nil
                if watchers.isEmpty, waiting.isEmpty { finish(because: "no watchers left") }
            }
        }
        guard !reportScheduled, welcome != nil else { return }
        reportScheduled = true
        loop.scheduleTask(in: Self.reportInterval) { [self] in
            reportScheduled = false
            guard !finished, watchers.count != reported else { return }
            reported = watchers.count
            sendUpstream(AudienceMessage(count: reported))
        }
    }
}

/// Where a hello on a party server goes: a room's session here, or the relay of a room another
/// node of the fleet holds (a watcher at `/CODE/ws?watch`).
enum RoomTarget: Sendable {
    /// A room this node holds.
    case session(Session)
    /// Another node's room, watched through this node.
    case relay(WatchRelay)
}
