import PartyKit

/// SunTouch's settings: how many suns, how long the game runs, how fast strikes grow, how long a
/// dropped player is waited for.
public struct SunTouchConfiguration: GameConfiguration {
    /// The settings, for `--help` and for checking the command line.
    public static let settings: [GameSetting] = [
        GameSetting(name: "suns", help: "how many suns are hidden in the field (1-30)", defaultValue: "7"),
        GameSetting(name: "time-limit", help: "the game's length in seconds (10-3600)", defaultValue: "120"),
        GameSetting(
            name: "strike-duration",
            help: "a strike's animation in seconds; it reaches its full radius halfway (0.2-5)", defaultValue: "1"),
        GameSetting(
            name: "grace-seconds",
            help: "how long the running game waits for a dropped player before they lose, in seconds (1-300); not the host's --grace, which holds seats in every game",
            defaultValue: "10"),
    ]

    /// The allowed number of suns.
    public static let sunsRange = 1...30
    /// The allowed time limit, in seconds.
    public static let timeLimitRange = 10...3600
    /// The allowed strike animation duration, in seconds.
    public static let strikeDurationRange = 0.2...5.0
    /// The allowed disconnect grace, in seconds.
    public static let graceRange = 1...300

    /// How many suns are hidden.
    public var suns: Int
    /// The game's length in seconds of game time.
    public var timeLimitSeconds: Int
    /// A strike's whole animation in seconds; it grows to its radius in the first half.
    public var strikeDuration: Double
    /// How long a dropped player is waited for, in seconds.
    public var graceSeconds: Int

    /// The defaults: 7 suns, 120 s, 1 s strikes, 10 s grace.
    public init() {
        self.init(suns: 7, timeLimitSeconds: 120, strikeDuration: 1, graceSeconds: 10)
    }

    /// Creates a configuration; values outside the allowed ranges are clamped into them.
    public init(suns: Int = 7, timeLimitSeconds: Int = 120, strikeDuration: Double = 1, graceSeconds: Int = 10) {
        self.suns = suns.clamped(to: Self.sunsRange)
        self.timeLimitSeconds = timeLimitSeconds.clamped(to: Self.timeLimitRange)
        self.strikeDuration = strikeDuration.isFinite ? strikeDuration.clamped(to: Self.strikeDurationRange) : 1
        self.graceSeconds = graceSeconds.clamped(to: Self.graceRange)
    }

    /// Reads `--suns`, `--time-limit`, `--strike-duration` and `--grace-seconds`.
    public init(values: [String: String]) throws(GameSettingError) {
        try Self.checkNames(values)
        self.init(
            suns: try Self.integer("suns", in: values, range: Self.sunsRange, default: 7),
            timeLimitSeconds: try Self.integer("time-limit", in: values, range: Self.timeLimitRange, default: 120),
            strikeDuration: try Self.decimal(
                "strike-duration", in: values, range: Self.strikeDurationRange, default: 1),
            graceSeconds: try Self.integer("grace-seconds", in: values, range: Self.graceRange, default: 10))
    }

    /// The time limit in milliseconds.
    public var timeLimitMilliseconds: Int64 { Int64(timeLimitSeconds) * 1000 }
    /// The strike animation in milliseconds.
    public var strikeMilliseconds: Int64 { Int64((strikeDuration * 1000).rounded()) }
    /// The grace in milliseconds.
    public var graceMilliseconds: Int64 { Int64(graceSeconds) * 1000 }
}

extension Comparable {
    /// The value limited to `range`.
    func clamped(to range: ClosedRange<Self>) -> Self {
        min(max(self, range.lowerBound), range.upperBound)
    }
}
