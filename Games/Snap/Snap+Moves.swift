import PartyKit

extension Snap {
    /// Confirms the deal, turns the active player's card, or judges a snap call.
    public mutating func apply(_ move: SnapMove, from seat: SeatID, at now: GameInstant) throws(SnapRejection) {
        guard phase != .over else { throw .gameOver }
        guard isSeat(seat), !gone.contains(seat) else { throw .notInGame }
        switch move {
        case .confirmDeal:
            guard phase == .dealing else { throw .notDealing }
            guard !confirmed.contains(seat) else { throw .alreadyConfirmed }
            confirmed.insert(seat)
            startIfAllConfirmed(at: now)
        case .turn:
            guard phase == .playing else { throw .stillDealing }
            guard active == seat else { throw .notYourTurn }
            turnCard(at: now)
        case .snap(let seen):
            guard phase == .playing else { throw .stillDealing }
            guard cardCount(seat) > 0 else { throw .youAreOut }
            guard seen <= table else { throw .unknownTable(seen: seen, current: table) }
            guard seen >= table - Self.judgedTables else { throw .staleCall(seen: seen, current: table) }
            callSnap(by: seat, seen: seen, at: now)
        }
    }

    /// Ends the deal at its deadline and turns the card of every player whose time ran out.
    public mutating func advance(to now: GameInstant) {
        if phase == .dealing, now >= dealDeadline {
            // Whoever has not confirmed is confirmed by the deadline, so nobody stalls the deal.
            startPlaying(at: dealDeadline)
        }
        while phase == .playing, let deadline = turnDeadline, deadline <= now, let slow = active {
            note(.timedOut, seat: slow, cards: 1, "\(name(slow)) was too slow; their card was turned for them", at: deadline)
            turnCard(at: deadline)
        }
    }

    /// Shares the leaver's cards out clockwise from their left; one player left wins.
    public mutating func leave(_ seat: SeatID, at now: GameInstant) {
        guard isSeat(seat), !gone.contains(seat) else { return }
        advance(to: now)
        gone.insert(seat)
        away.remove(seat)
        confirmed.remove(seat)
        guard phase != .over else { return }
        var cards = closed[seat.index] + open[seat.index]
        closed[seat.index] = []
        open[seat.index] = []
        let remaining = seats.map(\.id).filter { !gone.contains($0) }
        var receivers = clockwise(after: seat).filter { isIn($0) }
        if receivers.isEmpty { receivers = clockwise(after: seat).filter { !gone.contains($0) } }
        let shared = cards.count
        var next = 0
        while !receivers.isEmpty, !cards.isEmpty {
            closed[receivers[next % receivers.count].index].insert(cards.removeFirst(), at: 0)
            next += 1
        }
        commitTable()
        note(.left, seat: seat, cards: shared, "\(name(seat)) left; their \(cardsText(shared)) were shared out", at: now)
        if remaining.count <= 1 {
            let winners = remaining
            let summary = winners.first.map { "\(name($0)) wins: everyone else left" } ?? "Everyone left the game"
            finish(GameOutcome(winners: winners, reason: .playersLeft, summary: summary, standings: standingsByCards()))
            return
        }
        switch phase {
        case .dealing:
            startIfAllConfirmed(at: now)
        case .playing:
            if endIfOneHoldsAll() { return }
            if active == seat { activate(after: seat, at: now) }
        case .over:
            break
        }
    }

    /// Pauses the turn timer while the active player is away, and resumes it when they are back.
    public mutating func connectionChanged(_ seat: SeatID, connected: Bool, at now: GameInstant) {
        guard isSeat(seat), !gone.contains(seat) else { return }
        advance(to: now)
        if connected {
            away.remove(seat)
            if active == seat, let remaining = pausedRemaining {
                turnDeadline = now.adding(milliseconds: remaining)
                pausedRemaining = nil
            }
        } else {
            away.insert(seat)
            if active == seat, phase == .playing, let deadline = turnDeadline {
                pausedRemaining = max(0, deadline.milliseconds(since: now))
                turnDeadline = nil
            }
        }
    }
}
