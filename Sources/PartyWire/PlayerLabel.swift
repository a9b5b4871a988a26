/// How screens show a player: a person's name as it is, a bot's with its level and a "(bot)" mark
/// ("Ada · normal (bot)"). On the wire the name is only the name and the level a field of its own.
public enum PlayerLabel {
    /// "Ada · normal (bot)" for a bot with a level, "Ada (bot)" without one, "Ann" for a person.
    public static func label(name: String, bot: Bool, level: String?) -> String {
        guard bot, level != nil || !name.hasSuffix("(bot)") else { return name }
        return level.map { "\(name) · \($0) (bot)" } ?? "\(name) (bot)"
    }

    /// Whole seconds shown for `milliseconds` left on a countdown: rounded up, never below 0 (the
    /// seat is still held during the last fraction of a second). Web/dom.js `seconds` does the same.
    public static func seconds(_ milliseconds: Int64) -> Int64 {
        (max(0, milliseconds) + 999) / 1000
    }

    /// "Cy is reconnecting… 19 s": a held seat with `milliseconds` of its grace left, as every
    /// screen says it (Web/dom.js `awayText`).
    public static func reconnecting(_ name: String, milliseconds: Int64) -> String {
        "\(name) is reconnecting… \(seconds(milliseconds)) s"
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
