import PartyKit

extension SunTouch {
    /// Everything `viewer` may see at `now`: strikes, captured suns, scores, cooldowns and clocks,
    /// and during the toss only the viewer's own number. Never an uncaptured sun.
    public func view(for viewer: Viewer, at now: GameInstant) -> SunTouchView {
        let clock = gameTime(at: now)
        let active = activeTime(at: now)
        let mine = viewer.seat.flatMap(index(of:))
        let players = seats.indices.map { seat in
            SunTouchView.Player(
                seat: seats[seat].id, score: score(seat),
                cool: phase == .playing ? max(0, readyAt[seat] - clock) : 0,
                tossed: phase == .toss && tosses[seat] != nil, away: awaySince[seat] != nil)
        }
        let shown = strikes.indices.suffix(Self.strikesShown).map { number in
            let strike = strikes[number]
            return SunTouchView.Strike(
                n: number, seat: seats[strike.seat].id, x: strike.x, y: strike.y, r: strike.r,
                age: clock - strike.time)
        }
        let captured = suns.compactMap { sun in
            sun.capture.map { SunTouchView.Sun(x: sun.x, y: sun.y, seat: seats[$0.seat].id, at: $0.at) }
        }.sorted { ($0.at, $0.seat, $0.x, $0.y) < ($1.at, $1.seat, $1.x, $1.y) }
        let toss = phase == .toss
            ? SunTouchView.Toss(round: tossRound, mine: mine.flatMap { tosses[$0] }, left: max(0, tossDeadline - active))
            : nil
        return SunTouchView(
            phase: phase, you: mine.map { seats[$0].id }, suns: configuration.suns, clock: clock,
            left: configuration.timeLimitMilliseconds - clock, dur: configuration.strikeMilliseconds,
            players: players, strikes: shown, captured: captured, toss: toss, paused: outcome == nil && pausedSince != nil, end: outcome?.summary)
    }

    /// A copy in which everything hidden from `viewer` is re-randomised: the positions of
    /// uncaptured suns, the host's secret and generator, and the other players' tosses.
    ///
    /// The copy's future differs (suns moved, so later captures change), but its views at the
    /// current instant must equal this state's, which the conformance suite checks.
    public func hidingInformation(from viewer: Viewer, using random: inout SeededRandom) -> SunTouch {
        var copy = self
        copy.hostSecret = random.next()
        copy.random = random.split()
        let mine = viewer.seat.flatMap(index(of:))
        for seat in tosses.indices where seat != mine && tosses[seat] != nil {
            copy.tosses[seat] = UInt32(truncatingIfNeeded: random.next())
        }
        for sun in suns.indices where suns[sun].capture == nil {
            copy.suns[sun] = Self.randomSun(using: &random)
        }
        return copy
    }
}
