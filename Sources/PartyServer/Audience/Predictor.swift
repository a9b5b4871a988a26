/// Who made a prediction: a member of the table who watches the game (by member id, so it
/// survives a reconnection) or a spectator (by connection).
enum Predictor: Hashable, Sendable {
    /// A player at the table who does not play the running game (a room member who watches).
    case member(Int)
    /// A spectator, by the id of their connection.
    case spectator(Int)
    /// A watcher on another node of the fleet, predicting through that node's relay: the relay's
    /// connection id and the relay's own number for the watcher.
    case relayed(relay: Int, watcher: Int)

    /// The spectators' board lists equals in the order they connected: a spectator by its
    /// connection, a relay's watchers after the relay (by its numbers, which grow as they arrive).
    var boardOrder: (Int, Int) {
        switch self {
        case .member(let member): (Int.min, member)
        case .spectator(let peer): (peer, -1)
        case .relayed(let relay, let watcher): (relay, watcher)
        }
    }
}
