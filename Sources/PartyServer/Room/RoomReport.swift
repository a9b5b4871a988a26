import PartyWire

/// How a party room's evening went: every game with its placements and the final standings
/// (what `--results FILE` writes, and what `PartyRoomHost.run` returns).
public struct RoomReport: Codable, Sendable, Hashable {
    /// The room's name (`Alice's party`).
    public var sessionName: String
    /// Every finished game, in order.
    public var games: [RoomGameResult]
    /// The final scoreboard, best first.
    public var standings: [RoomScoreLine]

    /// Creates a report.
    public init(sessionName: String, games: [RoomGameResult], standings: [RoomScoreLine]) {
        self.sessionName = sessionName
        self.games = games
        self.standings = standings
    }
}
