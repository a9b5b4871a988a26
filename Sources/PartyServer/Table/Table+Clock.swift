import PartyKit

/// Time at the table: what is due at an instant, and how long the host may wait before asking again.
extension Table {
    /// The clock's input: held seats whose grace ran out, the room's countdowns, team proposals
    /// whose window ended, predictions that close, the spectators' count, and the game's deadline.
    mutating func tick() {
        checkHeldSeats()
        roomTick()
        resolveDueProposals()
        predictionsTick()
        spectatorsTick()
        guard phase == .playing, gameAdvance() else { return }
        afterGameChange()
    }

    /// How many milliseconds the clock may sleep after `now`: 20 (or less, to the deadline) while
    /// the game has a deadline; otherwise at most a quarter of a second and half the heartbeat
    /// interval (held seats and their countdowns need no more), and in a room no longer than to the
    /// end of its countdown.
    func wakeInterval(at now: GameInstant) -> Int64 {
        let idle = min(250, max(10, options.heartbeatIntervalMilliseconds / 2))
        let due = [game?.deadline, proposalDeadline].compactMap { $0 }.min()
        guard phase == .playing, let deadline = due else {
            guard let due = startsAt ?? room?.deadline else { return idle }
            return max(1, min(idle, due.milliseconds(since: now)))
        }
        return max(1, min(20, deadline.milliseconds(since: now)))
    }
}
