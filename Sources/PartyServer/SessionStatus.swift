/// What the outside world (discovery, the host's own screen) may know about a session.
public struct SessionStatus: Hashable, Sendable {
    /// Players seated.
    public var players: Int
    /// Most players.
    public var maxPlayers: Int
    /// `lobby`, `playing` or `over`.
    public var state: String
    /// Whether a new player could join now.
    public var joinable: Bool

    /// Creates a status.
    public init(players: Int, maxPlayers: Int, state: String, joinable: Bool) {
        self.players = players
        self.maxPlayers = maxPlayers
        self.state = state
        self.joinable = joinable
    }
}
