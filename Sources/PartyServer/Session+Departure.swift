import PartyKit
import PartyWire

extension Session {
    /// The connection with `peerID` is gone (left, dropped or was closed). A player whose
    /// connection dropped keeps the seat for the grace period; one who left, or broke the
    /// protocol, gives it up at once.
    func remove(peerID: Int, reason: DepartureReason) {
        if let spectator = removeSpectator(peerID: peerID) {
            spectator.peer.close()
            // The count goes out with the next lobby (at most a second later); the room's message
            // does not count spectators.
            spectatorsChanged = true
            return
        }
        guard let index = players.firstIndex(where: { $0.peer.id == peerID }) else { return }
        guard reason.mayReconnect, options.graceMilliseconds > 0, !ended else {
            return giveUpSeat(at: index, message: reason.message(for: players[index].name, inRoom: isRoom))
        }
        guard players[index].connected else { return }
        players[index].connected = false
        players[index].disconnectedAt = .now
        players[index].peer.close()
        let name = players[index].name
        logger.info("\(name)'s connection dropped; holding the seat", metadata: ["reason": "\(reason)"])
        if phase == .playing, let running = game, !players[index].watching {
            let seat = players[index].seat
            // A team's seat is away only when none of its members is connected.
            if connectedMembers(of: seat) == 0 || !seatsInGame.contains(seat) {
                running.connectionChanged(seat: seat, connected: false, at: now())
                afterGameChange()
            }
            if teamNames[seat] != nil { withdrawProposal(of: index) }
        }
        broadcastLobby()
        if isRoom { broadcastRoom() }
    }

    /// Removes the player for good: the others are told and the game's leave rules apply.
    func giveUpSeat(at index: Int, message: String) {
        let player = players.remove(at: index)
        player.peer.close()
        logger.info("\(player.name) left", metadata: ["reason": "\(message)"])
        Self.send(PlayerLeft(seat: player.seat, name: player.name, message: message), to: players.map(\.peer) + spectators.map(\.peer))
        if isRoom { return memberLeft(player) }
        if leftTeam(player) {
            broadcastLobby()
            publishStatus()
            return
        }
        if phase == .playing, let running = game {
            running.leave(seat: player.seat, at: now())
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
    func checkHeldSeats() {
        let grace = Duration.milliseconds(options.graceMilliseconds)
        let now = ContinuousClock.now
        if let index = players.firstIndex(where: { $0.disconnectedAt.map { now - $0 >= grace } ?? false }) {
            let name = players[index].name
            giveUpSeat(at: index, message: "\(name) did not come back in time.")
            return
        }
        if players.contains(where: { !$0.connected }), now - lastGraceBroadcast >= .seconds(1) {
            lastGraceBroadcast = now
            broadcastLobby()
        }
    }

    /// Handles one message from a spectator: they may only keep the connection alive, predict or leave.
    func receive(_ envelope: Envelope, fromSpectator spectator: Spectator) {
        switch envelope.type {
        case .heartbeat:
            return
        case .leave:
            remove(peerID: spectator.peer.id, reason: .left)
        case .predict:
            predict(envelope, from: spectator.peer, as: .spectator(spectator.peer.id), display: spectator.isDisplay, spectatorName: spectator.name)
        case .move, .typedMove:
            spectator.peer.send(MoveRejected(.spectatorMove, inReplyTo: envelope.seq))
        default:
            spectator.peer.send(ErrorMessage(.spectatorOnly, inReplyTo: envelope.seq))
        }
    }
}

extension Session {
    /// Adds a spectator (last) and indexes it.
    func addSpectator(_ spectator: Spectator) {
        spectatorIndex[spectator.peer.id] = spectators.count
        spectators.append(spectator)
    }

    /// Removes the spectator of connection `peerID`, if it is one: the last spectator takes its
    /// place (the order of spectators means nothing), so leaving costs the same for ten thousand.
    func removeSpectator(peerID: Int) -> Spectator? {
        guard let index = spectatorIndex.removeValue(forKey: peerID) else { return nil }
        let last = spectators.count - 1
        if index != last {
            spectators.swapAt(index, last)
            spectatorIndex[spectators[index].peer.id] = index
        }
        return spectators.removeLast()
    }
}
