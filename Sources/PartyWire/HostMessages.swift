/// One player as everyone in the session sees them.
public struct PlayerInfo: Codable, Hashable, Sendable {
    /// The seat.
    public var seat: Int
    /// The cleaned display name.
    public var name: String
    /// Ready for the next game.
    public var ready: Bool
    /// The host's own player.
    public var host: Bool
    /// A bot.
    public var bot: Bool
    /// Asked for a rematch after the last game.
    public var rematch: Bool
    /// Whether their connection is up; false while the host holds the seat for them.
    public var connected: Bool
    /// While disconnected: milliseconds left before the seat is given up.
    public var graceMs: Int64?
    /// In a party room: `true` while this member sits out the running game and watches it.
    public var watching: Bool?
    /// A bot's level (`normal`), when its hello gave one; absent for people.
    public var level: String?
    /// While a game runs: the name of the team this player plays in (`Team Ann & Bob`), when
    /// several players hold their seat together.
    public var team: String?

    /// Creates a player entry.
    public init(seat: Int, name: String, ready: Bool, host: Bool, bot: Bool, rematch: Bool = false,
                connected: Bool = true, graceMs: Int64? = nil, watching: Bool? = nil, level: String? = nil,
                team: String? = nil) {
        self.team = team
        self.level = level
        self.watching = watching
        self.connected = connected
        self.graceMs = graceMs
        self.seat = seat
        self.name = name
        self.ready = ready
        self.host = host
        self.bot = bot
        self.rematch = rematch
    }
}

/// The host accepts the client: the session, the game and the client's seat.
public struct Welcome: WireMessage, Hashable {
    public static let type = MessageType.welcome
    /// The protocol version the host speaks.
    public var `protocol`: Int
    /// A random id of this session.
    public var session: String
    /// The game id.
    public var game: String
    /// The game's title.
    public var title: String
    /// The session's name (as advertised).
    public var sessionName: String
    /// The client's seat; absent for a spectator.
    public var seat: Int?
    /// `player` or `spectator`.
    public var role: String
    /// Whether this welcome gave back a held seat (a reconnection).
    public var reconnected: Bool
    /// The client's name after cleaning.
    public var name: String
    /// Everyone seated, the client included.
    public var players: [PlayerInfo]
    /// The fewest players a game needs.
    public var minPlayers: Int
    /// The most players a game can seat.
    public var maxPlayers: Int
    /// A secret for this seat (128 random bits, hex), to be presented when reconnecting; each
    /// token works once (a reconnection's welcome carries a new one). Empty for spectators.
    public var token: String
    /// `true` when the session is a party room (game after game; `room` messages follow).
    public var room: Bool?
    /// How long the host holds a dropped player's seat, in milliseconds: how long a client keeps
    /// trying to reconnect (absent from hosts before it: 30,000).
    public var graceMs: Int64?
    /// How often the host sends heartbeats, and expects them, in milliseconds (absent: 3,000).
    public var heartbeatMs: Int64?
    /// The longest silence after which either side counts the other as gone, in milliseconds (absent: 10,000).
    public var silenceMs: Int64?
    /// How long clients keep trying to come back when the host process disappears, in seconds:
    /// the host keeps a journal and resumes after a crash. Absent or 0: it keeps none, so a
    /// crashed host gives no seat back.
    public var restartWait: Int?

    /// Creates a welcome.
    public init(protocol: Int = WireProtocol.version, session: String, game: String, title: String, sessionName: String,
                seat: Int?, role: String = "player", reconnected: Bool = false, name: String, players: [PlayerInfo],
                minPlayers: Int, maxPlayers: Int, token: String, room: Bool? = nil,
                graceMs: Int64? = nil, heartbeatMs: Int64? = nil, silenceMs: Int64? = nil, restartWait: Int? = nil) {
        self.room = room
        self.restartWait = restartWait
        self.graceMs = graceMs
        self.heartbeatMs = heartbeatMs
        self.silenceMs = silenceMs
        self.role = role
        self.reconnected = reconnected
        self.protocol = `protocol`
        self.session = session
        self.game = game
        self.title = title
        self.sessionName = sessionName
        self.seat = seat
        self.name = name
        self.players = players
        self.minPlayers = minPlayers
        self.maxPlayers = maxPlayers
        self.token = token
    }
}

/// The host refuses the client; the connection closes after it.
public struct Reject: WireMessage, Hashable {
    public static let type = MessageType.reject
    /// A machine-readable reason (`unsupportedVersion`, `sessionFull`, `gameInProgress`, `wrongGame`, `badName`,
    /// `badHello`, `shuttingDown`, `tooManyConnections`, `badToken`, `codeRequired`, `wrongCode`,
    /// `tooManyAttempts`, `spectatorsFull`, `badRole`).
    public var reason: String
    /// A sentence for people.
    public var message: String

    /// Creates a reject.
    public init(reason: String, message: String) {
        self.reason = reason
        self.message = message
    }
}

/// The state of the table outside a game: who sits where, who is ready, whether a game can start.
public struct Lobby: WireMessage, Hashable {
    public static let type = MessageType.lobby
    /// `lobby` (waiting for players), `playing`, or `over` (a game ended; rematch possible).
    public var state: String
    /// Everyone seated.
    public var players: [PlayerInfo]
    /// The receiving client's seat; absent for a spectator.
    public var you: Int?
    /// How many spectators are watching.
    public var spectators: Int
    /// Whether the host's player may start a game now.
    public var canStart: Bool
    /// How many games have started in this session.
    public var gamesPlayed: Int
    /// A sentence describing what the table waits for.
    public var message: String

    /// Creates a lobby update.
    public init(state: String, players: [PlayerInfo], you: Int?, spectators: Int = 0, canStart: Bool, gamesPlayed: Int, message: String) {
        self.spectators = spectators
        self.state = state
        self.players = players
        self.you = you
        self.canStart = canStart
        self.gamesPlayed = gamesPlayed
        self.message = message
    }
}

/// The receiving seat's view of the running game, sent after every change.
public struct ViewMessage<View: Codable & Sendable>: WireMessage {
    public static var type: MessageType { .view }
    /// The game number (1 for the first game of the session).
    public var game: Int
    /// The game's view for this seat.
    public var view: View
    /// Whether the receiving seat may send an ordinary move now.
    public var yourTurn: Bool
    /// Milliseconds until the game's next deadline, if one is set.
    public var deadlineMs: Int64?
    /// How the view writes its own JSON, when the sender found that out once for the game; not
    /// part of the message.
    public var writer: ViewWriter<View>?

    private enum CodingKeys: String, CodingKey {
        case game, view, yourTurn, deadlineMs
    }

    /// Creates a view message; `writer` (from `ViewWriter.make()`) writes a `JSONWritable` view
    /// with no cast per message.
    public init(game: Int, view: View, yourTurn: Bool, deadlineMs: Int64?, writer: ViewWriter<View>? = nil) {
        self.game = game
        self.view = view
        self.yourTurn = yourTurn
        self.deadlineMs = deadlineMs
        self.writer = writer
    }
}

/// A move was refused; the game state did not change.
public struct MoveRejected: WireMessage, Hashable {
    public static let type = MessageType.moveRejected
    /// The `seq` of the refused move.
    public var inReplyTo: Int
    /// A machine-readable reason (`notYourTurn`, `columnFull`, …).
    public var reason: String
    /// A sentence for people.
    public var message: String

    /// Creates a rejection.
    public init(inReplyTo: Int, reason: String, message: String) {
        self.inReplyTo = inReplyTo
        self.reason = reason
        self.message = message
    }
}

/// A game ended.
public struct GameOver: WireMessage, Hashable {
    public static let type = MessageType.gameOver
    /// The game number.
    public var game: Int
    /// The winning seats (empty for a draw).
    public var winners: [Int]
    /// `won`, `draw`, `playersLeft` or `limitReached`.
    public var reason: String
    /// A sentence for people.
    public var summary: String
    /// Every seat that played, best first (ties share a place); absent for an abandoned game.
    public var standings: [StandingInfo]?

    /// Creates a game-over message.
    public init(game: Int, winners: [Int], reason: String, summary: String, standings: [StandingInfo]? = nil) {
        self.standings = standings
        self.game = game
        self.winners = winners
        self.reason = reason
        self.summary = summary
    }
}

/// A player left the session (or their connection was lost).
public struct PlayerLeft: WireMessage, Hashable {
    public static let type = MessageType.playerLeft
    /// Their seat.
    public var seat: Int
    /// Their name.
    public var name: String
    /// A sentence for people.
    public var message: String

    /// Creates a player-left message.
    public init(seat: Int, name: String, message: String) {
        self.seat = seat
        self.name = name
        self.message = message
    }
}

/// The host ended the session; the connection closes after it.
public struct Ended: WireMessage, Hashable {
    public static let type = MessageType.ended
    /// `hostQuit`, `idle` or `error`.
    public var reason: String
    /// A sentence for people.
    public var message: String

    /// A party room's final scoreboard, best first (absent for a session locked to one game).
    public var scoreboard: [RoomScoreLine]?

    /// Creates an ended message.
    public init(reason: String, message: String, scoreboard: [RoomScoreLine]? = nil) {
        self.scoreboard = scoreboard
        self.reason = reason
        self.message = message
    }
}

/// The client sent something the host cannot accept at the protocol level.
public struct ErrorMessage: WireMessage, Hashable {
    public static let type = MessageType.error
    /// A machine-readable reason.
    public var reason: String
    /// A sentence for people.
    public var message: String
    /// The `seq` of the offending message, when it could be read.
    public var inReplyTo: Int?
    /// Whether the host closes the connection after this error.
    public var fatal: Bool
    /// To a relay: the watcher whose message this answers (the relay removes it before passing it on).
    public var watcher: Int?

    /// Creates an error message.
    public init(reason: String, message: String, inReplyTo: Int? = nil, fatal: Bool = false, watcher: Int? = nil) {
        self.reason = reason
        self.message = message
        self.inReplyTo = inReplyTo
        self.fatal = fatal
        self.watcher = watcher
    }
}
