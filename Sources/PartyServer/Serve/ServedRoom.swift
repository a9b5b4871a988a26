import Logging
import NIOCore

/// One room of a party server: a whole party (its session, clock and journal) reached by its code,
/// with no listener of its own (the server hands it its connections).
public final class ServedRoom: Sendable {
    /// The room's four-letter code.
    public let code: String
    /// The room's name ("Ann's party").
    public let name: String
    /// The secret its creator (the VIP) presents in `hello`.
    public let hostKey: String
    /// Status changes (players, the game on); finishes when the party has ended.
    public let statusUpdates: AsyncStream<SessionStatus>
    /// What replaying the journal gave, when the room resumed (nil for a new room).
    public let resumed: ResumeSummary?
    /// The highest connection number the room's journal used.
    let lastPeer: Int
    let session: Session
    let clock: SessionClock

    init(code: String, name: String, game: HostedGame?, room: RoomSettings?, options: HostOptions, logger: Logger,
         loop: any EventLoop, journal: HostJournal?) {
        self.code = code
        self.name = name
        var logger = logger
        logger[metadataKey: "room"] = "\(code)"
        let made = HostCore.makeSession(game: game, room: room, options: options, logger: logger, loop: loop, journal: journal)
        session = made.session
        hostKey = made.hostKey
        statusUpdates = made.statusUpdates
        resumed = made.resumed
        lastPeer = journal?.lastPeer ?? 0
        clock = SessionClock(session: made.session)
    }

    /// Starts the room's clock (after a restart, everyone the journal had connected is marked gone first).
    func start() {
        let session = self.session
        let resumed = self.resumed != nil
        let clock = self.clock
        session.loop.execute {
            if resumed { session.assumeIsolated { $0.settleAfterRestart() } }
            clock.start()
        }
    }

    /// How many people (not bots) are connected: seated players and watchers.
    public func humansConnected() async -> Int {
        await session.humansConnected
    }

    /// The room's status now (players, the game on).
    public func status() async -> SessionStatus {
        await session.currentStatus
    }

    /// Whether the party has ended.
    public func hasEnded() async -> Bool {
        await session.ended
    }

    /// The evening so far: every finished game and the scoreboard.
    public func report() async -> RoomReport {
        await session.report()
    }

    /// Stops serving the room here without ending its party (another node serves it now): the
    /// journal is sealed, every connection closes, the clock stops.
    func abandon() async -> JournalBatch? {
        let unwritten = await session.abandon()
        clock.stop()
        return unwritten
    }

    /// Ends the party: everyone is told `message`, the journal marks it finished, the clock stops.
    /// Returns the connections told.
    @discardableResult
    func end(reason: String, message: String) async -> Set<Int> {
        let told = await session.end(reason: reason, message: message)
        clock.stop()
        return told
    }
}

extension Session {
    /// The table's latest status.
    var currentStatus: SessionStatus { table.lastStatus ?? table.initialStatus }

    /// People (not bots) connected: seated players and watchers.
    var humansConnected: Int {
        table.players.filter { $0.connected && !$0.isBot }.count + table.audienceCount
    }
}
