import PartyKit
import PartyWire

/// A bot in a party room: joins as a bot and plays whatever game the room has on with that game's
/// own bot at `level` (a new one each game, on the seat the game gives it). It never votes: the
/// room's people choose. It stops when the room ends or the task is cancelled.
public struct RoomBotRunner: Sendable {
    /// Where the host is.
    public var address: HostAddress
    /// The bot's name in the room.
    public var name: String
    /// The seed of the bot's choices.
    public var seed: UInt64
    /// The room's join code, if it has one.
    public var code: String?
    /// How well the bot plays, in every game.
    public var level: BotLevel
    /// How long it waits for the host (the protocol's limits unless a test gives more).
    public var timeouts: ClientTimeouts
    /// The token of a seat it held before its host restarted (the host resumed the party).
    public var token: String?
    /// On a party server: the room's code (sent as `hello.room`).
    public var room: String?
    /// Whether the bot votes too (for the first game it can play), as a person would: a room of
    /// bots and such voters plays game after game by itself (tests, benchmarks). Room bots do not.
    public var votes = false
    /// The games this bot can play, by id.
    let games: [String: any PartyGame.Type]

    /// Creates a runner.
    public init(address: HostAddress, name: String, seed: UInt64, code: String?, level: BotLevel, games: [any PartyGame.Type],
                timeouts: ClientTimeouts = .protocolLimits) {
        self.address = address
        self.name = name
        self.seed = seed
        self.code = code
        self.level = level
        self.timeouts = timeouts
        self.games = Dictionary(games.map { ($0.descriptor.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// How screens show the bot in the room, as a single game's bot: "Ada · normal (bot)" (the
    /// name on the wire is "Ada", the level `hello.level`).
    public static func tableName(_ name: String, level: BotLevel) -> String {
        PlayerLabel.label(name: name, bot: true, level: level.rawValue)
    }

    /// Plays until the room ends or the task is cancelled.
    public func run() async throws {
        var hello = Hello(client: "partyhost-bot", name: name, game: "party", bot: true, code: code, games: games.keys.sorted(),
                          level: level.rawValue)
        hello.token = token
        hello.room = room
        let runner = self
        try await PartySession.withSession(to: address, hello: hello, timeouts: timeouts) { session, welcome in
            await BotLoop.run(RoomBotBrain(runner: runner, welcome: welcome), on: session)
        }
    }

    /// The bot for a room's game: that game's own bot, or for a game this build lacks, one that
    /// takes the first move the host's plain text offers when it is our turn.
    func makeGame(_ id: String, welcome: Welcome, lobby: Lobby?, seed: UInt64) -> any RoomBotGame {
        guard let game = games[id] else { return PlainRoomBot(gameID: id, welcome: welcome, lobby: lobby) }
        func open<Game: PartyGame>(_: Game.Type) -> any RoomBotGame {
            GameRoomBot<Game>(welcome: welcome, lobby: lobby, seed: seed, level: level)
        }
        return open(game)
    }
}

/// A party room's bot: follows the room and plays each of its games with a new game bot (`RoomBotRunner.makeGame`).
struct RoomBotBrain: BotBrain {
    /// Whose games, seed and level these are.
    let runner: RoomBotRunner
    /// The table as any game's client reads it (its own game's bot reads the views).
    var base: TableState<JSONValue>
    /// The room: its state and the game on.
    var room = RoomState()
    /// The room's game on, as the bot plays it.
    var game: (any RoomBotGame)?
    /// Games started so far: each gets its own seed.
    var gamesStarted = 0
    /// The number of the room's last vote this bot voted in.
    var votedIn: Int?

    /// Starts from the host's welcome.
    init(runner: RoomBotRunner, welcome: Welcome) {
        self.runner = runner
        base = TableState(welcome: welcome)
    }

    mutating func apply(_ event: ClientEvent, at now: GameInstant) -> BotStep {
        if case .closed = base.apply(event) { return .stop }
        // Each game the room starts (even the same game again) gets a new bot, which reads the
        // table from what the base knows so far.
        if room.apply(event) == .state, let current = room.current, game?.gameID != current.game || room.phase == "starting" {
            gamesStarted += 1
            game = runner.makeGame(current.game, welcome: base.welcome, lobby: base.lobby, seed: runner.seed &+ UInt64(gamesStarted) &* 7919)
        }
        game?.apply(event, at: now)
        return .nothing
    }

    mutating func due(at now: GameInstant) -> (any WireMessage)? {
        if runner.votes, let message = room.room, message.state == "choosing", votedIn != message.number,
           let pick = message.menu.first(where: \.playable) {
            votedIn = message.number
            return Vote(game: pick.id)
        }
        return game?.due(at: now)
    }
}
