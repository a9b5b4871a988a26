import Logging
import NIOCore
import NIOPosix

/// What every kind of host is made of: the session, its event loop, the host key, the status
/// stream, the shutdown signal and the connection registry. `PartyHost` (one game) and
/// `PartyRoomHost` (a party room) differ only in the session they ask for.
final class HostCore: Sendable {
    let hostKey: String
    let statusUpdates: AsyncStream<SessionStatus>
    let options: HostOptions
    let logger: Logger
    let session: Session
    let shutdownSignal: AsyncStream<String>
    let shutdownContinuation: AsyncStream<String>.Continuation
    let connections: ConnectionRegistry
    /// The host's own thread, when it was not given an event loop.
    let ownLoop: MultiThreadedEventLoopGroup?

    /// What replaying the journal gave, when the party resumed.
    let resumed: ResumeSummary?

    /// A session playing `game` (locked) or run by `room`, on `eventLoop` or a thread of its own;
    /// with `journal`, every input is journaled, and a party whose journal has entries resumes
    /// from them.
    init(game: HostedGame?, room: RoomSettings?, options: HostOptions, logger: Logger, eventLoop: (any EventLoop)?,
         journal: HostJournal? = nil) {
        self.options = options
        self.logger = logger
        connections = ConnectionRegistry(options, after: journal?.lastPeer ?? 0)
        let loop: any EventLoop
        if let eventLoop {
            ownLoop = nil
            loop = eventLoop
        } else {
            let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
            ownLoop = group
            loop = group.next()
        }
        let made = Self.makeSession(game: game, room: room, options: options, logger: logger, loop: loop, journal: journal)
        hostKey = made.hostKey
        statusUpdates = made.statusUpdates
        resumed = made.resumed
        session = made.session
        (shutdownSignal, shutdownContinuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// What a session is made of: its table (new, or replayed from `journal`), its journal's
    /// writer, its host key and its status stream. Every kind of host (a LAN host, a room of
    /// `partyhost serve`) makes its session here.
    static func makeSession(game: HostedGame?, room: RoomSettings?, options: HostOptions, logger: Logger, loop: any EventLoop,
                            journal: HostJournal?) -> (session: Session, hostKey: String, statusUpdates: AsyncStream<SessionStatus>,
                                                       resumed: ResumeSummary?) {
        var system = SystemRandomNumberGenerator()
        let hostKey = journal?.party.hostKey ?? Session.hex(bits: 128, using: &system)
        let sessionID = journal?.party.sessionID ?? Session.hex(bits: 64, using: &system)
        let seed = journal?.party.seed ?? options.seed ?? system.next()
        let (updates, continuation) = AsyncStream<SessionStatus>.makeStream(bufferingPolicy: .bufferingNewest(1))
        var table = Table(game: game, room: room, options: options, hostKey: hostKey, sessionID: sessionID, seed: seed)
        var resumedAt: Int64 = 0
        var writer: JournalWriter?
        var resumed: ResumeSummary?
        if let journal {
            var sequence: Int64 = 0
            if !journal.entries.isEmpty {
                let replay = table.replay(journal.entries)
                resumedAt = replay.last
                sequence = replay.replayed > 0 ? journal.entries[replay.replayed - 1].sequence : 0
                if let damage = replay.damage {
                    // The rest cannot be replayed: it goes, and the journal goes on from the last good input.
                    logger.warning("the journal is damaged after entry \(sequence) (\(damage)); the party resumes from there")
                    do {
                        try journal.store.truncate(party: journal.party.id, after: sequence)
                    } catch {
                        logger.warning("the damaged entries could not be removed: \(error)")
                    }
                }
                resumed = ResumeSummary(replayed: replay.replayed, damage: replay.damage, gamesPlayed: table.gamesPlayed,
                                        seats: table.resumedSeats)
            }
            writer = JournalWriter(store: journal.store, party: journal.party.id, sequence: sequence,
                                   retryMilliseconds: journal.retryMilliseconds, onProblem: journal.onProblem)
        }
        let session = Session(table: table, journal: writer, resumedAt: resumedAt, logger: logger, status: continuation, loop: loop)
        return (session, hostKey, updates, resumed)
    }

    deinit {
        ownLoop?.shutdownGracefully { _ in }
    }

    /// Asks the running host to end the session with `message`.
    func shutdown(message: String) {
        shutdownContinuation.yield(message)
    }

    /// Listens and serves until shut down (or cancelled); returns when every connection closed.
    func serve(onListening: @Sendable (SocketAddress) async -> Void) async throws {
        if resumed != nil { await session.settleAfterRestart() }
        try await SessionServer.serve(session, options: options, logger: logger, connections: connections,
                                      shutdownSignal: shutdownSignal, onListening: onListening)
    }
}
