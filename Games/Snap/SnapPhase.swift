/// Where a game of Snap! is.
public enum SnapPhase: String, Hashable, Codable, Sendable {
    /// The cards are dealt; every player confirms (or the short deadline confirms for them).
    case dealing
    /// Players turn cards and call snap.
    case playing
    /// Someone won, or the turn limit ran out, or too few players remain.
    case over
}
