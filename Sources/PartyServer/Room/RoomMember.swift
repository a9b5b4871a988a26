/// Someone at the party room's table, known by an id that stays the same from game to game.
public struct RoomMember: Hashable, Codable, Sendable {
    /// The member's id: given once when they first sit down, kept across games and reconnections.
    public var id: Int
    /// The name everyone sees.
    public var name: String
    /// Whether the member is a bot.
    public var isBot: Bool
    /// Whether this is the host's own player.
    public var isHost: Bool
    /// A bot's level, when it gave one (shown beside its name, never part of it).
    public var level: String?

    /// Creates a member.
    public init(id: Int, name: String, isBot: Bool = false, isHost: Bool = false, level: String? = nil) {
        self.level = level
        self.id = id
        self.name = name
        self.isBot = isBot
        self.isHost = isHost
    }
}
