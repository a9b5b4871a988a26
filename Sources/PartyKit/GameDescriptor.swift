/// What the host and the lobby need to know about a game before any game starts.
public struct GameDescriptor: Hashable, Codable, Sendable {
    /// The stable, lower-case identifier used on the command line and the wire (`fourinarow`).
    public var id: String
    /// The human title (`Four in a Row`).
    public var title: String
    /// The fewest players a game can start with.
    public var minPlayers: Int
    /// The most players a game can seat.
    public var maxPlayers: Int
    /// Whether players may join (and leave without ending it) while a game is running.
    public var joinInProgress: Bool
    /// One sentence that says what the game is, for `--list-games` and the lobby.
    public var summary: String
    /// How to play, in one line of at most 76 characters, shown in the lobby before a game
    /// ("Strike where you think a sun hides: Space strikes, +/- size the strike.").
    public var howToPlay: String
    /// How to play in words for every screen (the phone, the TV, the terminal lobby): a few short
    /// lines of at most `howToPlayWidth` characters each, naming no keys and no taps (each screen
    /// says its own controls). Written once, here; the browser gets it from `/games.json`.
    public var rules: [String]

    /// Creates a descriptor.
    public init(id: String, title: String, minPlayers: Int, maxPlayers: Int, joinInProgress: Bool, summary: String,
                howToPlay: String, rules: [String] = []) {
        self.id = id
        self.title = title
        self.minPlayers = minPlayers
        self.maxPlayers = maxPlayers
        self.joinInProgress = joinInProgress
        self.summary = summary
        self.howToPlay = howToPlay
        self.rules = rules
    }

    /// The widest `howToPlay` may be: the lobby shows it on one line of an 80-column terminal.
    public static let howToPlayWidth = 76
}
