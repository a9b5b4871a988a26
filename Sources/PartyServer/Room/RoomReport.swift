import PartyWire

/// How a party room's evening went: every game with its placements and the final standings
/// (what `--results FILE` writes, and what `PartyRoomHost.run` returns).
public struct RoomReport: Codable, Sendable, Hashable {
    /// The room's name (`Alice's party`).
    public var sessionName: String
    /// The session's id (`welcome.session`): which party this is, across restarts of its host.
    public var session: String?
    /// Every finished game, in order.
    public var games: [RoomGameResult]
    /// The final scoreboard, best first.
    public var standings: [RoomScoreLine]

    /// Creates a report.
    public init(sessionName: String, session: String? = nil, games: [RoomGameResult], standings: [RoomScoreLine]) {
        self.sessionName = sessionName
        self.session = session
        self.games = games
        self.standings = standings
    }
}
