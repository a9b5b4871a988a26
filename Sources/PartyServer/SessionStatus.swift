/// What the outside world (discovery, the host's own screen) may know about a session.
public struct SessionStatus: Hashable, Sendable {
    /// Players seated.
    public var players: Int
    /// Most players.
    public var maxPlayers: Int
    /// `lobby`, `playing` or `over`; in a party room `choosing`, `starting` or `playing`.
    public var state: String
    /// Whether a new player could join now.
    public var joinable: Bool
    /// Whether the session is a party room (TXT `room=1`, `game=party`).
    public var room: Bool
    /// In a party room: the id of the game starting or on (TXT `now=`); nil while choosing and in a
    /// session locked to one game.
    public var game: String?

    /// Creates a status.
    public init(players: Int, maxPlayers: Int, state: String, joinable: Bool, room: Bool = false, game: String? = nil) {
        self.players = players
        self.maxPlayers = maxPlayers
        self.state = state
        self.joinable = joinable
        self.room = room
        self.game = game
    }
}
