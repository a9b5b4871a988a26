/// Who made a prediction: a member of the table who watches the game (by member id, so it
/// survives a reconnection) or a spectator (by connection).
enum Predictor: Hashable, Sendable {
    /// A player at the table who does not play the running game (a room member who watches).
    case member(Int)
    /// A spectator, by the id of their connection.
    case spectator(Int)
}
