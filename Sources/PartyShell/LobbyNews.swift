import PartyWire

/// What changed at the table that a player should be told about: another player asks for a
/// rematch, or someone starts watching. The host's `lobby` messages carry both (`rematch` flags,
/// the `spectators` count); this compares each one with the one before.
struct LobbyNews {
    /// The last table seen.
    private var last: Lobby?

    /// Starts before the first lobby.
    init() {}

    /// The sentences `lobby` brings for the seat `you` (nil for a spectator, who is told nothing);
    /// `rematchHint` says how to accept ("r to play again").
    mutating func sentences(for lobby: Lobby?, you: Int?, rematchHint: String) -> [String] {
        guard let lobby, lobby != last else { return [] }
        let previous = last
        last = lobby
        // The first table seen is where we start, not news: its watchers were there before us.
        guard let previous, let you else { return [] }
        var sentences: [String] = []
        let mine = lobby.players.first { $0.seat == you }
        if lobby.state == "over", mine?.rematch == false {
            let askedBefore = Set((previous.state == "over" ? previous.players : []).filter(\.rematch).map(\.seat))
            for player in lobby.players where player.rematch && player.seat != you && !askedBefore.contains(player.seat) {
                sentences.append("\(player.name) asks for a rematch: \(rematchHint).")
            }
        }
        let watching = lobby.spectators
        if watching > previous.spectators {
            sentences.append("Someone is watching (\(watching) spectator\(watching == 1 ? "" : "s") now).")
        }
        return sentences
    }
}
