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
        var recipients: [ViewRecipient] = []
        recipients.reserveCapacity(players.count)
        for player in players where player.connected {
            recipients.append(ViewRecipient(peer: player.peer, seat: player.watching ? nil : player.seat, plainText: player.plainText))
        }
        let watching = spectators.map { ViewRecipient(peer: $0.peer, seat: nil, plainText: $0.plainText) }
        effects.append(.views(game.views(for: recipients, spectators: watching, at: now)))
    }

    /// Sends the running (or just finished) game's view to one client: `seat`'s, or the spectator
    /// view for a spectator or a member who watches.
    mutating func sendCurrentView(to peer: Int, seat: Int?, plainText: Bool) {
        guard let game, phase != .lobby else { return }
        effects.append(.views(game.views(for: [ViewRecipient(peer: peer, seat: seat, plainText: plainText)], spectators: [], at: now)))
    }
}
