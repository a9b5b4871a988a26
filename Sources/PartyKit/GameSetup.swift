/// Everything the host hands the rules to start one game.
public struct GameSetup<Configuration: GameConfiguration>: Sendable {
    /// The players, in seat order.
    public var seats: [Seat]
    /// The game's settings.
    public var configuration: Configuration
    /// The seed of all the game's randomness; the same seed and moves give the same game.
    public var seed: UInt64
    /// How many games this session played before this one (0 for the first), so rules can
    /// alternate who starts across rematches.
    public var gameNumber: Int
    /// The host's clock when the game starts.
    public var now: GameInstant

    /// Creates a setup.
    public init(seats: [Seat], configuration: Configuration = .init(), seed: UInt64, gameNumber: Int = 0, now: GameInstant = .zero) {
        self.seats = seats
        self.configuration = configuration
        self.seed = seed
        self.gameNumber = gameNumber
        self.now = now
    }
}
