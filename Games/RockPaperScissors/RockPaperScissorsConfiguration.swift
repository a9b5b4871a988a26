import PartyKit

/// Rock Paper Scissors's settings, read from the host's command line:
/// `partyhost --game rps --rounds 7 --round-seconds 10 --reveal-seconds 3`.
public struct RockPaperScissorsConfiguration: GameConfiguration {
    /// The most rounds a game lasts (it ends earlier once the leader cannot be caught).
    public var rounds: Int
    /// Seconds everyone has to choose before the round is revealed anyway.
    public var roundSeconds: Int
    /// Seconds the revealed round stays on screen before the next one starts.
    public var revealSeconds: Int

    /// The allowed numbers of rounds.
    public static let roundsRange = 1...25
    /// The allowed round lengths, in seconds.
    public static let roundSecondsRange = 3...120
    /// The allowed reveal pauses, in seconds.
    public static let revealSecondsRange = 1...30

    /// The defaults: best of 5 rounds, 15 seconds to choose, 4 seconds to look at the reveal.
    public static let defaultRounds = 5
    /// The default round length, in seconds.
    public static let defaultRoundSeconds = 15
    /// The default reveal pause, in seconds.
    public static let defaultRevealSeconds = 4

    /// The settings this game understands, for `partyhost --help` and for checking the command line.
    public static let settings: [GameSetting] = [
        GameSetting(name: "rounds", help: "the most rounds a game lasts (\(roundsRange.lowerBound)-\(roundsRange.upperBound))",
                    defaultValue: "\(defaultRounds)"),
        GameSetting(name: "round-seconds", help: "seconds to choose a shape (\(roundSecondsRange.lowerBound)-\(roundSecondsRange.upperBound))",
                    defaultValue: "\(defaultRoundSeconds)"),
        GameSetting(name: "reveal-seconds", help: "seconds the reveal shows before the next round (\(revealSecondsRange.lowerBound)-\(revealSecondsRange.upperBound))",
                    defaultValue: "\(defaultRevealSeconds)"),
    ]

    /// Best of 5, 15 seconds a round, a 4-second reveal.
    public init() {
        self.init(rounds: Self.defaultRounds)
    }

    /// Chosen settings, clamped to the allowed ranges.
    public init(rounds: Int, roundSeconds: Int = defaultRoundSeconds, revealSeconds: Int = defaultRevealSeconds) {
        self.rounds = min(max(rounds, Self.roundsRange.lowerBound), Self.roundsRange.upperBound)
        self.roundSeconds = min(max(roundSeconds, Self.roundSecondsRange.lowerBound), Self.roundSecondsRange.upperBound)
        self.revealSeconds = min(max(revealSeconds, Self.revealSecondsRange.lowerBound), Self.revealSecondsRange.upperBound)
    }

    /// Reads `--rounds`, `--round-seconds` and `--reveal-seconds`; anything else, or a value out of range, is an error.
    public init(values: [String: String]) throws(GameSettingError) {
        try Self.checkNames(values)
        rounds = try Self.integer("rounds", in: values, range: Self.roundsRange, default: Self.defaultRounds)
        roundSeconds = try Self.integer("round-seconds", in: values, range: Self.roundSecondsRange, default: Self.defaultRoundSeconds)
        revealSeconds = try Self.integer("reveal-seconds", in: values, range: Self.revealSecondsRange, default: Self.defaultRevealSeconds)
    }

    /// A round's length in milliseconds, as game time counts it.
    public var roundMilliseconds: Int64 { Int64(roundSeconds) * 1000 }
    /// The reveal pause in milliseconds.
    public var revealMilliseconds: Int64 { Int64(revealSeconds) * 1000 }
}
