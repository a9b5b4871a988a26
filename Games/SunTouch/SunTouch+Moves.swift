import PartyKit

extension SunTouch {
    /// Applies a toss or a strike from `seat` at `now`, after letting time pass up to `now`.
    public mutating func apply(_ move: Move, from seat: SeatID, at now: GameInstant) throws(SunTouchRejection) {
        var next = self
        next.advance(to: now)
        try next.perform(move, from: seat, at: now)
        self = next
    }

    /// Validates and performs `move` on a state already advanced to `now`.
    private mutating func perform(_ move: Move, from seat: SeatID, at now: GameInstant) throws(SunTouchRejection) {
        guard let player = index(of: seat) else { throw .notAPlayer }
        guard outcome == nil else { throw .gameOver }
        guard pausedSince == nil else { throw .paused }
        switch move {
        case .toss(let value):
            guard phase == .toss else { throw .notTossing }
            guard tosses[player] == nil else { throw .alreadyTossed }
            tosses[player] = value
            if tosses.allSatisfy({ $0 != nil }) {
                finishToss(at: activeTime(at: now))
            }
        case .strike(let x, let y, let radius):
            guard phase == .playing else { throw .notPlaying }
            guard (0.0...1.0).contains(x), (0.0...1.0).contains(y) else { throw .outOfField(x: x, y: y) }
            guard Self.radiusRange.contains(radius) else { throw .radiusOutOfRange(radius: radius) }
            let time = gameTime(at: now)
            guard time >= readyAt[player] else { throw .coolingDown(remainingMilliseconds: readyAt[player] - time) }
            strikes.append(Strike(seat: player, x: x, y: y, r: radius, time: time))
            readyAt[player] = time + Self.cooldownMilliseconds(radius: radius)
            settle(upTo: time)
        }
    }

    /// Ends a round of the coin toss whose tosses are all in, at active time `active`: equal
    /// tosses start another round; otherwise the suns are laid out and play begins.
    mutating func finishToss(at active: Int64) {
        let values = tosses.compactMap { $0 }
        guard Set(values).count == values.count else {
            tossRound += 1
            tosses = Array(repeating: nil, count: seats.count)
            tossDeadline = active + Self.tossMilliseconds
            return
        }
        var layout = SeededRandom(seed: Self.layoutSeed(host: hostSecret, tosses: values))
        suns = (0..<configuration.suns).map { _ in Self.randomSun(using: &layout) }
        phase = .playing
        playStart = active
    }

    /// The toss deadline passed at active time `active`: the host tosses for whoever has not,
    /// round after round while tosses come out equal.
    mutating func tossForMissing(upTo active: Int64) {
        while phase == .toss, tossDeadline <= active {
            for seat in tosses.indices where tosses[seat] == nil {
                tosses[seat] = UInt32(truncatingIfNeeded: random.next())
            }
            finishToss(at: tossDeadline)
        }
    }

    /// The layout seed: the host's secret mixed with every player's toss in seat order, so no single
    /// participant decides where the suns are.
    static func layoutSeed(host: UInt64, tosses: [UInt32]) -> UInt64 {
        var seed = host
        for toss in tosses {
            var z = seed ^ (UInt64(toss) &* 0x9E37_79B9_7F4A_7C15)
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            seed = z ^ (z >> 31)
        }
        return seed
    }

    /// A sun at a uniformly random place, kept `sunMargin` from the edges.
    static func randomSun(using random: inout SeededRandom) -> Sun {
        let range = sunMargin...(1 - sunMargin)
        return Sun(x: Double.random(in: range, using: &random), y: Double.random(in: range, using: &random))
    }

    /// Moves worth trying for `seat` now (the conformance suite and view-less clients use them).
    public func candidateMoves(for seat: SeatID) -> [Move] {
        guard outcome == nil else { return [.toss(1), .strike(x: 0.5, y: 0.5, radius: 0.1)] }
        switch phase {
        case .toss:
            return [.toss(1), .toss(2), .toss(UInt32(truncatingIfNeeded: seat.index) &+ 1000), .strike(x: 0.5, y: 0.5, radius: 0.1)]
        case .playing, .over:
            let spots = [0.1, 0.3, 0.5, 0.7, 0.9]
            var moves = spots.flatMap { x in spots.map { y in Move.strike(x: x, y: y, radius: 0.2) } }
            moves += [
                .strike(x: 0.5, y: 0.5, radius: 0.03), .strike(x: 1.2, y: 0.5, radius: 0.1),
                .strike(x: 0.5, y: 0.5, radius: 0.5), .toss(3),
            ]
            return moves
        }
    }
}
