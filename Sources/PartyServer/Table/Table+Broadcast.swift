import PartyKit
import PartyWire

extension Table {
    /// Sends `message` to every spectator (all of them, or those `including` picks).
    mutating func sendToSpectators(_ message: some WireMessage, including: (Spectator) -> Bool = { _ in true }) {
        sendMany(message, to: spectators.filter(including).map(\.peer))
    }

    /// The clock: when spectators came or went and no lobby went out for
    /// `spectatorLobbyMilliseconds`, the lobby with the new count goes out.
    mutating func spectatorsTick() {
        guard spectatorsChanged, !ended, now.milliseconds(since: lastLobbyBroadcast) >= Self.spectatorLobbyMilliseconds else { return }
        broadcastLobby()
    }

    /// The longest a change of the spectators' count waits for the lobby that shows it.
    static let spectatorLobbyMilliseconds: Int64 = 1_000

    /// Sends the running game's views to every connected player (a watcher gets the spectator view)
    /// and every spectator.
    mutating func sendViews() {
        guard let game else { return }
        effects.append(.views(TableViews(game: game, audience: .everyone(players: players, spectators: spectators), now: now)))
    }

    /// Sends the running (or just finished) game's view to one client: `seat`'s, or the spectator
    /// view for a spectator or a member who watches; after the end, its `gameOver` follows.
    mutating func sendCurrentView(to peer: Int, seat: Int?, plainText: Bool) {
        guard let game, phase != .lobby else { return }
        effects.append(.views(TableViews(game: game, audience: .one(ViewRecipient(peer: peer, seat: seat, plainText: plainText)), now: now)))
        // After the end, whoever arrives (or comes back, having missed it while away) gets the
        // result too: the final view alone does not say who won.
        if phase == .over, let outcome = game.outcome {
            send(gameOverMessage(outcome), to: peer)
        }
    }
}

/// Who gets the game's views, as the table decides: everyone at the table, or one connection.
/// A value of the table's own arrays (no list is built per move).
enum ViewAudience: Sendable {
    /// Every connected player (its seat's view; a watcher the spectator view) and every spectator.
    case everyone(players: [TablePlayer], spectators: [Spectator])
    /// One connection.
    case one(ViewRecipient)

    /// Calls `body` for each player who gets a view (a spectator's `seat` is nil).
    func forEachPlayer(_ body: (ViewRecipient) -> Void) {
        switch self {
        case .everyone(let players, _):
            for player in players where player.connected {
                body(ViewRecipient(peer: player.peer, seat: player.watching ? nil : player.seat, plainText: player.plainText))
            }
        case .one(let recipient):
            body(recipient)
        }
    }

    /// The spectators, who all see the spectator view.
    var spectators: [Spectator] {
        if case .everyone(_, let spectators) = self { return spectators }
        return []
    }
}
