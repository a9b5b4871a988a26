/// How screens show a player: a person's name as it is, a bot's with its level and a "(bot)" mark
/// ("Ada · normal (bot)"). On the wire the name is only the name and the level a field of its own.
public enum PlayerLabel {
    /// "Ada · normal (bot)" for a bot with a level, "Ada (bot)" without one, "Ann" for a person.
    public static func label(name: String, bot: Bool, level: String?) -> String {
        guard bot, level != nil || !name.hasSuffix("(bot)") else { return name }
        return level.map { "\(name) · \($0) (bot)" } ?? "\(name) (bot)"
    }
}

extension PlayerInfo {
    /// The name as screens show it (`PlayerLabel`).
    public var label: String { PlayerLabel.label(name: name, bot: bot, level: level) }
}

extension RoomScoreLine {
    /// The name as screens show it (`PlayerLabel`).
    public var label: String { PlayerLabel.label(name: name, bot: bot == true, level: level) }
}

extension RoomPlacement {
    /// The name as screens show it (`PlayerLabel`).
    public var label: String { PlayerLabel.label(name: name, bot: bot == true, level: level) }
}
