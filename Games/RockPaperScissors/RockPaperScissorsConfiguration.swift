import PartyKit

/// RockPaperScissors's settings, read from the host's command line: `partyhost --game rps --target 31`.
public struct RockPaperScissorsConfiguration: GameConfiguration {
    /// The total to reach.
    public var target: Int
    /// Seconds a player has for a turn before the clock adds 1 for them.
    public var turnSeconds: Int

    /// The allowed targets.
    public static let targetRange = 10...100
    /// The allowed turn lengths, in seconds.
    public static let turnRange = 5...600

    /// The settings this game understands, for `partyhost --help` and for checking the command line.
    public static let settings: [GameSetting] = [
        GameSetting(name: "target", help: "the total to reach (\(targetRange.lowerBound)-\(targetRange.upperBound))", defaultValue: "21"),
        GameSetting(name: "turn-seconds", help: "seconds per turn before the clock adds 1 (\(turnRange.lowerBound)-\(turnRange.upperBound))", defaultValue: "30"),
    ]

    /// A target of 21 and 30 seconds a turn.
    public init() {
        target = 21
        turnSeconds = 30
    }

    /// Chosen settings, clamped to the allowed ranges.
    public init(target: Int, turnSeconds: Int = 30) {
        self.target = min(max(target, Self.targetRange.lowerBound), Self.targetRange.upperBound)
        self.turnSeconds = min(max(turnSeconds, Self.turnRange.lowerBound), Self.turnRange.upperBound)
    }

    /// Reads `--target` and `--turn-seconds`; anything else, or a value out of range, is an error.
    public init(values: [String: String]) throws(GameSettingError) {
        try Self.checkNames(values)
        target = try Self.integer("target", in: values, range: Self.targetRange, default: 21)
        turnSeconds = try Self.integer("turn-seconds", in: values, range: Self.turnRange, default: 30)
    }

    /// A turn's length in milliseconds, as game time counts it.
    public var turnMilliseconds: Int64 { Int64(turnSeconds) * 1000 }
}
