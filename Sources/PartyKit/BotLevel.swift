/// How well a bot plays: each game decides what a level means for its bot.
///
/// `easy` makes mistakes a beginner can punish, `normal` (the default) plays a fair game that a
/// casual player still wins sometimes, `perfect` plays as well as the bot knows how (in Four in a
/// Row, exactly: it never lets a won or drawn position slip).
public enum BotLevel: String, CaseIterable, Hashable, Codable, Sendable, Comparable {
    /// A bot that makes plenty of mistakes.
    case easy
    /// A fair opponent; the default.
    case normal
    /// The strongest the game's bot can play.
    case perfect

    /// The level bots get unless told otherwise.
    public static let standard = BotLevel.normal

    /// The levels' names, as typed after `--bot-level`: "easy, normal, perfect".
    public static var nameList: String { allCases.map(\.rawValue).joined(separator: ", ") }

    public static func < (lhs: BotLevel, rhs: BotLevel) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
