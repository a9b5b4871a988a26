import PartyKit
import PartyWire

/// A game played by the game's own bot: a room's game, or every game of a locked session (`LockedBotBrain`).
/// A new bot for each game number, on the seat that game gives us, seeded with `seed &+ game`.
struct GameRoomBot<Game: PartyGame>: RoomBotGame {
    var table: TableState<Game.Rules.View>
    let seed: UInt64
    let level: BotLevel
    var bot: Game.Bot?
    var botGame = 0
    var plan: BotPlan<Game.Rules.Move>?

    init(welcome: Welcome, lobby: Lobby?, seed: UInt64, level: BotLevel) {
        table = TableState(welcome: welcome)
        if let lobby { _ = table.apply(.lobby(lobby)) }
        self.seed = seed
        self.level = level
    }

    var gameID: String { Game.descriptor.id }

    mutating func apply(_ event: ClientEvent, at now: GameInstant) {
        play(event, at: now)
    }

    /// Applies one event of the session at `now` and says what it changed at the table (a locked
    /// session's bot answers the lobby and stops when the session closes).
    @discardableResult
    mutating func play(_ event: ClientEvent, at now: GameInstant) -> TableState<Game.Rules.View>.Change {
        let change = table.apply(event)
        switch change {
        case .view:
            guard let view = table.view, !table.spectating else { break }
            if bot == nil || table.game != botGame {
                // The seat is the one this game gave us (seats are renumbered when a room game starts).
                botGame = table.game
                bot = Game.Bot(seat: table.seat, seed: seed &+ UInt64(botGame), level: level)
            }
            plan = bot?.plan(for: view, at: now)
        case .notice:
            // A refused move: think again from the same view, a little later.
            if let view = table.view, table.playing, !table.spectating, var next = bot?.plan(for: view, at: now) {
                next.at = max(next.at, now.adding(milliseconds: 300))
                plan = next
            }
        case .gameOver, .closed:
            plan = nil
        case .lobby, .none:
            break
        }
        return change
    }

    mutating func due(at now: GameInstant) -> (any WireMessage)? {
        guard let planned = plan, planned.at <= now else { return nil }
        plan = nil
        return MoveMessage(move: planned.move)
    }
}
