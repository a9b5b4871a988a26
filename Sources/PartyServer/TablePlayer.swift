import PartyKit
import PartyWire

/// A player seated in a session, as the host tracks them.
struct TablePlayer: Sendable {
    /// The seat number.
    var seat: Int
    /// The party room's member id (stable across games and reconnections; 0 in a locked session).
    var member: Int
    /// The cleaned, unique name.
    var name: String
    /// Ready for the next game.
    var ready = false
    /// The host's own player.
    var isHost: Bool
    /// Says it is a bot.
    var isBot: Bool
    /// The bot's level, when its hello gave one (shown beside its name, never part of it).
    var level: String? = nil
    /// Asked for a rematch.
    var rematch = false
    /// In a party room: sits out the running game and watches it (gets the spectator view).
    var watching = false
    /// The connection's id (the latest one, while the seat is held).
    var peer: Int
    /// The games the client can draw (`hello.games`); nil: all of them.
    var games: [String]?
    /// Whether this connection's client lacks the running game's presenter and gets plain-text views.
    var plainText = false
    /// The reconnect secret: works once, and changes at every welcome.
    var token: String
    /// Whether the client asked for `team` messages (`hello.features` has `teams`).
    var wantsTeams = false
    /// Whether the client asked for `predictions` messages (`hello.features` has `predictions`).
    var wantsPredictions = false
    /// False while the connection is gone and the seat is held for them.
    var connected = true
    /// When the connection went, while it is gone.
    var disconnectedAt: GameInstant?

    /// What everyone is told about this player at `now`; `graceMs` counts down from `grace` milliseconds.
    func info(grace: Int64, at now: GameInstant) -> PlayerInfo {
        var left: Int64?
        if let disconnectedAt {
            left = max(0, grace - now.milliseconds(since: disconnectedAt))
        }
        return PlayerInfo(seat: seat, name: name, ready: ready, host: isHost, bot: isBot, rematch: rematch,
                          connected: connected, graceMs: left, watching: watching ? true : nil, level: level)
    }
}
