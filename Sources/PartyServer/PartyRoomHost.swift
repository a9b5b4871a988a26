import Logging
import NIOCore
import NIOPosix
import PartyKit
import PartyWire

/// A party room host: one session, game after game chosen by the people in it, with a scoreboard
/// across games (`partyhost` with no `--game`; `PartyHost<Rules>` stays for a room locked to one
/// game). Listens on TCP like `PartyHost`; run it with `run(onListening:)`, end it with
/// `shutdown(message:)`, which makes `run` return the evening's `RoomReport`.
public final class PartyRoomHost: Sendable {
    /// The secret that marks the host's own player in `hello` (only this process knows it).
    public let hostKey: String
    /// Status changes (players seated, choosing or the game on) for discovery and the host's screen.
    public let statusUpdates: AsyncStream<SessionStatus>

    let options: HostOptions
    let logger: Logger
    let session: Session
    let shutdownSignal: AsyncStream<String>
    let shutdownContinuation: AsyncStream<String>.Continuation
    let connections = ConnectionRegistry()
    /// The host's own thread, when it was not given an event loop.
    let ownLoop: MultiThreadedEventLoopGroup?

    /// Creates a room offering `room.games`; nothing listens until `run`. The session and all its
    /// connections run on `eventLoop`, by default on a thread of the host's own.
    public init(room: RoomSettings, options: HostOptions, logger: Logger = Logger(label: "partyhost"),
                eventLoop: (any EventLoop)? = nil) {
        self.options = options
        self.logger = logger
        var system = SystemRandomNumberGenerator()
        hostKey = Session.hex(bits: 128, using: &system)
        let (updates, continuation) = AsyncStream<SessionStatus>.makeStream(bufferingPolicy: .bufferingNewest(1))
        statusUpdates = updates
        let loop: any EventLoop
        if let eventLoop {
            ownLoop = nil
            loop = eventLoop
        } else {
            let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
            ownLoop = group
            loop = group.next()
        }
        session = Session(game: nil, room: room, options: options, hostKey: hostKey, logger: logger, status: continuation, loop: loop)
        (shutdownSignal, shutdownContinuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    deinit {
        ownLoop?.shutdownGracefully { _ in }
    }

    /// Asks the running room to end: every client is told `message` and the final scoreboard,
    /// then all close.
    public func shutdown(message: String = "The host ended the session.") {
        shutdownContinuation.yield(message)
    }

    /// Listens, serves until `shutdown` (or until the calling task is cancelled), then tells every
    /// client and returns the evening's games and final standings once all connections closed.
    @discardableResult
    public func run(onListening: @Sendable (SocketAddress) async -> Void = { _ in }) async throws -> RoomReport {
        try await SessionServer.serve(session, options: options, logger: logger, connections: connections,
                                      shutdownSignal: shutdownSignal, onListening: onListening)
        return await session.report()
    }

    /// The evening so far (for `--results` written while the room runs).
    public func report() async -> RoomReport {
        await session.report()
    }
}
