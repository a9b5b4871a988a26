import PartyKit

extension TwentyFour {
    /// Ends the game: after its last round (`.won`, or `.draw` when nobody won a round) or when
    /// everybody has left (`.playersLeft`).
    mutating func finish(reason: GameOutcome.EndReason) {
        phase = .pause
        let standings = finalStandings()
        let best = players.values.map(\.won).max() ?? 0
        let winners = reason == .won && best > 0 ? standings.map(\.seat).filter { players[$0]?.won == best } : []
        let summary: String
        if reason == .playersLeft {
            summary = "Everybody left after \(Self.count(round, "round")) of \(configuration.rounds)"
        } else if winners.isEmpty {
            summary = leavers.values.contains { $0.won > 0 }
                ? "Draw: nobody still playing won any of the \(Self.count(round, "round"))"
                : "Draw: nobody solved any of the \(Self.count(round, "round"))"
        } else {
            summary = Self.winnersLine(winners.compactMap { players[$0]?.name }, best: best,
                                       runnerUp: standings.dropFirst(winners.count).first?.score, of: round)
        }
        outcome = GameOutcome(winners: winners, reason: winners.isEmpty && reason == .won ? .draw : reason,
                              summary: summary, standings: standings)
    }

    /// Every seat that started or joined, most rounds won first (more rounds solved, then who
    /// came first, within a tie); those who left come last.
    func finalStandings() -> [PartyKit.Standing] {
        let everyone = order.compactMap { seat in (players[seat] ?? leavers[seat]).map { (seat: seat, player: $0) } }
        let byRoundsSolved = everyone.enumerated().sorted { lhs, rhs in
            lhs.element.player.solved != rhs.element.player.solved
                ? lhs.element.player.solved > rhs.element.player.solved : lhs.offset < rhs.offset
        }.map(\.element)
        return PartyKit.Standing.ranked(byRoundsSolved.map { (seat: $0.seat, score: $0.player.won) }, last: Set(leavers.keys))
    }

    /// "Ann wins 3 rounds to 1", "Ann and Bob share the win with 2 rounds each", "Ann wins 3 of 5 rounds".
    static func winnersLine(_ names: [String], best: Int, runnerUp: Int?, of rounds: Int) -> String {
        if names.count > 1 {
            return "\(list(names)) share the win with \(count(best, "round")) each"
        }
        guard let runnerUp else { return "\(names[0]) wins \(best) of \(count(rounds, "round"))" }
        return "\(names[0]) wins \(count(best, "round")) to \(runnerUp)"
    }

    /// "1 round", "3 rounds".
    static func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
    }

    /// "Alice", "Alice and Bob", "Alice, Bob and Carol".
    static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
}
