import PartyKit

/// SunTouch's settings: how many suns, how long the game runs, how fast strikes grow. (A dropped
/// player is waited for as long as the host holds their seat: `partyhost --grace`.)
public struct SunTouchConfiguration: GameConfiguration {
    /// The settings, for `--help` and for checking the command line.
    public static let settings: [GameSetting] = [
        GameSetting(name: "suns", help: "how many suns are hidden in the field (1-30)", defaultValue: "7"),
        GameSetting(name: "time-limit", help: "the game's length in seconds (10-3600)", defaultValue: "120"),
        GameSetting(
            name: "strike-duration",
            help: "a strike's animation in seconds; it reaches its full radius halfway (0.2-5)", defaultValue: "1"),
    ]

    /// The allowed number of suns.
    public static let sunsRange = 1...30
    /// The allowed time limit, in seconds.
    public static let timeLimitRange = 10...3600
    /// The allowed strike animation duration, in seconds.
    public static let strikeDurationRange = 0.2...5.0

    /// How many suns are hidden.
    public var suns: Int
    /// The game's length in seconds of game time.
    public var timeLimitSeconds: Int
    /// A strike's whole animation in seconds; it grows to its radius in the first half.
    public var strikeDuration: Double

    /// The defaults: 7 suns, 120 s, 1 s strikes.
    public init() {
        self.init(suns: 7, timeLimitSeconds: 120, strikeDuration: 1)
    }

    /// Creates a configuration; values outside the allowed ranges are clamped into them.
    public init(suns: Int = 7, timeLimitSeconds: Int = 120, strikeDuration: Double = 1) {
        self.suns = suns.clamped(to: Self.sunsRange)
        self.timeLimitSeconds = timeLimitSeconds.clamped(to: Self.timeLimitRange)
        self.strikeDuration = strikeDuration.isFinite ? strikeDuration.clamped(to: Self.strikeDurationRange) : 1
    }

    /// Reads `--suns`, `--time-limit` and `--strike-duration`.
    public init(values: [String: String]) throws(GameSettingError) {
        try Self.checkNames(values)
        self.init(
            suns: try Self.integer("suns", in: values, range: Self.sunsRange, default: 7),
            timeLimitSeconds: try Self.integer("time-limit", in: values, range: Self.timeLimitRange, default: 120),
            strikeDuration: try Self.decimal(
                "strike-duration", in: values, range: Self.strikeDurationRange, default: 1))
    }

    /// The time limit in milliseconds.
    public var timeLimitMilliseconds: Int64 { Int64(timeLimitSeconds) * 1000 }
    /// The strike animation in milliseconds.
    public var strikeMilliseconds: Int64 { Int64((strikeDuration * 1000).rounded()) }
}

extension Comparable {
    /// The value limited to `range`.
    func clamped(to range: ClosedRange<Self>) -> Self {
        min(max(self, range.lowerBound), range.upperBound)
    }
}
