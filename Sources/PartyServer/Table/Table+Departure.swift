import PartyKit
import PartyWire

extension Table {
    /// The connection with `peerID` is gone (left, dropped or was closed). A player whose
    /// connection dropped keeps the seat for the grace period; one who left, or broke the
    /// protocol, gives it up at once.
    mutating func remove(peerID: Int, reason: DepartureReason) {
        if let spectator = removeSpectator(peerID: peerID) {
            close(spectator.peer)
            // The count goes out with the next lobby (at most a second later); the room's message
            // does not count spectators.
            spectatorsChanged = true
            return
        }
        guard let index = players.firstIndex(where: { $0.peer == peerID }) else { return }
        guard reason.mayReconnect, options.graceMilliseconds > 0, !ended else {
            return giveUpSeat(at: index, message: reason.message(for: players[index].name, inRoom: isRoom))
        }
        guard players[index].connected else { return }
        players[index].connected = false
        players[index].disconnectedAt = now
        close(players[index].peer)
        let name = players[index].name
        log(.info, "\(name)'s connection dropped; holding the seat", metadata: ["reason": "\(reason)"])
        if phase == .playing, !players[index].watching {
            let seat = players[index].seat
            // A team's seat is away only when none of its members is connected.
            if connectedMembers(of: seat) == 0 || !seatsInGame.contains(seat) {
                gameConnectionChanged(seat: seat, connected: false)
                afterGameChange()
            }
            if teamNames[seat] != nil { withdrawProposal(of: index) }
        }
        broadcastLobby()
        broadcastRoom()
    }

    /// Removes the player for good: the others are told and the game's leave rules apply.
    mutating func giveUpSeat(at index: Int, message: String) {
        let player = players.remove(at: index)
        close(player.peer)
        let message = handOverVIP(from: player, message: message)
        log(.info, "\(player.name) left", metadata: ["reason": "\(message)"])
        sendMany(PlayerLeft(seat: player.seat, name: player.name, message: message), to: players.map(\.peer) + spectators.map(\.peer))
        if isRoom { return memberLeft(player) }
        if leftTeam(player) {
            broadcastLobby()
            publishStatus()
            return
        }
        if phase == .playing {
            gameLeave(seat: player.seat)
            if players.isEmpty {
                // Nobody is left to play: abandon the game (no gameOver, predictions settle
                // nothing), even when the rules ended it on the leave.
                finishGame(sendOutcome: false)
            } else {
                afterGameChange()
            }
            // When that ended the game, finishGame already sent everyone the new table.
            if phase != .playing { return }
        } else if phase == .over {
            if players.count < descriptor.minPlayers { backToLobby() }
            startIfDue()
        }
        broadcastLobby()
        publishStatus()
    }

    /// Gives up the seats whose grace ran out, and keeps everyone's countdown fresh meanwhile.
    mutating func checkHeldSeats() {
        let grace = options.graceMilliseconds
        if let index = players.firstIndex(where: { $0.disconnectedAt.map { now.milliseconds(since: $0) >= grace } ?? false }) {
            let name = players[index].name
            giveUpSeat(at: index, message: "\(name) did not come back in time.")
            return
        }
        if players.contains(where: { !$0.connected }), now.milliseconds(since: lastGraceBroadcast) >= 1000 {
            lastGraceBroadcast = now
            broadcastLobby()
        }
    }

    /// Handles one message from a spectator: they may only keep the connection alive, predict or leave.
    mutating func receive(_ envelope: Envelope, fromSpectator spectator: Spectator) {
        switch envelope.type {
        case .heartbeat:
            return
        case .leave:
            remove(peerID: spectator.peer, reason: .left)
        case .predict where spectator.isRelay:
            relayedPredict(envelope, from: spectator.peer)
        case .predict:
            predict(envelope, from: spectator.peer, as: .spectator(spectator.peer), display: spectator.isDisplay, spectatorName: spectator.name)
        case .audience:
            audience(envelope, from: spectator)
        case .move, .typedMove:
            send(MoveRejected(.spectatorMove, inReplyTo: envelope.seq), to: spectator.peer)
        default:
            send(ErrorMessage(.spectatorOnly, inReplyTo: envelope.seq), to: spectator.peer)
        }
    }
}

extension Table {
    /// Adds a spectator (last) and indexes it.
    mutating func addSpectator(_ spectator: Spectator) {
        spectatorIndex[spectator.peer] = spectators.count
        spectators.append(spectator)
        if spectator.isRelay { relays.count += 1 }
    }

    /// Everyone who watches: the spectators connected here, a relay counting as the watchers it
    /// serves (`lobby.spectators`).
    var audienceCount: Int { spectators.count - relays.count + relays.audience }

    /// Removes the spectator of connection `peerID`, if it is one: the last spectator takes its
    /// place (the order of spectators means nothing), so leaving costs the same for ten thousand.
    mutating func removeSpectator(peerID: Int) -> Spectator? {
        guard let index = spectatorIndex.removeValue(forKey: peerID) else { return nil }
        let last = spectators.count - 1
        if index != last {
            spectators.swapAt(index, last)
            spectatorIndex[spectators[index].peer] = index
        }
        let removed = spectators.removeLast()
        if removed.isRelay {
            relays.count -= 1
            relays.audience -= removed.audience
        }
        return removed
    }
}
