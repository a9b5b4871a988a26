/// Why a player is no longer at the table.
enum DepartureReason: String, Codable, Sendable {
    /// They said leave.
    case left
    /// The connection closed without a goodbye.
    case connectionClosed
    /// Their heartbeats stopped.
    case timedOut
    /// They sent something that made the stream unreadable.
    case protocolError
    /// Their outgoing queue overflowed: they stopped reading.
    case stuck

    /// Whether the player may come back to a held seat.
    var mayReconnect: Bool {
        switch self {
        case .connectionClosed, .timedOut: true
        case .left, .protocolError, .stuck: false
        }
    }

    /// The sentence everyone is told; in a party room someone who leaves leaves the party, not one game.
    func message(for name: String, inRoom: Bool = false) -> String {
        switch self {
        case .left: inRoom ? "\(name) left the party." : "\(name) left the game."
        case .connectionClosed: "\(name)'s connection closed."
        case .timedOut: "\(name) stopped answering (connection lost)."
        case .protocolError: "\(name) was disconnected after a protocol error."
        case .stuck: "\(name) stopped reading and was disconnected."
        }
    }
}
