import PartyKit

extension SunTouch {
    /// Active milliseconds at `now`: real time since setup, minus every pause.
    func activeTime(at now: GameInstant) -> Int64 {
        max(0, (pausedSince ?? now).milliseconds(since: start) - pausedMilliseconds)
    }

    /// The host instant of active time `active`, valid while not paused.
    func instant(ofActive active: Int64) -> GameInstant {
        start.adding(milliseconds: pausedMilliseconds + active)
    }

    /// Game milliseconds since play began at `now` (0 during the toss, frozen once over).
    func gameTime(at now: GameInstant) -> Int64 {
        switch phase {
        case .toss: 0
        case .playing: min(max(0, activeTime(at: now) - playStart), configuration.timeLimitMilliseconds)
        case .over: endClock
        }
    }

    /// Half a strike's animation: the time a strike takes to grow to its radius.
    var growMilliseconds: Double {
        Double(configuration.strikeMilliseconds) / 2
    }

    /// The strike that reaches `sun` first, with its reach time in game milliseconds; ties go to
    /// the earlier strike, then to the lower seat.
    func firstReach(of sun: Sun) -> (time: Double, strike: Int)? {
        var best: (time: Double, strikeTime: Int64, seat: Int, strike: Int)?
        for (number, strike) in strikes.enumerated() {
            let dx = sun.x - strike.x
            let dy = sun.y - strike.y
            let distance = (dx * dx + dy * dy).squareRoot()
            guard distance <= strike.r else { continue }
            let time = Double(strike.time) + growMilliseconds * distance / strike.r
            let candidate = (time: time, strikeTime: strike.time, seat: strike.seat, strike: number)
            if let current = best,
                (current.time, current.strikeTime, current.seat) <= (time, strike.time, strike.seat)
            {
                continue
            }
            best = candidate
        }
        return best.map { ($0.time, $0.strike) }
    }

    /// The earliest game time at which a pending strike reaches an uncaptured sun.
    func earliestPendingReach() -> Double? {
        suns.filter { $0.capture == nil }.compactMap { firstReach(of: $0)?.time }.min()
    }
}
