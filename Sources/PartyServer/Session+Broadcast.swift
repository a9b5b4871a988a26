import PartyWire

/// Messages that many connections get alike (every spectator's lobby, view and split; everyone's
/// heartbeat, `gameOver`, `ended`) are encoded once and each connection gets a copy of the bytes
/// with its own `seq` (`SharedMessage`): ten thousand spectators cost ten thousand copies, not ten
/// thousand encodings.
extension Session {
    /// From this many receivers on, a message is encoded once and shared.
    static let sharedFrom = 3

    /// Sends `message` to every peer in `peers`, encoded once when they are many. False for the
    /// peers whose connection is closing are not reported: a stuck client is closed by its outbox.
    static func send(_ message: some WireMessage, to peers: [PeerLink]) {
        guard peers.count >= sharedFrom, let shared = SharedMessage(message) else {
            for peer in peers { peer.send(message) }
            return
        }
        for peer in peers { peer.send(shared) }
    }

    /// Sends `message` to every spectator (all of them, or those `including` picks).
    func sendToSpectators(_ message: some WireMessage, including: (Spectator) -> Bool = { _ in true }) {
        var shared: SharedMessage?
        var made = false
        for spectator in spectators where including(spectator) {
            if !made {
                made = true
                if spectators.count >= Self.sharedFrom { shared = SharedMessage(message) }
            }
            if let shared {
                spectator.peer.send(shared)
            } else {
                spectator.peer.send(message)
            }
        }
    }

    /// The clock: when spectators came or went and no lobby went out for
    /// `spectatorLobbyMilliseconds`, the lobby with the new count goes out.
    func spectatorsTick() {
        guard spectatorsChanged, !ended,
              (ContinuousClock.now - lastLobbyBroadcast).wholeMilliseconds >= Self.spectatorLobbyMilliseconds else { return }
        broadcastLobby()
    }

    /// Sends the spectators their heartbeats a share at a time, at every turn of the clock: each
    /// gets one about every heartbeat interval, but ten thousand are not all written in one turn of
    /// the loop (tens of milliseconds that a move arriving then would wait).
    func sendSpectatorHeartbeats() {
        let now = ContinuousClock.now
        let elapsed = now - spectatorHeartbeats.last
        spectatorHeartbeats.last = now
        guard !spectators.isEmpty else {
            spectatorHeartbeats.credit = 0
            return
        }
        let interval = Double(max(1, options.heartbeatIntervalMilliseconds)) / 1000
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        spectatorHeartbeats.credit = min(Double(spectators.count), spectatorHeartbeats.credit + Double(spectators.count) * seconds / interval)
        let due = Int(spectatorHeartbeats.credit)
        guard due > 0 else { return }
        spectatorHeartbeats.credit -= Double(due)
        let shared = due >= Self.sharedFrom ? SharedMessage(Heartbeat()) : nil
        for _ in 0..<due {
            if spectatorHeartbeats.next >= spectators.count { spectatorHeartbeats.next = 0 }
            let peer = spectators[spectatorHeartbeats.next].peer
            if let shared { peer.send(shared) } else { peer.send(Heartbeat()) }
            spectatorHeartbeats.next += 1
        }
    }

    /// The longest a change of the spectators' count waits for the lobby that shows it.
    static let spectatorLobbyMilliseconds: Int64 = 1_000
}
