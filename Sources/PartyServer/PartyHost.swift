import Logging
import NIOCore
import PartyKit
import PartyWire

/// A session host for one game: listens on TCP, handshakes each connection and hands its messages
/// to the session, all on one event loop (by default a thread of its own). Run it with
/// `run(onListening:)`; end it with `shutdown(message:)`.
public final class PartyHost<Rules: GameRules>: Sendable {
    /// The secret that marks the host's own player in `hello` (only this process knows it).
    public var hostKey: String { core.hostKey }
    /// Status changes (players seated, state) for discovery and the host's screen.
    public var statusUpdates: AsyncStream<SessionStatus> { core.statusUpdates }

    let core: HostCore

    /// Creates a host; nothing listens until `run`. The session and all its connections run on
    /// `eventLoop`; by default on a thread of the host's own, so that what the game computes never
    /// holds up the rest of the process (discovery, the host's own client, other hosts).
    /// With `journal`, every input is journaled before its effects leave, and a journal with
    /// entries is replayed first: the session resumes where its last host stopped.
    public init(configuration: Rules.Configuration, options: HostOptions, logger: Logger = Logger(label: "partyhost"),
                eventLoop: (any EventLoop)? = nil, journal: HostJournal? = nil) {
        core = HostCore(game: HostedGame(Rules.self, configuration: configuration), room: nil, options: options, logger: logger,
                        eventLoop: eventLoop, journal: journal)
    }

    /// What replaying the journal gave, when the session resumed (nil for a new one).
    public var resumed: ResumeSummary? { core.resumed }

    /// The evening so far: every finished game (for results written while the session runs).
    public func report() async -> RoomReport {
        await core.session.report()
    }

    /// Asks the running host to end the session: every client is told `message`, then all close.
    public func shutdown(message: String = "The host ended the session.") {
        core.shutdown(message: message)
    }

    /// Listens, serves until `shutdown` (or until the calling task is cancelled), then tells every
    /// client and returns when all connections closed. `onListening` receives the bound address as
    /// soon as the port is open.
    public func run(onListening: @Sendable (SocketAddress) async -> Void = { _ in }) async throws {
        try await core.serve(onListening: onListening)
    }
}
