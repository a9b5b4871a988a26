import PartyKit

extension Snap {
    /// Starts playing once every remaining player has confirmed the deal.
    mutating func startIfAllConfirmed(at now: GameInstant) {
        let waiting = seats.map(\.id).filter { !gone.contains($0) && !confirmed.contains($0) }
        if phase == .dealing, waiting.isEmpty { startPlaying(at: now) }
    }

    /// Ends the dealing phase and makes the first player active.
    mutating func startPlaying(at now: GameInstant) {
        guard phase == .dealing else { return }
        phase = .playing
        for seat in seats.map(\.id) where !gone.contains(seat) { confirmed.insert(seat) }
        if endIfOneHoldsAll() { return }
        activate(after: SeatID((firstSeat.index + seats.count - 1) % seats.count), at: now)
    }

    /// Makes the next player clockwise after `seat` who still has cards active, with a fresh turn timer.
    mutating func activate(after seat: SeatID, at now: GameInstant) {
        guard let next = clockwise(after: seat).first(where: { isIn($0) }) else {
            active = nil
            turnDeadline = nil
            pausedRemaining = nil
            return
        }
        // A player whose face-down pile is empty turns the face-up pile over when they next turn a
        // card (`turnCard`), not now: a match this leaves on the table stays there to be snapped.
        active = next
        if away.contains(next) {
            turnDeadline = nil
            pausedRemaining = configuration.turnMilliseconds
        } else {
            turnDeadline = now.adding(milliseconds: configuration.turnMilliseconds)
            pausedRemaining = nil
        }
    }

    /// Turns `seat`'s open pile over to become their closed pile.
    mutating func recycle(_ seat: SeatID) {
        closed[seat.index] = open[seat.index].reversed() + closed[seat.index]
        open[seat.index] = []
        commitTable()
    }

    /// The active player turns their top card; the next player clockwise with cards becomes active.
    mutating func turnCard(at now: GameInstant) {
        guard let seat = active else { return }
        if closed[seat.index].isEmpty { recycle(seat) }
        guard let card = closed[seat.index].popLast() else {
            activate(after: seat, at: now)
            return
        }
        open[seat.index].append(card)
        turnNumber += 1
        commitTable()
        if turnNumber >= configuration.turnLimit {
            finishByLimit()
            return
        }
        activate(after: seat, at: now)
    }

    /// Records a new table number when any top open card changed.
    mutating func commitTable() {
        let current = open.map(\.last)
        guard current != tops else { return }
        tops = current
        table += 1
        let ranks = current.compactMap { $0?.rank }
        if Set(ranks).count < ranks.count {
            matchedTables.append(table)
            if matchSince == nil { matchSince = table }
        } else {
            matchSince = nil
        }
        matchedTables.removeAll { $0 < table - Self.judgedTables }
    }

    /// Judges a snap call against the table the caller saw.
    mutating func callSnap(by caller: SeatID, seen: Int, at now: GameInstant) {
        if let since = matchSince, seen >= since {
            winMatches(for: caller, at: now)
        } else if matchedTables.contains(seen) {
            note(.tooLate, seat: caller, cards: 0, "\(name(caller)) called snap too late", at: now)
        } else {
            payPenalty(from: caller, at: now)
        }
    }

    /// The caller wins every open pile whose top card shares its rank with another top card.
    mutating func winMatches(for caller: SeatID, at now: GameInstant) {
        var count: [Rank: Int] = [:]
        for card in open.compactMap(\.last) { count[card.rank, default: 0] += 1 }
        var won: [Card] = []
        for index in seats.indices {
            if let top = open[index].last, count[top.rank, default: 0] > 1 {
                won += open[index]
                open[index] = []
            }
        }
        closed[caller.index].insert(contentsOf: won, at: 0)
        commitTable()
        note(.snapWon, seat: caller, cards: won.count, "\(name(caller)) called snap and won \(cardsText(won.count))", at: now)
        afterCardsMoved(at: now)
    }

    /// A wrong call: the caller gives one card to each other player still in, clockwise, while they have cards.
    mutating func payPenalty(from caller: SeatID, at now: GameInstant) {
        let receivers = clockwise(after: caller).filter { $0 != caller && isIn($0) }
        var paid: [SeatID] = []
        for receiver in receivers {
            let card: Card
            if let top = closed[caller.index].popLast() {
                card = top
            } else if !open[caller.index].isEmpty {
                card = open[caller.index].removeFirst()
            } else {
                break
            }
            closed[receiver.index].insert(card, at: 0)
            paid.append(receiver)
        }
        commitTable()
        let text: String
        if paid.count == receivers.count {
            text = receivers.count == 1
                ? "\(name(caller)) called snap wrongly and paid 1 card to \(name(receivers[0]))"
                : "\(name(caller)) called snap wrongly and paid 1 card each"
        } else {
            text = "\(name(caller)) called snap wrongly and had only \(cardsText(paid.count)) to pay"
        }
        note(.wrongSnap, seat: caller, cards: paid.count, text, at: now)
        afterCardsMoved(at: now)
    }

    /// Ends the game if one player holds everything, and moves the turn on if the active player ran out.
    ///
    /// An active player left with an empty face-down pile keeps the face-up pile until they turn.
    mutating func afterCardsMoved(at now: GameInstant) {
        let moment = (outAt.values.max() ?? 0) + 1
        for seat in seats.map(\.id) where !gone.contains(seat) {
            if cardCount(seat) > 0 {
                outAt[seat] = nil
            } else if outAt[seat] == nil {
                outAt[seat] = moment
            }
        }
        if endIfOneHoldsAll() { return }
        guard let current = active else { return }
        if cardCount(current) == 0 {
            activate(after: current, at: now)
        }
    }

    /// Ends the game when exactly one player still holds cards.
    mutating func endIfOneHoldsAll() -> Bool {
        let holders = seats.map(\.id).filter { isIn($0) }
        guard holders.count == 1, let winner = holders.first else { return false }
        finish(GameOutcome(winners: [winner], reason: .won,
                           summary: "\(name(winner)) holds all \(cardsText(cardCount(winner))) and wins",
                           standings: standingsByCards()))
        return true
    }

    /// Ends the game at the turn limit: the most cards win; a tie is shared.
    mutating func finishByLimit() {
        let players = seats.map(\.id).filter { !gone.contains($0) }
        let most = players.map(cardCount).max() ?? 0
        let winners = players.filter { cardCount($0) == most }
        let limit = "Turn limit of \(configuration.turnLimit) reached"
        let summary = winners.count == 1
            ? "\(limit): \(name(winners[0])) wins with \(cardsText(most))"
            : "\(limit): draw between \(winners.map(name).joined(separator: " and ")) with \(cardsText(most)) each"
        finish(GameOutcome(winners: winners, reason: .limitReached, summary: summary, standings: standingsByCards()))
    }

    /// Everyone still holding cards by how many, most first (ties share a place); then those who ran
    /// out, the last to run out first; players who left share the last place.
    func standingsByCards() -> [Standing] {
        let ids = seats.map(\.id)
        var standings = Standing.ranked(ids.filter { !gone.contains($0) && cardCount($0) > 0 }.map { (seat: $0, score: cardCount($0)) })
        // Sorted so that whoever ran out last comes first; `sorted` keeps seat order within a moment.
        let out = ids.filter { !gone.contains($0) && cardCount($0) == 0 }.sorted { (outAt[$0] ?? 0) > (outAt[$1] ?? 0) }
        for (index, seat) in out.enumerated() {
            let sameMoment = index > 0 && outAt[out[index - 1]] == outAt[seat]
            standings.append(Standing(seat: seat, place: sameMoment ? standings[standings.count - 1].place : standings.count + 1, score: 0))
        }
        let place = standings.count + 1
        for seat in ids where gone.contains(seat) { standings.append(Standing(seat: seat, place: place, score: cardCount(seat))) }
        return standings
    }

    /// Stops the game with `result`.
    mutating func finish(_ result: GameOutcome) {
        phase = .over
        outcome = result
        active = nil
        turnDeadline = nil
        pausedRemaining = nil
    }

    /// Records the latest event.
    mutating func note(_ kind: SnapEvent.Kind, seat: SeatID, cards: Int, _ text: String, at now: GameInstant) {
        event = SnapEvent(kind: kind, seat: seat.index, cards: cards, text: text)
        eventAt = now
        eventCount += 1
    }

    /// "1 card", "6 cards".
    func cardsText(_ count: Int) -> String { count == 1 ? "1 card" : "\(count) cards" }
}
