import PartyKit

/// Snap!'s settings: how long a player may take to turn a card, and after how many turns the game ends.
public struct SnapConfiguration: GameConfiguration {
    /// Seconds a player has to turn their card before it is turned for them.
    public var turnSeconds: Int
    /// Turns after which the player with the most cards wins.
    public var turnLimit: Int

    /// `turn-seconds` and `turn-limit`.
    public static let settings: [GameSetting] = [
        GameSetting(name: "turn-seconds", help: "seconds a player has to turn their card (1-600)", defaultValue: "10"),
        GameSetting(name: "turn-limit", help: "turns after which the most cards win (1-100000)", defaultValue: "1000"),
    ]

    /// A party room ends the game after 150 turns (a few minutes; `--turn-limit` still chooses).
    public static let roomDefaults = ["turn-limit": "\(roomTurnLimit)"]
    /// The turn limit a party room plays with when `--turn-limit` is not given.
    public static let roomTurnLimit = 150

    /// The defaults: 10 s a turn, 1000 turns.
    public init() {
        self.init(turnSeconds: 10, turnLimit: 1000)
    }

    /// Creates a configuration with explicit values.
    public init(turnSeconds: Int, turnLimit: Int) {
        self.turnSeconds = max(1, turnSeconds)
        self.turnLimit = max(1, turnLimit)
    }

    /// Reads `turn-seconds` (1-600) and `turn-limit` (1-100000).
    public init(values: [String: String]) throws(GameSettingError) {
        try Self.checkNames(values)
        self.init(
            turnSeconds: try Self.integer("turn-seconds", in: values, range: 1...600, default: 10),
            turnLimit: try Self.integer("turn-limit", in: values, range: 1...100_000, default: 1000)
        )
    }

    /// The turn time in milliseconds.
    var turnMilliseconds: Int64 { Int64(turnSeconds) * 1000 }
}
