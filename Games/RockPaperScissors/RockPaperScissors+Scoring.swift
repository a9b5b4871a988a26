import PartyKit

extension RockPaperScissors {
    /// The points each pick scores: one for every other pick its shape beats (no shape scores nothing,
    /// and any shape beats no shape).
    public static func points(for picks: [(seat: SeatID, shape: Shape?)]) -> [SeatID: Int] {
        var points: [SeatID: Int] = [:]
        for pick in picks {
            guard let shape = pick.shape else {
                points[pick.seat] = 0
                continue
            }
            points[pick.seat] = picks.filter { $0.seat != pick.seat && shape.beats($0.shape) }.count
        }
        return points
    }

    /// Rounds still to play after the current one.
    public var roundsLeft: Int { max(0, configuration.rounds - round) }

    /// The outcome if the game is decided after the round just scored: the last round was played,
    /// or the leader cannot be caught in the rounds left.
    func decidedOutcome() -> GameOutcome? {
        let ranked = players.sorted { ($1.score, $0.seat.id) < ($0.score, $1.seat.id) }
        guard let leader = ranked.first else { return nil }
        let best = leader.score
        let top = ranked.filter { $0.score == best }
        let standings = ranked.map { "\($0.seat.name) \($0.score)" }.joined(separator: ", ")
        if roundsLeft == 0 {
            if top.count == ranked.count {
                return GameOutcome(winners: [], reason: .draw, summary: "Draw after \(Self.count(round, "round")): \(standings)",
                                   standings: self.standings())
            }
            let names = top.map(\.seat.name)
            let who = names.count == 1 ? "\(names[0]) wins" : "\(Self.list(names)) share the win"
            return GameOutcome(winners: top.map(\.seat.id).sorted(), reason: .won,
                               summary: "\(who) after \(Self.count(round, "round")): \(standings)", standings: self.standings())
        }
        // Nobody else can catch up: even the most points a round gives (one per opponent, in every
        // round left) would leave every other player below the leader.
        let mostPerRound = players.count - 1
        let chaser = ranked.dropFirst().first?.score ?? 0
        guard top.count == 1, chaser + roundsLeft * mostPerRound < best else { return nil }
        return GameOutcome(winners: [leader.seat.id], reason: .won,
                           summary: "\(leader.seat.name) wins after \(round) of \(configuration.rounds) rounds: \(standings)",
                           standings: self.standings())
    }

    /// Everyone by points, most first (seat order within a tie); players who left come last.
    func standings() -> [Standing] {
        let everyone = players + leavers
        return Standing.ranked(everyone.map { (seat: $0.seat.id, score: $0.score) }, last: Set(leavers.map(\.seat.id)))
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
