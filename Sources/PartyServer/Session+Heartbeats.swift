import PartyWire

/// Heartbeats keep connections alive and change nothing at the table: the session sends them.
/// Messages that many connections get alike are encoded once and each connection gets a copy of
/// the bytes with its own `seq` (`SharedMessage`): ten thousand spectators cost ten thousand
/// copies, not ten thousand encodings.
extension Session {
    /// From this many receivers on, a message is encoded once and shared.
    static let sharedFrom = 3

    /// Sends `message` to every peer in `peers`, encoded once when they are many. A stuck client is
    /// closed by its outbox.
    static func send(_ message: some WireMessage, to peers: [PeerLink]) {
        guard peers.count >= sharedFrom, let shared = SharedMessage(message) else {
            for peer in peers { peer.send(message) }
            return
        }
        for peer in peers { peer.send(shared) }
    }

    /// The `lastHeartbeat` a session starts with at `now`: a random instant in the interval after
    /// it, so the players' first heartbeats come one to two intervals after the session starts.
    /// Rooms started together (a thousand in a second, or resumed from their journals when the
    /// server starts) otherwise send every player's heartbeat in the same turn of the loop, an
    /// interval apart for as long as they live: thousands of writes at once, which moves arriving
    /// then wait behind.
    static func heartbeatPhase(from now: ContinuousClock.Instant, interval milliseconds: Int64,
                               using generator: inout some RandomNumberGenerator) -> ContinuousClock.Instant {
        now + .milliseconds(Int64.random(in: 0..<max(1, milliseconds), using: &generator))
    }

    /// Sends a heartbeat to every connected player once per heartbeat interval, and to the
    /// spectators spread over the interval (`sendSpectatorHeartbeats`).
    func sendHeartbeatsIfDue() {
        sendSpectatorHeartbeats()
        let now = ContinuousClock.now
        guard now - lastHeartbeat >= .milliseconds(table.options.heartbeatIntervalMilliseconds) else { return }
        lastHeartbeat = now
        Self.send(Heartbeat(), to: table.players.filter(\.connected).compactMap { links[$0.peer] })
    }

    /// Sends the spectators their heartbeats a share at a time, at every turn of the clock: each
    /// gets one about every heartbeat interval, but ten thousand are not all written in one turn of
    /// the loop (tens of milliseconds that a move arriving then would wait).
    func sendSpectatorHeartbeats() {
        let now = ContinuousClock.now
        let elapsed = now - spectatorHeartbeats.last
        spectatorHeartbeats.last = now
        let spectators = table.spectators
        guard !spectators.isEmpty else {
            spectatorHeartbeats.credit = 0
            return
        }
        let interval = Double(max(1, table.options.heartbeatIntervalMilliseconds)) / 1000
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        spectatorHeartbeats.credit = min(Double(spectators.count), spectatorHeartbeats.credit + Double(spectators.count) * seconds / interval)
        let due = Int(spectatorHeartbeats.credit)
        guard due > 0 else { return }
        spectatorHeartbeats.credit -= Double(due)
        let shared = due >= Self.sharedFrom ? SharedMessage(Heartbeat()) : nil
        for _ in 0..<due {
            if spectatorHeartbeats.next >= spectators.count { spectatorHeartbeats.next = 0 }
            if let peer = links[spectators[spectatorHeartbeats.next].peer] {
                if let shared { peer.send(shared) } else { peer.send(Heartbeat()) }
            }
            spectatorHeartbeats.next += 1
        }
    }
}
