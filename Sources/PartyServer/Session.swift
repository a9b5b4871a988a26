#if canImport(Glibc)
import Glibc
#endif
import Logging
import NIOCore
import PartyKit
import PartyWire

/// One hosted session's I/O around its `Table`: turns what connections send into table inputs at
/// the clock's instant, and the table's effects into writes, closes, status and log lines. It is
/// the only reader of the clock and the only holder of connections (`PeerLink`s); heartbeats, which
/// change nothing at the table, are its own.
///
/// The actor runs on one NIO event loop, the one its connections use: their handlers call it
/// synchronously (`assumeIsolated`), and only the clock and shutdown come in as tasks.
actor Session {
    /// The table: every change of the session's state goes through `table.handle`.
    var table: Table
    let logger: Logger
    /// The clock's zero: a resumed party's clock goes on from the instant its journal ends, so the
    /// time the host was down counts against nobody.
    let epoch: ContinuousClock.Instant
    let statusContinuation: AsyncStream<SessionStatus>.Continuation
    /// The connections at the table (and one saying hello), by id.
    var links: [Int: PeerLink] = [:]
    /// The table's effects, kept between inputs so that their storage is reused.
    var effects: [TableEffect] = []
    /// Where every accepted input is written before its effects leave the host (nil: no journal).
    let journal: JournalWriter?
    /// When heartbeats last went out to the players (at first a random instant up to an interval
    /// ahead: see `heartbeatPhase`).
    var lastHeartbeat: ContinuousClock.Instant
    /// Whether another node serves the party now (`abandon`): the table takes no input here again.
    var abandoned = false
    /// Where the spectators' heartbeats stand: the next spectator, the share due and not yet sent,
    /// and when they were last sent.
    var spectatorHeartbeats = (next: 0, credit: 0.0, last: ContinuousClock.now)

    /// The event loop this actor and every connection of the session run on.
    nonisolated let loop: any EventLoop

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        loop.executor.asUnownedSerialExecutor()
    }

    /// A session around `table` (new, or replayed from a journal up to the instant `resumedAt`),
    /// writing its inputs to `journal`.
    init(table: Table, journal: JournalWriter?, resumedAt: Int64, logger: Logger,
         status: AsyncStream<SessionStatus>.Continuation, loop: any EventLoop) {
        self.loop = loop
        self.logger = logger
        self.statusContinuation = status
        self.table = table
        self.journal = journal
        epoch = ContinuousClock.now - .milliseconds(resumedAt)
        var system = SystemRandomNumberGenerator()
        lastHeartbeat = Self.heartbeatPhase(from: .now, interval: table.options.heartbeatIntervalMilliseconds, using: &system)
        status.yield(table.lastStatus ?? table.initialStatus)
    }

    /// The host's clock as game time.
    func now() -> GameInstant {
        GameInstant(milliseconds: (ContinuousClock.now - epoch).wholeMilliseconds)
    }

    static func hex(bits: Int, using generator: inout SystemRandomNumberGenerator) -> String {
        (0..<(bits / 64)).map { _ in
            let text = String(generator.next(), radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
    }

    // MARK: Inputs

    /// Hands `input` to the table now and carries out what it says.
    func apply(_ input: TableInput) {
        guard !abandoned else { return }
        let instant = now()
        let unheard = table.unheard
        table.handle(input, at: instant, into: &effects)
        // A tick or a heartbeat that changed nothing is not worth a line: replaying without it
        // gives the same table.
        if let journal, table.mustJournal(input, effects: effects, unheardBefore: unheard) {
            journal.record(input, at: instant, on: loop)
        }
        perform(effects)
        // Emptied at once: an effect's views hold the game's state, which the next move changes in place.
        effects.removeAll(keepingCapacity: true)
    }

    /// Seats the client who said `hello` (or gives a held seat back, or lets them watch), or tells
    /// them why not. True when they are at the table.
    func admit(_ hello: Hello, peer: PeerLink) -> Bool {
        links[peer.id] = peer
        var system = SystemRandomNumberGenerator()
        apply(.hello(peer: peer.id, address: peer.address, hello: hello, token: Self.hex(bits: 128, using: &system)))
        guard table.knows(peer: peer.id) else {
            links[peer.id] = nil
            return false
        }
        return true
    }

    /// Handles one message from a seated player or a spectator.
    func receive(_ envelope: Envelope, from peerID: Int) {
        HostMetrics.messages.increment()
        apply(.message(peer: peerID, envelope: envelope))
    }

    /// The connection with `peerID` is gone (left, dropped or was closed).
    func remove(peerID: Int, reason: DepartureReason) {
        apply(.departed(peer: peerID, reason: reason))
        links[peerID] = nil
    }

    /// How long `address` must wait before its next join code is checked (after wrong guesses).
    func codeDelay(for address: String) -> Duration {
        .milliseconds(table.codeDelay(for: address, at: now()))
    }

    /// Ends the session: everyone is told, then every connection closes. Returns the connections
    /// told (they close once `ended` is written).
    @discardableResult
    func end(reason: String, message: String) -> Set<Int> {
        guard !table.ended else { return [] }
        let told = Set(links.keys)
        apply(.end(reason: reason, message: message))
        return told
    }

    /// The table ended the party on purpose (the host quit, or the VIP ended it): the journal
    /// marks it finished, never to be resumed.
    func finishJournal(reason: String) {
        guard let journal else { return }
        journal.commit()
        do {
            try journal.store.finish(party: journal.party, reason: reason, at: Session.wallClock())
        } catch {
            logger.warning("the journal could not mark the party finished: \(error)")
        }
    }

    /// After a restart: everyone the journal had at the table is gone until they come back (their
    /// seats are held as after any drop, the grace counting from now).
    func settleAfterRestart() {
        for peer in table.connectedPeers {
            apply(.departed(peer: peer, reason: .connectionClosed))
        }
    }

    /// Seconds since 1970 (for the journal's dates).
    static func wallClock() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// Whether the session has ended.
    var ended: Bool { table.ended }

    /// The evening so far: every finished game and the scoreboard.
    func report() -> RoomReport {
        table.report()
    }

    // MARK: The clock

    /// How long the clock may sleep (`Table.wakeInterval`, at most half the heartbeat interval).
    var clockInterval: Duration {
        .milliseconds(table.wakeInterval(at: now()))
    }

    /// The clock woke: heartbeats go out, and the table sees what is due.
    func tick() {
        sendHeartbeatsIfDue()
        apply(.tick)
    }

    // MARK: Effects

    /// Carries out the table's effects in order.
    func perform(_ effects: [TableEffect]) {
        for effect in effects {
            switch effect {
            case .send(let message, let peer):
                links[peer]?.send(message.message)
            case .sendMany(let message, let peers):
                Self.send(message.message, to: peers.compactMap { links[$0] })
            case .views(let views):
                views.write(to: ViewOutput(links: links))
            case .close(let peer):
                links.removeValue(forKey: peer)?.close()
            case .abort(let peer):
                if let link = links.removeValue(forKey: peer) {
                    link.close()
                    link.abort()
                }
            case .status(let status):
                statusContinuation.yield(status)
            case .log(let level, let text, let metadata):
                logger.log(level: level, "\(text)", metadata: metadata.isEmpty ? nil : metadata.mapValues { .string($0) })
            case .ended:
                finishJournal(reason: table.endReason ?? "hostQuit")
                statusContinuation.finish()
            }
        }
    }
}
