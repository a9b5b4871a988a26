import PartyWire
import Synchronization

/// A client's place in a session that survives dropped connections: when the connection drops,
/// it reconnects with backoff and presents the seat's newest token, so play goes on where it
/// stopped. With a `SeatMemory` every welcome's token is also kept on disk, for a restarted client.
///
/// When nothing listens at the host's address any more (connections refused for
/// `hostGoneAfter`), the host is gone: the session ends at once instead of after `patience`.
/// Unless the host keeps a journal (its welcome's `restartWait`, or the `restartWait` given here):
/// then a crashed host comes back with every seat, so the session says `.hostRestarting` and keeps
/// trying with its latest token for that long before it gives up.
///
/// In a server's room (a WebSocket to `/CODE/ws`) the session also asks the server which nodes
/// its fleet has (`/api/fleet`); when the node it used stops answering, it tries the others in
/// turn with the same token (`FleetRoute`).
///
/// Use it scoped: `try await PartySession.withSession(to:hello:) { session, welcome in … }`.
public final class PartySession: Sendable {
    /// Everything the host says, across reconnections, in order; ends with `.disconnected`.
    public let events: AsyncStream<ClientEvent>
    let eventContinuation: AsyncStream<ClientEvent>.Continuation
    let state = Mutex<(connection: PartyConnection?, leaving: Bool)>((nil, false))
    /// The room's WebSocket at each node of the server's fleet, as its `/api/fleet` last said.
    let fleetNodes = Mutex<[WebSocketTarget]?>(nil)
    /// Where the seat's token is kept between runs, if anywhere.
    let seats: SeatMemory?
    /// Called once when the session ends because nothing listens at the host's address any more.
    let onHostGone: (@Sendable () -> Void)?
    /// Called once when the session ends because a lost connection could not be restored in time.
    let onGaveUp: (@Sendable () -> Void)?

    /// How long the client tries to get its seat back after a drop, by default.
    public static let defaultPatience = Duration.seconds(30)
    /// How long connections must have been refused before the host counts as gone.
    public static let hostGoneAfter = Duration.seconds(2)
    /// How often, at most, `.hostRestarting` is said again while the host is away.
    public static let restartingNoticeEvery = Duration.seconds(10)
    /// The longest pause between two attempts to reach the host.
    public static let longestRetryDelay = Duration.seconds(4)
    /// The longest pause between two attempts while a fleet's other nodes may be tried.
    public static let fleetRetryDelay = Duration.seconds(1)

    init(seats: SeatMemory?, onHostGone: (@Sendable () -> Void)? = nil, onGaveUp: (@Sendable () -> Void)? = nil) {
        self.seats = seats
        self.onHostGone = onHostGone
        self.onGaveUp = onGaveUp
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

    /// Joins over `transport` (framed TCP by default, or a WebSocket: every reconnection uses the
    /// same one), then runs `body`; reconnects behind its back for up to `patience` after a drop (nil:
    /// as long as the host holds the seat, its welcome's `graceMs`), or up to `restartWait` when
    /// that is longer (nil: as the host's latest welcome says, `restartWait`; zero: never longer).
    /// `seats` keeps every welcome's token on disk and forgets it when the seat is given up;
    /// `onHostGone` hears when the session ended because the host is gone (refused connections),
    /// `onGaveUp` when it ended because a lost connection could not be restored within `patience`.
    public static func withSession<Result: Sendable>(
        to address: HostAddress,
        hello: Hello,
        transport: ClientTransport = .framed,
        patience: Duration? = nil,
        restartWait: Duration? = nil,
        timeouts: ClientTimeouts = .protocolLimits,
        seats: SeatMemory? = nil,
        onHostGone: (@Sendable () -> Void)? = nil,
        onGaveUp: (@Sendable () -> Void)? = nil,
        body: @Sendable (PartySession, Welcome) async throws -> Result
    ) async throws -> Result {
        let session = PartySession(seats: seats, onHostGone: onHostGone, onGaveUp: onGaveUp)
        let (welcomes, welcomeContinuation) = AsyncStream<Welcome>.makeStream()
        return try await withThrowingTaskGroup(of: Result?.self) { group in
            group.addTask {
                try await session.keepConnected(to: address, hello: hello, transport: transport, patience: patience, restartWait: restartWait, timeouts: timeouts,
                                                firstWelcome: welcomeContinuation)
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
    /// Every `.disconnected` it sends is one whole sentence for people.
    func keepConnected(
        to address: HostAddress, hello: Hello, transport: ClientTransport = .framed, patience fixedPatience: Duration?, restartWait fixedRestartWait: Duration? = nil,
        timeouts: ClientTimeouts = .protocolLimits, firstWelcome: AsyncStream<Welcome>.Continuation
    ) async throws {
        var hello = hello
        var first = true
        var lostAt: ContinuousClock.Instant?
        var refusedSince: ContinuousClock.Instant?
        var delay = Duration.milliseconds(250)
        var lastProblem = ""
        var patience = fixedPatience ?? Self.defaultPatience
        var restartWait = fixedRestartWait ?? .zero
        // When `.hostRestarting` was last said in this outage.
        var restartingSaid: ContinuousClock.Instant?
        // In a party room a seat given up by leaving can be come back to (the host gives a member
        // who left their row back for their latest token), so leaving keeps the seat's file.
        var room = false
        // A server's room: the nodes of its fleet, tried in turn when the one in use stops answering.
        var route: FleetRoute? = if case .webSocket(let target) = transport, target.room != nil { FleetRoute(target) } else { nil }
        defer {
            firstWelcome.finish()
            eventContinuation.finish()
        }
        func end(_ sentence: String, seatGone: Bool) {
            if seatGone { seats?.forget() }
            eventContinuation.yield(.disconnected(sentence))
        }
        let goneSentence = "The host has gone away: nothing answers at \(address) any more."
        while true {
            if let learned = fleetNodes.withLock({ $0 }) { route?.learned(learned) }
            let node = route?.current
            let (nodeAddress, nodeTransport) = node.map { ($0.address, ClientTransport.webSocket($0)) } ?? (address, transport)
            do {
                let isFirst = first
                let outcome = try await PartyConnection.withConnection(to: nodeAddress, hello: hello, transport: nodeTransport,
                                                                       timeouts: timeouts) { connection, welcome in
                    await self.forwardLearningFleet(connection: connection, welcome: welcome, first: isFirst, firstWelcome: firstWelcome,
                                                    room: node)
                }
                route?.succeeded()
                first = false
                refusedSince = nil
                restartingSaid = nil
                room = outcome.room
                if fixedPatience == nil { patience = outcome.patience }
                if fixedRestartWait == nil { restartWait = outcome.restartWait }
                // A spectator's welcome has no token: it comes back as a new watcher.
                hello.token = outcome.token.isEmpty ? nil : outcome.token
                hello.hostKey = nil
                switch outcome.end {
                case .finished(let why):
                    return end(Self.sentence(why), seatGone: true)
                case .lost(let why):
                    if leaving { return end("You left the session.", seatGone: !room) }
                    lostAt = .now
                    delay = .milliseconds(250)
                    lastProblem = why
                    eventContinuation.yield(.connectionLost(why))
                }
            } catch let error as ClientError {
                if first { throw error }
                // A node without the room (yet) in a fleet: its node died and another claims it; try the next.
                let notHere = if case .rejected(let reason, _) = error, reason == "noSuchRoom", route?.hasOthers == true { true } else { false }
                route?.failed()
                switch error {
                case .rejected(_, let message) where notHere:
                    lastProblem = message
                case .rejected(_, let message):
                    return end("The host did not give your seat back (\(Self.clause(message))).", seatGone: true)
                case .cannotConnect(_, _, let detail):
                    refusedSince = detail == "connection refused" ? refusedSince ?? .now : nil
                    lastProblem = detail
                case .closedDuringHandshake(let detail):
                    refusedSince = nil
                    lastProblem = detail
                case .badAddress, .noJoinCode, .badURL, .badRoomCode, .untrustedCertificate, .notUpgraded:
                    refusedSince = nil
                    lastProblem = "\(error)"
                }
            }
            if leaving { return end("You left the session.", seatGone: !room) }
            let now = ContinuousClock.now
            // A host that keeps a journal comes back after a crash: wait for it, refused or not.
            // Refused, it waits `restartWait`; with no answer at all, as long as the host holds the seat if that is longer.
            if restartWait > .zero, let since = lostAt {
                let deadline = since + (refusedSince != nil ? restartWait : max(patience, restartWait))
                if Task.isCancelled || now >= deadline {
                    if refusedSince != nil {
                        if !Task.isCancelled { onHostGone?() }
                        return end(goneSentence, seatGone: true)
                    }
                    if !Task.isCancelled { onGaveUp?() }
                    return end("The connection to the host was lost and could not be restored in \(max(patience, restartWait).components.seconds) seconds (\(Self.clause(lastProblem))).",
                               seatGone: false)
                }
                // Refused connections (or the host's grace over): the host is away, maybe restarting;
                // either way `deadline` is then `since + restartWait`.
                let away = refusedSince != nil || now - since >= patience
                if away, restartingSaid.map({ now - $0 >= Self.restartingNoticeEvery }) ?? true {
                    restartingSaid = now
                    eventContinuation.yield(.hostRestarting(until: deadline))
                }
                try? await Task.sleep(for: min(delay, deadline - now))
                // In a fleet the next node is tried within a second: the room is back on one within its lease.
                delay = min(delay * 2, route?.hasOthers == true ? Self.fleetRetryDelay : Self.longestRetryDelay)
                continue
            }
            if let since = refusedSince, now - since >= Self.hostGoneAfter {
                onHostGone?()
                return end(goneSentence, seatGone: true)
            }
            guard !Task.isCancelled, let since = lostAt, now - since < patience else {
                let seconds = patience.components.seconds
                if !Task.isCancelled { onGaveUp?() }
                return end("The connection to the host was lost and could not be restored in \(seconds) seconds (\(Self.clause(lastProblem))).",
                           seatGone: false)
            }
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, Self.longestRetryDelay)
        }
    }

    /// `text` as a sentence: capitalised, with a full stop unless it ends in one.
    static func sentence(_ text: String) -> String {
        let trimmed = text.trimmingWhitespace()
        guard let first = trimmed.first else { return "The session ended." }
        let body = first.uppercased() + trimmed.dropFirst()
        return body.last.map { ".!?".contains($0) } == true ? body : body + "."
    }

    /// `text` as a clause inside a sentence: without its closing full stop.
    static func clause(_ text: String) -> String {
        var trimmed = text.trimmingWhitespace()
        while trimmed.last == "." { trimmed.removeLast() }
        return trimmed
    }

    /// How one connection ended.
    enum End: Sendable {
        /// The session is over for us (the host ended it, or we left).
        case finished(String)
        /// The connection dropped; worth reconnecting.
        case lost(String)
    }

    /// Forwards one connection's events; returns how it ended, the token to come back with
    /// (the newest welcome's: each token works once), whether the session is a party room, and how
    /// long the host holds the seat after a drop, and how long to wait for it after a crash.
    func forward(connection: PartyConnection, welcome: Welcome, first: Bool,
                 firstWelcome: AsyncStream<Welcome>.Continuation) async -> Outcome {
        var outcome = Outcome(end: .lost("the connection closed"), token: welcome.token, room: welcome.room == true,
                              patience: welcome.reconnectPatience, restartWait: welcome.hostRestartWait)
        state.withLock { $0.connection = connection }
        defer { state.withLock { $0.connection = nil } }
        seats?.remember(welcome)
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
                outcome.end = .lost(why)
                return outcome
            case .ended(let message):
                eventContinuation.yield(event)
                outcome.end = .finished(message.message)
                return outcome
            case .welcome(let again):
                seats?.remember(again)
                outcome.token = again.token
                outcome.restartWait = again.hostRestartWait
                eventContinuation.yield(.reconnected(again))
            default:
                eventContinuation.yield(event)
            }
        }
        return outcome
    }

    /// How one connection went: how it ended, the token to come back with, whether the session is
    /// a party room, how long the host holds the seat after a drop, and how long it asks clients
    /// to wait for it after a crash.
    struct Outcome: Sendable {
        var end: End
        var token: String
        var room: Bool
        var patience: Duration
        var restartWait: Duration
    }
}

extension Welcome {
    /// How long a client keeps trying to get its seat back after a drop: as long as the host
    /// holds it (`graceMs`), or `PartySession.defaultPatience` from a host that does not say.
    public var reconnectPatience: Duration {
        graceMs.map { .milliseconds(max(1, $0)) } ?? PartySession.defaultPatience
    }

    /// How long a client keeps trying to come back when the host process disappears: the host's
    /// `restartWait` (zero from a host that keeps no journal, or says nothing).
    public var hostRestartWait: Duration {
        .seconds(max(0, restartWait ?? 0))
    }
}
