import PartyKit

/// TwentyFour's settings: how long a round lasts and how long the pause between rounds is.
public struct TwentyFourConfiguration: GameConfiguration {
    /// Seconds a round lasts.
    public var roundSeconds: Int
    /// Seconds between the end of a round and the start of the next.
    public var pauseSeconds: Int

    /// The allowed round lengths.
    public static let roundRange = 10...600
    /// The allowed pause lengths.
    public static let pauseRange = 1...300

    public static let settings: [GameSetting] = [
        GameSetting(name: "round-seconds", help: "seconds each round lasts (\(roundRange.lowerBound)-\(roundRange.upperBound))", defaultValue: "100"),
        GameSetting(name: "pause-seconds", help: "seconds between rounds (\(pauseRange.lowerBound)-\(pauseRange.upperBound))", defaultValue: "10"),
    ]

    /// 100 second rounds with 10 second pauses.
    public init() {
        roundSeconds = 100
        pauseSeconds = 10
    }

    /// Chosen lengths (clamped to the allowed ranges).
    public init(roundSeconds: Int, pauseSeconds: Int = 10) {
        self.roundSeconds = min(max(roundSeconds, Self.roundRange.lowerBound), Self.roundRange.upperBound)
        self.pauseSeconds = min(max(pauseSeconds, Self.pauseRange.lowerBound), Self.pauseRange.upperBound)
    }

    public init(values: [String: String]) throws(GameSettingError) {
        try Self.checkNames(values)
        roundSeconds = try Self.integer("round-seconds", in: values, range: Self.roundRange, default: 100)
        pauseSeconds = try Self.integer("pause-seconds", in: values, range: Self.pauseRange, default: 10)
    }
}
