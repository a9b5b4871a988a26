import PartyKit

extension SunTouch {
    /// Lets time pass to `now`: ends the toss round at its deadline, awards every sun a strike has
    /// reached by now, ends the game at the time limit. Nothing happens while paused.
    public mutating func advance(to now: GameInstant) {
        guard outcome == nil, pausedSince == nil else { return }
        let active = activeTime(at: now)
        if phase == .toss { tossForMissing(upTo: active) }
        guard phase == .playing else { return }
        let limit = configuration.timeLimitMilliseconds
        settle(upTo: min(active - playStart, limit))
        if outcome == nil, active - playStart >= limit { endAtLimit() }
    }

    /// Awards every uncaptured sun whose first reach is at or before game time `time`, and ends the
    /// game when none is left. Fair because a strike arriving at `time` reaches nothing earlier.
    mutating func settle(upTo time: Int64) {
        for sun in suns.indices where suns[sun].capture == nil {
            guard let reach = firstReach(of: suns[sun]), reach.time <= Double(time) else { continue }
            suns[sun].capture = Capture(seat: strikes[reach.strike].seat, at: Int64(reach.time.rounded(.up)), strike: reach.strike)
        }
        if suns.allSatisfy({ $0.capture != nil }) {
            let last = suns.compactMap { $0.capture?.at }.max() ?? time
            let best = bestSeats()
            let summary = result(best) + "."
            finish(winners: best.count == 1 ? best : [], reason: best.count == 1 ? .won : .draw, summary: summary, at: last)
        }
    }

    /// Ends the game at its time limit: more suns wins.
    mutating func endAtLimit() {
        let best = bestSeats()
        let summary = "Time is up: " + result(best, draw: "draw") + "."
        finish(winners: best.count == 1 ? best : [], reason: .limitReached, summary: summary, at: configuration.timeLimitMilliseconds)
    }

    /// The seats with the highest score.
    func bestSeats() -> [Int] {
        let scores = seats.indices.map(score)
        let top = scores.max() ?? 0
        return seats.indices.filter { scores[$0] == top }
    }

    /// "Alice wins, 4 suns to 3" or "Draw, 2 suns each", for the seats with the highest score.
    func result(_ best: [Int], draw: String = "Draw") -> String {
        let suns = { (count: Int) in count == 1 ? "1 sun" : "\(count) suns" }
        guard best.count == 1, let winner = best.first else {
            return "\(draw), \(suns(best.first.map(score) ?? 0)) each"
        }
        let others = seats.indices.filter { $0 != winner }.map(score).sorted(by: >)
        let against = others.map(String.init).joined(separator: ", ")
        return "\(seats[winner].name) wins, \(suns(score(winner))) to \(against.isEmpty ? "0" : against)"
    }

    /// Records the outcome at game time `clock`.
    mutating func finish(winners: [Int], reason: GameOutcome.EndReason, summary: String, at clock: Int64) {
        endClock = phase == .playing ? clock : 0
        phase = .over
        // Everyone by score; when the game ended because someone left, those who did come last.
        let behind = reason == .playersLeft ? Set(seats.indices.filter { !winners.contains($0) }.map { seats[$0].id }) : []
        let standings = Standing.ranked(seats.indices.map { (seat: seats[$0].id, score: score($0)) }, last: behind)
        outcome = GameOutcome(winners: winners.map { seats[$0].id }, reason: reason, summary: summary, standings: standings)
    }

    /// A player left for good, or the host gave up a dropped player's seat when its grace period
    /// ran out: the game ends at once and the other player wins.
    public mutating func leave(_ seat: SeatID, at now: GameInstant) {
        advance(to: now)
        guard outcome == nil, let player = index(of: seat) else { return }
        let remaining = seats.indices.filter { $0 != player }
        let names = remaining.map { seats[$0].name }.joined(separator: " and ")
        let what = awaySince[player] != nil ? "did not come back in time" : "left"
        let summary = remaining.isEmpty ? "\(seats[player].name) \(what)." : "\(seats[player].name) \(what); \(names) wins."
        finish(winners: remaining, reason: .playersLeft, summary: summary, at: gameTime(at: now))
    }

    /// A dropped connection pauses the game (clock and strikes) for as long as the host holds the
    /// seat (its one grace period, `--grace`; `leave` follows if it runs out); when every dropped
    /// player is back the game resumes where it stopped.
    public mutating func connectionChanged(_ seat: SeatID, connected: Bool, at now: GameInstant) {
        advance(to: now)
        guard outcome == nil, let player = index(of: seat) else { return }
        if connected {
            guard awaySince[player] != nil else { return }
            awaySince[player] = nil
            if awaySince.allSatisfy({ $0 == nil }), let since = pausedSince {
                pausedMilliseconds += now.milliseconds(since: since)
                pausedSince = nil
            }
        } else {
            guard awaySince[player] == nil else { return }
            awaySince[player] = now
            if pausedSince == nil { pausedSince = now }
        }
    }
}
