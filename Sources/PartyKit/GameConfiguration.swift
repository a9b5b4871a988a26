/// A game's settings (round length, turn limit, …), read from `--name value` pairs on the host's command line.
public protocol GameConfiguration: Hashable, Sendable {
    /// The settings this game understands, for `--help` and for checking the command line.
    static var settings: [GameSetting] { get }
    /// The defaults.
    init()
    /// Reads the settings from name → value pairs (names without the leading `--`); a name missing
    /// from `values` keeps its default.
    init(values: [String: String]) throws(GameSettingError)
    /// The settings a party room gives this game where the host's command line names none (names
    /// without `--` → values, as typed): every game a room offers must end by itself, so a game
    /// whose own defaults play on forever (TwentyFour's `rounds` 0) gives a room an end here.
    /// Empty when the defaults already end the game (the default implementation).
    static var roomDefaults: [String: String] { get }
}

/// One setting a game understands.
public struct GameSetting: Hashable, Sendable {
    /// The name without dashes (`round-seconds`).
    public var name: String
    /// What it does, with its unit.
    public var help: String
    /// The default, as text.
    public var defaultValue: String

    /// Creates a setting description.
    public init(name: String, help: String, defaultValue: String) {
        self.name = name
        self.help = help
        self.defaultValue = defaultValue
    }
}

/// Why a game's settings could not be read.
public enum GameSettingError: Error, Hashable, Sendable {
    /// The game has no setting by this name.
    case unknownSetting(name: String, known: [String])
    /// The value is not of the right form or out of range.
    case invalidValue(name: String, value: String, expected: String)
}

extension GameSettingError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .unknownSetting(let name, let known):
            known.isEmpty
                ? "This game has no setting --\(name) (it has no settings at all)."
                : "This game has no setting --\(name); it has: \(known.map { "--\($0)" }.joined(separator: ", "))."
        case .invalidValue(let name, let value, let expected):
            "--\(name) \(value) is not valid: expected \(expected)."
        }
    }
}

extension GameConfiguration {
    /// No room defaults: the game's own defaults already end it.
    public static var roomDefaults: [String: String] { [:] }

    /// The settings a party room plays this game with: `values` from the command line, and for
    /// every setting they do not name, the room default (`roomDefaults`), else the game's own.
    public init(roomValues values: [String: String]) throws(GameSettingError) {
        try self.init(values: Self.roomDefaults.merging(values) { _, chosen in chosen })
    }

    /// Checks that every name in `values` is one of `settings`.
    public static func checkNames(_ values: [String: String]) throws(GameSettingError) {
        let known = settings.map(\.name)
        for name in values.keys.sorted() where !known.contains(name) {
            throw .unknownSetting(name: name, known: known)
        }
    }

    /// Reads an integer setting in `range`, or returns `fallback` when it is absent.
    public static func integer(
        _ name: String, in values: [String: String], range: ClosedRange<Int>, default fallback: Int
    ) throws(GameSettingError) -> Int {
        guard let text = values[name] else { return fallback }
        guard let value = Int(text.trimmingWhitespace()), range.contains(value) else {
            throw .invalidValue(name: name, value: text, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// Reads a decimal setting in `range`, or returns `fallback` when it is absent.
    public static func decimal(
        _ name: String, in values: [String: String], range: ClosedRange<Double>, default fallback: Double
    ) throws(GameSettingError) -> Double {
        guard let text = values[name] else { return fallback }
        guard let value = Double(text.trimmingWhitespace()), value.isFinite, range.contains(value) else {
            throw .invalidValue(name: name, value: text, expected: "a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }
}

/// The configuration of a game that has no settings.
public struct NoConfiguration: GameConfiguration {
    public static let settings: [GameSetting] = []
    public init() {}
    public init(values: [String: String]) throws(GameSettingError) {
        try Self.checkNames(values)
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and newlines (PartyKit has no Foundation).
    public func trimmingWhitespace() -> String {
        // "\r\n" is one Character in Swift, so look at the scalars.
        let isSpace: (Character) -> Bool = { character in
            character.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[start...end])
    }
}
