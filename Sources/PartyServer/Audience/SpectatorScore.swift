/// One spectator's line on the spectators' board.
struct SpectatorScore: Sendable {
    /// The spectator's name.
    var name: String
    /// Points from right predictions.
    var points = 0
    /// Right predictions.
    var right = 0
    /// Predictions made.
    var made = 0
}
