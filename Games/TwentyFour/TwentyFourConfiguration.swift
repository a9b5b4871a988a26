import PartyKit

/// TwentyFour's settings: how long a round lasts, how long the pause between rounds is, and how
/// many rounds the game has (0: it never ends on its own).
public struct TwentyFourConfiguration: GameConfiguration {
    /// Seconds a round lasts.
    public var roundSeconds: Int
    /// Seconds between the end of a round and the start of the next.
    public var pauseSeconds: Int
    /// Rounds in the game; after the last one the game is over. 0 plays on until everyone leaves.
    public var rounds: Int

    /// The allowed round lengths.
    public static let roundRange = 10...600
    /// The allowed pause lengths.
    public static let pauseRange = 1...300
    /// The allowed numbers of rounds (0: no end).
    public static let roundsRange = 0...100

    public static let settings: [GameSetting] = [
        GameSetting(name: "round-seconds", help: "seconds each round lasts (\(roundRange.lowerBound)-\(roundRange.upperBound))", defaultValue: "100"),
        GameSetting(name: "pause-seconds", help: "seconds between rounds (\(pauseRange.lowerBound)-\(pauseRange.upperBound))", defaultValue: "10"),
        GameSetting(name: "rounds", help: "rounds in the game, then it is over (\(roundsRange.lowerBound)-\(roundsRange.upperBound); 0 = no end)", defaultValue: "0"),
    ]

    /// A party room plays 5 rounds (a room's games must end; `--rounds` still chooses).
    public static let roomDefaults = ["rounds": "\(roomRounds)"]
    /// The rounds a party room plays when `--rounds` is not given.
    public static let roomRounds = 5

    /// 100 second rounds with 10 second pauses, and no end.
    public init() {
        roundSeconds = 100
        pauseSeconds = 10
        rounds = 0
    }

    /// Chosen lengths and number of rounds (clamped to the allowed ranges).
    public init(roundSeconds: Int, pauseSeconds: Int = 10, rounds: Int = 0) {
        self.roundSeconds = min(max(roundSeconds, Self.roundRange.lowerBound), Self.roundRange.upperBound)
        self.pauseSeconds = min(max(pauseSeconds, Self.pauseRange.lowerBound), Self.pauseRange.upperBound)
        self.rounds = min(max(rounds, Self.roundsRange.lowerBound), Self.roundsRange.upperBound)
    }

    public init(values: [String: String]) throws(GameSettingError) {
        try Self.checkNames(values)
        roundSeconds = try Self.integer("round-seconds", in: values, range: Self.roundRange, default: 100)
        pauseSeconds = try Self.integer("pause-seconds", in: values, range: Self.pauseRange, default: 10)
        rounds = try Self.integer("rounds", in: values, range: Self.roundsRange, default: 0)
    }
}
