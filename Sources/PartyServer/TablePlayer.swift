import PartyKit
import PartyWire

/// A player seated in a session, as the host tracks them.
struct TablePlayer: Sendable {
    /// The seat number.
    var seat: Int
    /// The cleaned, unique name.
    var name: String
    /// Ready for the next game.
    var ready = false
    /// The host's own player.
    var isHost: Bool
    /// Says it is a bot.
    var isBot: Bool
    /// Asked for a rematch.
    var rematch = false
    /// The connection.
    var peer: PeerLink
    /// Whether this connection's client lacks the game's presenter and gets plain-text views.
    var plainText = false
    /// The reconnect secret: works once, and changes at every welcome.
    var token: String
    /// False while the connection is gone and the seat is held for them.
    var connected = true
    /// When the connection went, while it is gone.
    var disconnectedAt: ContinuousClock.Instant?

    /// What everyone is told about this player; `graceMs` counts down from `grace`.
    func info(grace: Duration) -> PlayerInfo {
        var left: Int64?
        if let disconnectedAt {
            let remaining = grace - (ContinuousClock.now - disconnectedAt)
            left = max(0, remaining.wholeMilliseconds)
        }
        return PlayerInfo(seat: seat, name: name, ready: ready, host: isHost, bot: isBot, rematch: rematch,
                          connected: connected, graceMs: left)
    }
}
