import PartyWire
import Synchronization

/// A client's place in a session that survives dropped connections: when the connection drops,
/// it reconnects with backoff and presents the seat's token, so play goes on where it stopped.
///
/// Use it scoped: `try await PartySession.withSession(to:hello:) { session, welcome in … }`.
public final class PartySession: Sendable {
    /// Everything the host says, across reconnections, in order; ends with `.disconnected`.
    public let events: AsyncStream<ClientEvent>
    let eventContinuation: AsyncStream<ClientEvent>.Continuation
    let state = Mutex<(connection: PartyConnection?, leaving: Bool)>((nil, false))

    init() {
        (events, eventContinuation) = AsyncStream<ClientEvent>.makeStream()
    }

    /// Sends a message on the current connection (dropped while reconnecting).
    public func send(_ message: any WireMessage) {
        state.withLock { $0.connection }?.send(message)
    }

    /// Leaves the session for good.
    public func leave() {
        let connection = state.withLock { state in
            state.leaving = true
            return state.connection
        }
        connection?.leave()
    }

    var leaving: Bool { state.withLock { $0.leaving } }

    /// Joins, then runs `body`; reconnects behind its back for up to `patience` after a drop.
    public static func withSession<Result: Sendable>(
        to address: HostAddress,
        hello: Hello,
        patience: Duration = .seconds(30),
        body: @Sendable (PartySession, Welcome) async throws -> Result
    ) async throws -> Result {
        let session = PartySession()
        let (welcomes, welcomeContinuation) = AsyncStream<Welcome>.makeStream()
        return try await withThrowingTaskGroup(of: Result?.self) { group in
            group.addTask {
                try await session.keepConnected(to: address, hello: hello, patience: patience, firstWelcome: welcomeContinuation)
                return nil
            }
            var iterator = welcomes.makeAsyncIterator()
            guard let welcome = await iterator.next() else {
                // The first connection failed: keepConnected throws the reason.
                for try await _ in group {}
                throw ClientError.closedDuringHandshake("no welcome")
            }
            let result: Result
            do {
                result = try await body(session, welcome)
            } catch {
                session.leave()
                group.cancelAll()
                throw error
            }
            session.leave()
            for try await _ in group {}
            return result
        }
    }

    /// Connects and forwards events; after an unexpected drop, reconnects with the latest token.
    func keepConnected(
        to address: HostAddress, hello: Hello, patience: Duration,
        firstWelcome: AsyncStream<Welcome>.Continuation
    ) async throws {
        var hello = hello
        var first = true
        var lostAt: ContinuousClock.Instant?
        var delay = Duration.milliseconds(250)
        var lastProblem = ""
        defer {
            firstWelcome.finish()
            eventContinuation.finish()
        }
        while true {
            do {
                let isFirst = first
                let outcome = try await PartyConnection.withConnection(to: address, hello: hello) { connection, welcome in
                    await self.forward(connection: connection, welcome: welcome, first: isFirst, firstWelcome: firstWelcome)
                }
                first = false
                hello.token = outcome.token
                hello.hostKey = nil
                switch outcome.end {
                case .finished(let why):
                    eventContinuation.yield(.disconnected(why))
                    return
                case .lost(let why):
                    if leaving {
                        eventContinuation.yield(.disconnected("You left the session."))
                        return
                    }
                    lostAt = .now
                    delay = .milliseconds(250)
                    lastProblem = why
                    eventContinuation.yield(.connectionLost(why))
                }
            } catch let error as ClientError {
                if first { throw error }
                if case .rejected(_, let message) = error {
                    eventContinuation.yield(.disconnected("Could not get the seat back: \(message)"))
                    return
                }
                lastProblem = "\(error)"
            }
            guard !leaving, !Task.isCancelled, let since = lostAt, ContinuousClock.now - since < patience else {
                eventContinuation.yield(.disconnected("The connection was lost and could not be restored (\(lastProblem))."))
                return
            }
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, .seconds(4))
        }
    }

    /// How one connection ended.
    enum End: Sendable {
        /// The session is over for us (the host ended it, or we left).
        case finished(String)
        /// The connection dropped; worth reconnecting.
        case lost(String)
    }

    /// Forwards one connection's events; returns how it ended and the token to come back with.
    func forward(connection: PartyConnection, welcome: Welcome, first: Bool,
                 firstWelcome: AsyncStream<Welcome>.Continuation) async -> (end: End, token: String) {
        state.withLock { $0.connection = connection }
        defer { state.withLock { $0.connection = nil } }
        if first {
            firstWelcome.yield(welcome)
            firstWelcome.finish()
        } else {
            eventContinuation.yield(.reconnected(welcome))
        }
        if leaving { connection.leave() }
        for await event in connection.events {
            switch event {
            case .disconnected(let why):
                return (.lost(why), welcome.token)
            case .ended(let message):
                eventContinuation.yield(event)
                return (.finished(message.message), welcome.token)
            case .welcome(let again):
                eventContinuation.yield(.reconnected(again))
            default:
                eventContinuation.yield(event)
            }
        }
        return (.lost("the connection closed"), welcome.token)
    }
}
