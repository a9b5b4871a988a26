import PartyKit
import PartyWire

extension Session {
    /// Sends the running (or just finished) game's view to one client: `seat`'s, or the spectator
    /// view for a spectator or a member who watches.
    func sendCurrentView(to peer: PeerLink, seat: Int?, plainText: Bool) {
        guard let running = game, phase != .lobby else { return }
        running.sendView(to: peer, seat: seat, plainText: plainText, at: now())
    }

    /// Whether a client that can draw `games` (nil: all) lacks the presenter of the game on (in a
    /// locked session, its game; in a room, the running one, or none between games).
    func wantsPlainText(_ games: [String]?) -> Bool {
        guard let games else { return false }
        let id: String
        if isRoom {
            guard let running = game else { return false }
            id = running.descriptor.id
        } else {
            id = descriptor.id
        }
        return !games.contains { $0.lowercased() == id }
    }

    /// Whether the client that sent `hello` gets plain-text views of the game on.
    func wantsPlainText(_ hello: Hello) -> Bool {
        wantsPlainText(hello.games)
    }

    /// The `gameOver` message for `outcome`, with every seat's place.
    func gameOverMessage(_ outcome: GameOutcome) -> GameOver {
        GameOver(game: gamesPlayed, winners: outcome.winners.map(\.index), reason: outcome.reason.rawValue, summary: outcome.summary,
                 standings: outcome.standings.map { StandingInfo(seat: $0.seat.index, place: $0.place, score: $0.score) })
    }
}
