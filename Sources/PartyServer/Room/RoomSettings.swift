/// What a party room offers and how it runs: its menu, how the next game is chosen, and how long
/// the room waits between a pick and the game's start.
public struct RoomSettings: Sendable {
    /// The games on the menu, in menu order.
    public var games: [HostedGame]
    /// How the next game is chosen.
    public var choice: RoomChoice
    /// Milliseconds between the pick and the game's start (a countdown everyone sees).
    public var startDelayMilliseconds: Int64

    /// Creates settings.
    public init(games: [HostedGame], choice: RoomChoice, startDelayMilliseconds: Int64 = 3000) {
        self.games = games
        self.choice = choice
        self.startDelayMilliseconds = startDelayMilliseconds
    }

    /// The most people the room seats: the largest `maxPlayers` on its menu.
    public var capacity: Int { games.map(\.descriptor.maxPlayers).max() ?? 1 }
}
