import PartyKit
import PartyWire

/// What a client knows about its session, updated event by event; shared by the TUI, line mode,
/// bots and tests so they all read the host the same way. `View` is the game's view type, or
/// `PlainTextView<JSONValue>` for a client playing a game it has no presenter for.
public struct TableState<View: Codable & Sendable>: Sendable {
    /// The host's latest welcome (a reconnection brings a new one).
    public private(set) var welcome: Welcome
    /// The latest table state.
    public private(set) var lobby: Lobby?
    /// When the latest table state arrived, on this machine's clock (held seats count down from there).
    public private(set) var lobbyArrived = ContinuousClock.now
    /// The latest view of the running (or just finished) game.
    public private(set) var view: View?
    /// The game number the view belongs to.
    public private(set) var game = 0
    /// Whether we may send an ordinary move now.
    public private(set) var yourTurn = false
    /// Milliseconds to the game's next deadline when the view was sent.
    public private(set) var deadlineMs: Int64?
    /// When the view arrived, on this machine's clock.
    public private(set) var viewArrived = ContinuousClock.now
    /// The last game's result, until a new game starts.
    public private(set) var gameOver: GameOver?
    /// The latest line worth showing (a rejection, someone leaving, an error).
    public private(set) var notice: String?
    /// Our team and its proposals, when several players hold our seat (`team` messages).
    public private(set) var team: TeamMessage?
    /// The audience's predictions for the running (or just finished) game (`predictions` messages).
    public private(set) var predictions: PredictionsMessage?
    /// Our own prediction for it, once made (and judged, at the end).
    public private(set) var prediction: PredictionMessage?
    /// Set when the session is over for us, with the reason (one sentence).
    public private(set) var closed: String?
    /// While the connection is down and the client tries to get its seat back: since when, and why
    /// it dropped. Nothing typed is sent meanwhile.
    public private(set) var reconnecting: (since: ContinuousClock.Instant, why: String)?
    /// While nothing answers at the host's address and the host keeps a journal: when the client
    /// gives up waiting for it to come back (`ClientEvent.hostRestarting`).
    public private(set) var restartingUntil: ContinuousClock.Instant?

    /// Starts from the host's welcome.
    public init(welcome: Welcome) {
        self.welcome = welcome
    }

    /// Our seat (it may change when a game starts and seats are renumbered); -1 for a spectator.
    public var seat: SeatID { SeatID(lobby?.you ?? welcome.seat ?? -1) }

    /// Our seat as a presenter wants it: nil for a spectator. An ended game's, while it is shown.
    public var viewerSeat: SeatID? {
        if gameOver != nil, let atEnd { return atEnd.seat }
        return spectating ? nil : seat
    }

    /// The names by seat and our seat as they were when the game ended: a party room seats its
    /// members anew for the next game at once, and the ended game's board goes on naming its own
    /// (a team's seat by the team, not by whichever member now has that number).
    private var atEnd: (names: [SeatID: String], seat: SeatID?)?

    /// Whether we only watch: as a spectator, or (in a party room) as a member who sits this game out.
    public var spectating: Bool { welcome.role == "spectator" || me?.watching == true }

    /// The players' names by seat, as screens show them (a bot's with its level: `PlayerLabel`).
    public var names: [SeatID: String] {
        if gameOver != nil, let atEnd { return atEnd.names }
        // A seat held by a team goes by the team's name.
        return Dictionary((lobby?.players ?? welcome.players).map { (SeatID($0.seat), $0.team ?? $0.label) }, uniquingKeysWith: { a, _ in a })
    }

    /// Whether a game is running.
    public var playing: Bool { lobby?.state == "playing" && gameOver == nil }

    /// Whether the connection is down (the client is reconnecting).
    public var isReconnecting: Bool { reconnecting != nil }

    /// "The host is restarting… 42 s" (the whole seconds left before the client gives up, rounded
    /// up) while the host is away and keeps a journal; nil otherwise.
    public func restartingLine(at now: ContinuousClock.Instant = .now) -> String? {
        restartingUntil.map { Self.restartingLine(until: $0, at: now) }
    }

    /// "The host is restarting… 42 s": the whole seconds from `now` to `until`, rounded up.
    public static func restartingLine(until: ContinuousClock.Instant, at now: ContinuousClock.Instant = .now) -> String {
        "The host is restarting… \(PlayerLabel.seconds(max(0, (until - now).wholeMilliseconds))) s"
    }

    /// Seats the host holds for a dropped player, with the whole seconds left of their grace
    /// (rounded up), counted down locally from the latest `lobby`'s `graceMs`.
    public func reconnectingSeconds(at now: ContinuousClock.Instant = .now) -> [SeatID: Int64] {
        let elapsed = (now - lobbyArrived).wholeMilliseconds
        var seconds: [SeatID: Int64] = [:]
        for player in lobby?.players ?? [] where !player.connected {
            guard let grace = player.graceMs else { continue }
            seconds[SeatID(player.seat)] = PlayerLabel.seconds(grace - max(0, elapsed))
        }
        return seconds
    }

    /// The milliseconds since the view arrived.
    public var elapsedMilliseconds: Int64 {
        let elapsed = ContinuousClock.now - viewArrived
        return elapsed.wholeMilliseconds
    }

    /// What kind of change an event made.
    public enum Change: Sendable, Equatable {
        /// Nothing to redraw.
        case none
        /// The table (players, readiness, state) changed.
        case lobby
        /// A new view arrived.
        case view
        /// A line to show: a rejection, a departure, an error.
        case notice(String)
        /// A game ended.
        case gameOver
        /// The session is over for us.
        case closed(String)
    }

    /// Applies one event.
    public mutating func apply(_ event: ClientEvent) -> Change {
        switch event {
        case .welcome, .rejected, .room:
            return .none
        case .connectionLost(let why):
            reconnecting = (.now, why)
            yourTurn = false
            notice = "Connection lost (\(why)); reconnecting…"
            return .notice(notice!)
        case .hostRestarting(let until):
            restartingUntil = until
            yourTurn = false
            if reconnecting == nil { reconnecting = (.now, "nothing answers at the host's address") }
            notice = Self.restartingLine(until: until)
            return .notice(notice!)
        case .reconnected(let message):
            welcome = message
            reconnecting = nil
            restartingUntil = nil
            notice = "Reconnected."
            return .notice(notice!)
        case .lobby(let message):
            let wasPlaying = lobby?.state == "playing"
            lobby = message
            lobbyArrived = .now
            if message.state == "playing" && !wasPlaying {
                gameOver = nil
                notice = nil
                team = nil
                predictions = nil
            }
            return .lobby
        case .view(let envelope):
            guard let message = try? MessageCodec().decode(ViewMessage<View>.self, from: envelope) else {
                notice = "The host sent a view this client cannot read (is it the same version?)."
                return .notice(notice!)
            }
            if message.game != game { gameOver = nil }
            view = message.view
            game = message.game
            yourTurn = message.yourTurn
            deadlineMs = message.deadlineMs
            viewArrived = .now
            return .view
        case .moveRejected(let rejection):
            notice = rejection.message
            return .notice(rejection.message)
        case .gameOver(let message):
            gameOver = nil
            atEnd = (names, viewerSeat)
            gameOver = message
            yourTurn = false
            notice = message.summary
            return .gameOver
        case .team(let message):
            // The team's name and its live proposals take the status line.
            team = message
            notice = message.line
            return .notice(message.line)
        case .predictions(let message):
            // The split takes the status line: a watcher's always (it is their question), a
            // player's once somebody predicted (an audience of nobody is not news, and must not
            // push "Welcome back" off the line).
            if prediction?.game != message.game { prediction = nil }
            predictions = message
            guard spectating || message.total > 0 else { return .none }
            var text = message.line
            if let mine = prediction {
                // Our own prediction stays in sight: `… · you said Bob`, at the end `You said Bob — right! +50 · Bob won: …`.
                text = mine.right != nil ? "\(mine.message) · \(message.message)" : "\(text) · you said \(mine.name)"
            }
            notice = text
            return .notice(text)
        case .prediction(let message):
            prediction = message
            notice = message.message
            return .notice(message.message)
        case .playerLeft(let message):
            notice = message.message
            return .notice(message.message)
        case .ended(let message):
            reconnecting = nil
            restartingUntil = nil
            closed = message.message
            return .closed(message.message)
        case .error(let message):
            notice = message.message
            return .notice(message.message)
        case .disconnected(let why):
            reconnecting = nil
            restartingUntil = nil
            if closed == nil {
                // PartySession says a whole sentence; a bare connection's reason is a fragment.
                closed = why.last.map { ".!?".contains($0) } == true ? why : "Disconnected: \(why)."
            }
            return .closed(closed!)
        }
    }

    /// Whether we may predict the running game's winner now: we watch it, predictions are open,
    /// and we have not predicted yet.
    public var mayPredict: Bool {
        spectating && predictions?.state == "open" && prediction == nil
    }

    /// The `predict` message for the seat numbered `number` (from 1, as screens show seats), while
    /// we watch a game with predictions; the host judges it (closed, twice, no such seat: its
    /// typed refusal says why). Nil when there is nothing to predict.
    public func predict(number: Int) -> Predict? {
        guard spectating, predictions != nil, predictions?.state != "settled" else { return nil }
        return Predict(seat: number - 1)
    }

    /// The keys that predict, for a key line: `1–2 predict the winner`, while we may.
    public var predictKeys: String? {
        guard mayPredict, let count = predictions?.choices.count, count > 0 else { return nil }
        return count == 1 ? "1 predict the winner" : "1–\(min(count, 9)) predict the winner"
    }

    /// Our own entry in the player list.
    public var me: PlayerInfo? {
        let players = lobby?.players ?? welcome.players
        // Teammates share a seat: our own entry is the one with our name.
        return players.first { $0.seat == seat.index && $0.name == welcome.name } ?? players.first { $0.seat == seat.index }
    }
}
