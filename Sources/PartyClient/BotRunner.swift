import PartyKit
import PartyWire

/// Runs a game's bot as an ordinary client of a session: says ready, plays its moves when its
/// plan is due, accepts a rematch that a person asked for, and stops when the session ends. The bot
/// keeps its level in every game of the session.
public struct BotRunner<Game: PartyGame>: Sendable {
    /// Where the host is.
    public var address: HostAddress
    /// The bot's name at the table.
    public var name: String
    /// The seed of the bot's choices.
    public var seed: UInt64
    /// The session's join code, if it has one.
    public var code: String?
    /// How well the bot plays.
    public var level: BotLevel
    /// How long it waits for the host (the protocol's limits unless a test gives more).
    public var timeouts: ClientTimeouts
    /// The token of a seat it held before its host restarted (the host resumed the party).
    public var token: String?

    /// Creates a runner.
    public init(address: HostAddress, name: String, seed: UInt64, code: String? = nil, level: BotLevel = .standard,
                timeouts: ClientTimeouts = .protocolLimits) {
        self.address = address
        self.name = name
        self.seed = seed
        self.code = code
        self.level = level
        self.timeouts = timeouts
    }

    /// How screens show the bot: its name and its level, e.g. "Ada · perfect (bot)" (24
    /// characters at most for names of up to 8). On the wire the name is "Ada" and the level
    /// `hello.level`; clients put the two together (`PlayerLabel`).
    public static func tableName(_ name: String, level: BotLevel) -> String {
        PlayerLabel.label(name: name, bot: true, level: level.rawValue)
    }

    /// Plays until the session ends or the task is cancelled.
    public func run() async throws {
        var hello = Hello(client: "partyhost-bot", name: name, game: Game.descriptor.id, bot: true, code: code, level: level.rawValue)
        hello.token = token
        let seed = self.seed
        let level = self.level
        try await PartySession.withSession(to: address, hello: hello, timeouts: timeouts) { session, welcome in
            await BotLoop.run(LockedBotBrain<Game>(welcome: welcome, seed: seed, level: level), on: session)
        }
    }
}

/// A locked session's bot: the game's own bot plays every game (`GameRoomBot`); between games it
/// says ready and accepts a rematch a person asked for.
struct LockedBotBrain<Game: PartyGame>: BotBrain {
    /// The games' player, which also keeps the table.
    var player: GameRoomBot<Game>
    /// The `gamesPlayed` we last said ready for, so a lobby that repeats itself gets one `ready`.
    var sentReadyFor = -1
    /// The `gamesPlayed` we last asked for a rematch after, likewise.
    var askedRematchFor = -1

    /// Starts from the host's welcome; a game's bot is seeded with `seed &+ game`.
    init(welcome: Welcome, seed: UInt64, level: BotLevel) {
        player = GameRoomBot(welcome: welcome, lobby: nil, seed: seed, level: level)
    }

    mutating func apply(_ event: ClientEvent, at now: GameInstant) -> BotStep {
        switch player.play(event, at: now) {
        case .closed:
            return .stop
        case .lobby:
            return .send(lobbyReplies())
        case .view, .notice, .gameOver, .none:
            return .nothing
        }
    }

    mutating func due(at now: GameInstant) -> (any WireMessage)? {
        player.due(at: now)
    }

    /// Ready in the lobby, and a rematch once a person asked for one (only a person's ask counts,
    /// so bots alone at a table do not rematch each other for ever); each once per game played.
    mutating func lobbyReplies() -> [any WireMessage] {
        guard let lobby = player.table.lobby, let me = player.table.me else { return [] }
        var replies: [any WireMessage] = []
        if lobby.state == "lobby", !me.ready, sentReadyFor != lobby.gamesPlayed {
            sentReadyFor = lobby.gamesPlayed
            replies.append(Ready(ready: true))
        }
        let personAsked = lobby.players.contains { $0.rematch && !$0.bot }
        if lobby.state == "over", personAsked, !me.rematch, askedRematchFor != lobby.gamesPlayed {
            askedRematchFor = lobby.gamesPlayed
            replies.append(Rematch())
        }
        return replies
    }
}
