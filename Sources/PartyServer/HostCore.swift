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

    /// A session playing `game` (locked) or run by `room`, on `eventLoop` or a thread of its own.
    init(game: HostedGame?, room: RoomSettings?, options: HostOptions, logger: Logger, eventLoop: (any EventLoop)?) {
        self.options = options
        self.logger = logger
        connections = ConnectionRegistry(options)
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
        session = Session(game: game, room: room, options: options, hostKey: hostKey, logger: logger, status: continuation, loop: loop)
        (shutdownSignal, shutdownContinuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(1))
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
        try await SessionServer.serve(session, options: options, logger: logger, connections: connections,
                                      shutdownSignal: shutdownSignal, onListening: onListening)
    }
}
