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
    /// The reconnect secret.
    var token: String

    /// What everyone is told about this player.
    var info: PlayerInfo {
        PlayerInfo(seat: seat, name: name, ready: ready, host: isHost, bot: isBot, rematch: rematch)
    }
}
