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
        let hello = Hello(client: "partyhost-bot", name: name, game: Game.descriptor.id, bot: true, code: code, level: level.rawValue)
        let seed = self.seed
        let level = self.level
        try await PartySession.withSession(to: address, hello: hello, timeouts: timeouts) { session, welcome in
            await Self.play(connection: session, welcome: welcome, seed: seed, level: level)
        }
    }

    enum Input: Sendable {
        case event(ClientEvent)
        case tick
    }

    static func play(connection: PartySession, welcome: Welcome, seed: UInt64, level: BotLevel) async {
        let start = ContinuousClock.now
        func now() -> GameInstant {
            let elapsed = ContinuousClock.now - start
            return GameInstant(milliseconds: elapsed.wholeMilliseconds)
        }
        let (inputs, feed) = AsyncStream<Input>.makeStream()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await event in connection.events { feed.yield(.event(event)) }
                feed.finish()
            }
            group.addTask {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(25))
                    if case .terminated = feed.yield(.tick) { return }
                }
            }
            var table = TableState<Game.Rules.View>(welcome: welcome)
            var bot = Game.Bot(seat: table.seat, seed: seed, level: level)
            var botGame = 0
            var plan: BotPlan<Game.Rules.Move>?
            var sentReadyFor = -1
            var askedRematchFor = -1
            loop: for await input in inputs {
                switch input {
                case .tick:
                    if let due = plan, due.at <= now() {
                        plan = nil
                        connection.send(MoveMessage(move: due.move))
                    }
                case .event(let event):
                    switch table.apply(event) {
                    case .closed:
                        break loop
                    case .lobby:
                        guard let lobby = table.lobby, let me = table.me else { continue }
                        if lobby.state == "lobby", !me.ready, sentReadyFor != lobby.gamesPlayed {
                            sentReadyFor = lobby.gamesPlayed
                            connection.send(Ready(ready: true))
                        }
                        let personAsked = lobby.players.contains { $0.rematch && !$0.bot }
                        if lobby.state == "over", personAsked, !me.rematch, askedRematchFor != lobby.gamesPlayed {
                            askedRematchFor = lobby.gamesPlayed
                            connection.send(Rematch())
                        }
                    case .view:
                        guard let view = table.view else { continue }
                        if table.game != botGame {
                            botGame = table.game
                            bot = Game.Bot(seat: table.seat, seed: seed &+ UInt64(botGame), level: level)
                        }
                        plan = bot.plan(for: view, at: now())
                    case .notice:
                        // A refused move: think again from the same view, a little later.
                        if let view = table.view, table.playing, var next = bot.plan(for: view, at: now()) {
                            next.at = max(next.at, now().adding(milliseconds: 300))
                            plan = next
                        }
                    case .gameOver:
                        plan = nil
                    case .none:
                        break
                    }
                }
            }
            feed.finish()
            group.cancelAll()
        }
    }
}
