import PartyKit

extension TwentyFour {
    /// What `viewer` may see at `now`: the challenge (spectators too), the time left, results and scores.
    ///
    /// Other players' expressions and the solution appear only once the round has ended; a solver
    /// sees their own expression at once.
    public func view(for viewer: Viewer, at now: GameInstant) -> TwentyFourView {
        let me = viewer.seat.flatMap { players[$0] }
        let roundOver = phase == .pause
        let rows = players.map { seat, player in
            TwentyFourView.Row(
                seat: seat, name: player.name, standing: player.standing, ms: player.ms,
                expression: roundOver || seat == viewer.seat ? player.expression : nil
            )
        }
        let scores = players.map { seat, player in
            TwentyFourView.Score(seat: seat, name: player.name, won: player.won, solved: player.solved)
        }
        return TwentyFourView(
            round: round,
            phase: phase,
            numbers: challenge.numbers,
            remainingMs: outcome == nil ? max(0, deadline.milliseconds(since: now)) : 0,
            me: me?.standing,
            results: Self.ordered(rows),
            scores: scores.sorted { a, b in
                (b.won, b.solved) < (a.won, a.solved) || ((b.won, b.solved) == (a.won, a.solved) && Self.byName(a.name, a.seat, b.name, b.seat))
            },
            reply: me?.reply,
            solution: roundOver && me?.standing != .solved ? challenge.solution : nil,
            rounds: roundCount,
            outcome: outcome?.summary
        )
    }

    /// Solvers fastest first, then everyone else by name, ignoring case.
    static func ordered(_ rows: [TwentyFourView.Row]) -> [TwentyFourView.Row] {
        rows.sorted { a, b in
            switch (a.ms, b.ms) {
            case (let x?, let y?): x != y ? x < y : byName(a.name, a.seat, b.name, b.seat)
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): byName(a.name, a.seat, b.name, b.seat)
            }
        }
    }

    private static func byName(_ a: String, _ seatA: SeatID, _ b: String, _ seatB: SeatID) -> Bool {
        let (x, y) = (a.lowercased(), b.lowercased())
        return x != y ? x < y : seatA < seatB
    }

    /// Giving up, a correct answer (from the solver) and a wrong one.
    public func candidateMoves(for seat: SeatID) -> [TwentyFourMove] {
        let n = challenge.numbers.map(String.init)
        guard n.count == 4 else { return [.giveUp] }
        let wrong = ["\(n[0]) + \(n[1]) + \(n[2]) + \(n[3])", "\(n[0]) * \(n[1]) * \(n[2]) * \(n[3])"]
            .first { (try? ExpressionParser.check($0, numbers: challenge.numbers)) == nil } ?? "\(n[0]) +"
        return [.giveUp, .submit(expression: challenge.solution), .submit(expression: wrong)]
    }

    /// Re-randomises what `viewer` cannot see: future challenges, other players' expressions during
    /// a round, and the solution while the viewer may not see it.
    public func hidingInformation(from viewer: Viewer, using random: inout SeededRandom) -> TwentyFour {
        var copy = self
        copy.random = random.split()
        if phase == .round || players[viewer.seat ?? SeatID(-1)]?.standing == .solved {
            copy.challenge.solution = "\(random.next() % 1000) scrambled"
        }
        if phase == .round {
            for (seat, player) in players where seat != viewer.seat && player.expression != nil {
                copy.players[seat]?.expression = "\(random.next() % 1000) hidden"
            }
        }
        return copy
    }
}
