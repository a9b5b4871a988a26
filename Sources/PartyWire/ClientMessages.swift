/// The first message of a connection: who is asking to join, and what they expect.
public struct Hello: WireMessage, Hashable {
    public static let type = MessageType.hello
    /// The protocol version the client speaks.
    public var `protocol`: Int
    /// The client software's name (`partyclient`).
    public var client: String
    /// The client software's version.
    public var clientVersion: String
    /// The name the player wants; the host cleans it and may change it.
    public var name: String
    /// The game id the client expects, if any; a different game is rejected.
    public var game: String?
    /// Whether this client is a bot (shown to others; not trusted for anything).
    public var bot: Bool?
    /// A bot's level (`easy`, `normal`, `perfect`), shown beside its name; only read with `bot`.
    public var level: String?
    /// The secret that marks the host's own player; only the process running the host knows it.
    public var hostKey: String?
    /// `player` (the default) or `spectator`.
    public var role: String?
    /// The reconnect token from an earlier welcome: asks for that seat back.
    public var token: String?
    /// The session's join code, when the host requires one.
    public var code: String?
    /// The game ids this client can draw. When present and the session's game is not among them,
    /// the host sends this connection plain-text views with labelled moves (`PlainTextView`).
    public var games: [String]?
    /// What the client understands beyond the base protocol: `teams` asks for `team` messages.
    public var features: [String]?
    /// On a party server (`partyhost serve`): the four-letter code of the room to join. A WebSocket
    /// at `/CODE/ws` names its room by its path and may leave this out.
    public var room: String?

    /// Creates a hello.
    public init(protocol: Int = WireProtocol.version, client: String, clientVersion: String = WireProtocol.softwareVersion,
                name: String, game: String? = nil, bot: Bool? = nil, hostKey: String? = nil,
                role: String? = nil, token: String? = nil, code: String? = nil, games: [String]? = nil,
                level: String? = nil, features: [String]? = nil, room: String? = nil) {
        self.room = room
        self.features = features
        self.level = level
        self.games = games
        self.role = role
        self.token = token
        self.code = code
        self.protocol = `protocol`
        self.client = client
        self.clientVersion = clientVersion
        self.name = name
        self.game = game
        self.bot = bot
        self.hostKey = hostKey
    }
}

/// The player says they are ready (or no longer ready) for the next game.
public struct Ready: WireMessage, Hashable {
    public static let type = MessageType.ready
    /// Ready or not.
    public var ready: Bool

    /// Creates a ready message.
    public init(ready: Bool = true) { self.ready = ready }
}

/// The host's player starts the game (when the game allows a choice of player count).
public struct Start: WireMessage, Hashable {
    public static let type = MessageType.start
    /// Creates a start message.
    public init() {}
}

/// A move in the running game; `move` is the game's own JSON.
public struct MoveMessage<Move: Codable & Sendable>: WireMessage {
    public static var type: MessageType { .move }
    /// The game's move.
    public var move: Move
    /// The seat the client believes it plays; if present it must be its own.
    public var seat: Int?

    /// Creates a move message.
    public init(move: Move, seat: Int? = nil) {
        self.move = move
        self.seat = seat
    }
}

/// A move typed as text by a client without the game's presenter (an expression in TwentyFour);
/// the host reads it with the game's rules and answers like any move.
public struct TypedMove: WireMessage, Hashable {
    public static let type = MessageType.typedMove
    /// What the person typed.
    public var text: String

    /// Creates a typed move.
    public init(text: String) { self.text = text }
}

/// The player asks for a rematch after a game is over.
public struct Rematch: WireMessage, Hashable {
    public static let type = MessageType.rematch
    /// Creates a rematch request.
    public init() {}
}

/// The player leaves the session; the host closes the connection after it.
public struct Leave: WireMessage, Hashable {
    public static let type = MessageType.leave
    /// Creates a leave message.
    public init() {}
}

/// The VIP removes a member from the party room (or a player from a locked table).
public struct Remove: WireMessage, Hashable {
    public static let type = MessageType.remove
    /// The member id of the player removed (`room.scoreboard[].member`, `lobby.players[].member`).
    public var member: Int

    /// Creates a remove message.
    public init(member: Int) {
        self.member = member
    }
}

/// The VIP ends the party for everyone.
public struct EndParty: WireMessage, Hashable {
    public static let type = MessageType.endParty
    /// Creates an end-party message.
    public init() {}
}

/// Sent by both sides every few seconds so that a dead peer is noticed.
public struct Heartbeat: WireMessage, Hashable {
    public static let type = MessageType.heartbeat
    /// Creates a heartbeat.
    public init() {}
}
