/// One member's line on the party scoreboard.
public struct RoomScore: Hashable, Codable, Sendable {
    /// The member's id.
    public var member: Int
    /// Their name (kept after they leave, so the final standings still name them).
    public var name: String
    /// Points so far (`PartyScoring`).
    public var points: Int
    /// Games they played in this room.
    public var played: Int
    /// Games they won (placed first).
    public var wins: Int
    /// The number of the last game they played (1 for the room's first game); 0 for none yet.
    public var lastGame: Int
    /// Whether the member is a bot.
    public var isBot = false
    /// A bot's level, when it gave one.
    public var level: String?
}

/// One finished game of the party: which game, and each player's place and points.
public struct RoomResult: Hashable, Codable, Sendable {
    /// The game's number in this room, from 1.
    public var number: Int
    /// The game's id.
    public var game: String
    /// The players, best first: member id, place (ties share), points earned.
    public var placements: [Placement]

    /// One player's result in one game.
    public struct Placement: Hashable, Codable, Sendable {
        /// The member's id.
        public var member: Int
        /// 1 for the best; tied players share a place.
        public var place: Int
        /// Points earned for it.
        public var points: Int
    }
}
