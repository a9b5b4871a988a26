import PartyKit

extension Snap {
    /// Counts and top open cards for everyone, from the viewer's seat, with remaining times.
    public func view(for viewer: Viewer, at now: GameInstant) -> SnapView {
        let me = viewer.seat.flatMap { isSeat($0) ? $0 : nil }
        let start = me?.index ?? 0
        let order = seats.indices.map { SeatID((start + $0) % max(1, seats.count)) }
        let players = order.map { seat in
            SnapView.Player(
                seat: seat.index, name: name(seat),
                closed: closed[seat.index].count, open: open[seat.index].count, top: open[seat.index].last,
                out: !gone.contains(seat) && cardCount(seat) == 0 && phase != .dealing,
                gone: gone.contains(seat), away: away.contains(seat), ready: confirmed.contains(seat)
            )
        }
        let turnMs: Int64? = phase != .playing ? nil
            : turnDeadline.map { max(0, $0.milliseconds(since: now)) } ?? pausedRemaining
        return SnapView(
            phase: phase, me: me?.index, players: players, active: active?.index,
            turnMs: turnMs, paused: phase == .playing && active != nil && turnDeadline == nil,
            dealMs: phase == .dealing ? max(0, dealDeadline.milliseconds(since: now)) : nil,
            turn: turnNumber, limit: configuration.turnLimit, table: table,
            event: event, events: eventCount,
            eventAgeMs: event == nil ? nil : max(0, now.milliseconds(since: eventAt)),
            outcome: outcome?.summary, winners: outcome?.winners.map(\.index) ?? []
        )
    }

    /// A copy in which every face-down card — every closed pile and every open card below a top —
    /// has been shuffled among all those hidden places, keeping every pile's size and every top card.
    ///
    /// No viewer may see any of these, their own closed pile included, so one shuffle serves all viewers.
    public func hidingInformation(from viewer: Viewer, using random: inout SeededRandom) -> Snap {
        var copy = self
        var hidden: [Card] = []
        for index in seats.indices {
            hidden += closed[index]
            hidden += open[index].dropLast()
        }
        Self.shuffle(&hidden, using: &random)
        for index in seats.indices {
            let closedCount = closed[index].count
            copy.closed[index] = Array(hidden.prefix(closedCount))
            hidden.removeFirst(closedCount)
            if let top = open[index].last {
                let below = open[index].count - 1
                copy.open[index] = Array(hidden.prefix(below)) + [top]
                hidden.removeFirst(below)
            }
        }
        return copy
    }
}
