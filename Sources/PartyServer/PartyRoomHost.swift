import Logging
import NIOCore
import PartyKit
import PartyWire

/// A party room host: one session, game after game chosen by the people in it, with a scoreboard
/// across games (`partyhost` with no `--game`; `PartyHost<Rules>` stays for a room locked to one
/// game). Listens on TCP like `PartyHost`; run it with `run(onListening:)`, end it with
/// `shutdown(message:)`, which makes `run` return the evening's `RoomReport`.
public final class PartyRoomHost: Sendable {
    /// The secret that marks the host's own player in `hello` (only this process knows it).
    public var hostKey: String { core.hostKey }
    /// Status changes (players seated, choosing or the game on) for discovery and the host's screen.
    public var statusUpdates: AsyncStream<SessionStatus> { core.statusUpdates }

    let core: HostCore

    /// Creates a room offering `room.games`; nothing listens until `run`. The session and all its
    /// connections run on `eventLoop`, by default on a thread of the host's own.
    ///
    /// With `journal`, every input the room accepts is journaled before its effects leave, and a
    /// journal with entries is replayed first: the party resumes where its last host stopped.
    public init(room: RoomSettings, options: HostOptions, logger: Logger = Logger(label: "partyhost"),
                eventLoop: (any EventLoop)? = nil, journal: HostJournal? = nil) {
        core = HostCore(game: nil, room: room, options: options, logger: logger, eventLoop: eventLoop, journal: journal)
    }

    /// What replaying the journal gave, when the party resumed (nil for a new party).
    public var resumed: ResumeSummary? { core.resumed }

    /// Asks the running room to end: every client is told `message` and the final scoreboard,
    /// then all close.
    public func shutdown(message: String = "The host ended the session.") {
        core.shutdown(message: message)
    }

    /// Listens, serves until `shutdown` (or until the calling task is cancelled), then tells every
    /// client and returns the evening's games and final standings once all connections closed.
    @discardableResult
    public func run(onListening: @Sendable (SocketAddress) async -> Void = { _ in }) async throws -> RoomReport {
        try await core.serve(onListening: onListening)
        return await core.session.report()
    }

    /// The evening so far (for `--results` written while the room runs).
    public func report() async -> RoomReport {
        await core.session.report()
    }
}
