import Logging
import NIOCore
import NIOPosix
import PartyKit
import PartyWire

/// A session host for one game: listens on TCP, handshakes each connection and hands its messages
/// to the session, all on one event loop (by default a thread of its own). Run it with
/// `run(onListening:)`; end it with `shutdown(message:)`.
public final class PartyHost<Rules: GameRules>: Sendable {
    /// The secret that marks the host's own player in `hello` (only this process knows it).
    public let hostKey: String
    /// Status changes (players seated, state) for discovery and the host's screen.
    public let statusUpdates: AsyncStream<SessionStatus>

    let options: HostOptions
    let logger: Logger
    let session: Session
    let shutdownSignal: AsyncStream<String>
    let shutdownContinuation: AsyncStream<String>.Continuation
    let connections = ConnectionRegistry()
    /// The host's own thread, when it was not given an event loop.
    let ownLoop: MultiThreadedEventLoopGroup?

    /// Creates a host; nothing listens until `run`. The session and all its connections run on
    /// `eventLoop`; by default on a thread of the host's own, so that what the game computes never
    /// holds up the rest of the process (discovery, the host's own client, other hosts).
    public init(configuration: Rules.Configuration, options: HostOptions, logger: Logger = Logger(label: "partyhost"),
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
        session = Session(game: HostedGame(Rules.self, configuration: configuration), room: nil, options: options, hostKey: hostKey,
                          logger: logger, status: continuation, loop: loop)
        (shutdownSignal, shutdownContinuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    deinit {
        ownLoop?.shutdownGracefully { _ in }
    }

    /// Asks the running host to end the session: every client is told `message`, then all close.
    public func shutdown(message: String = "The host ended the session.") {
        shutdownContinuation.yield(message)
    }

    /// Listens, serves until `shutdown` (or until the calling task is cancelled), then tells every
    /// client and returns when all connections closed. `onListening` receives the bound address as
    /// soon as the port is open.
    public func run(onListening: @Sendable (SocketAddress) async -> Void = { _ in }) async throws {
        try await SessionServer.serve(session, options: options, logger: logger, connections: connections,
                                      shutdownSignal: shutdownSignal, onListening: onListening)
    }
}
