import PartyKit

/// The conformance suite every `GameRules` type must pass; returns what failed, empty when all holds.
///
/// It plays many random games (random seats sending random candidate moves, time jumping to
/// deadlines and in small random steps, players occasionally leaving) and checks after every step:
/// - rejected moves leave the state unchanged;
/// - a seat the schedule does not allow cannot make an ordinary move;
/// - the game never stalls: while it runs, someone may act or a deadline is set;
/// - every view is unchanged when the information hidden from its viewer is re-randomised;
/// - a view that writes its own JSON (`JSONWritable`) writes what its `Encodable` conformance
///   writes (`jsonProblems`), and a move that reads itself (`JSONReadable`) reads its own JSON
///   as the same move (`readProblems`);
/// - replaying the same seed and steps gives an equal state (determinism);
/// - the fallback for clients without a presenter holds for every seat (`checkPlainPlay`): every
///   labelled move is allowed by the schedule and accepted by `apply`, labels are short and unique,
///   the plain text fits 72 columns without control characters, and a seat that could act has a
///   menu or a typed prompt;
/// - games that must end (`expectsEnd`) end within `maxSteps`;
/// - an outcome has a summary, and standings that list every seat of the game once, best first,
///   places starting at 1 and never falling, winners at place 1 and everyone else behind them.
///
/// Use it from a test: `#expect(GameConformance.check(FourInARow.self).isEmpty)`.
public enum GameConformance {
    /// Runs the suite; each string in the result describes one failure.
    public static func check<Rules: GameRules>(
        _ rules: Rules.Type,
        configuration: Rules.Configuration = .init(),
        playerCounts: [Int]? = nil,
        seeds: Range<UInt64> = 0..<12,
        maxSteps: Int = 4000,
        expectsEnd: Bool = true,
        leaveProbability: Double = 0.002
    ) -> [String] {
        let descriptor = Rules.descriptor
        let counts = playerCounts ?? Array(descriptor.minPlayers...min(descriptor.maxPlayers, descriptor.minPlayers + 2))
        var failures: [String] = []
        for count in counts {
            for seed in seeds {
                failures += play(Rules.self, configuration: configuration, players: count, seed: seed,
                                 maxSteps: maxSteps, expectsEnd: expectsEnd, leaveProbability: leaveProbability)
                if failures.count > 20 { return failures }
            }
        }
        return failures
    }

    /// One step of a recorded game, for replay.
    enum Step<Rules: GameRules> {
        case move(Rules.Move, SeatID, GameInstant)
        case advance(GameInstant)
        case leave(SeatID, GameInstant)
    }

    static func play<Rules: GameRules>(
        _: Rules.Type, configuration: Rules.Configuration, players: Int, seed: UInt64,
        maxSteps: Int, expectsEnd: Bool, leaveProbability: Double
    ) -> [String] {
        let label = "\(Rules.descriptor.id), \(players) players, seed \(seed)"
        let seats = (0..<players).map { Seat(id: SeatID($0), name: "Player \($0 + 1)") }
        let setup = GameSetup(seats: seats, configuration: configuration, seed: seed, gameNumber: Int(seed % 3), now: .zero)
        let names = Dictionary(uniqueKeysWithValues: seats.map { ($0.id, $0.name) })
        var state = Rules(setup: setup)
        var random = SeededRandom(seed: seed &* 0x9E37_79B9 &+ 17)
        var now = GameInstant.zero
        var present = Set(seats.map(\.id))
        var log: [Step<Rules>] = []
        var failures: [String] = []

        func fail(_ message: String) { failures.append("\(label), step \(log.count): \(message)") }

        for _ in 0..<maxSteps {
            if state.isOver { break }
            // No stall: someone may act, or time will move the game on.
            let schedule = state.schedule
            let someoneMayAct = present.contains { seat in
                schedule.allows(seat)
                    || (schedule.interrupts && state.candidateMoves(for: seat).contains(where: Rules.isInterrupt))
            }
            if !someoneMayAct && schedule.deadline == nil {
                fail("stalled: nobody may act and no deadline is set")
                break
            }
            // Views leak nothing hidden from their viewer.
            let viewers = present.sorted().map(Viewer.seat) + [.spectator]
            for viewer in viewers {
                var hideRandom = random.split()
                let hidden = state.hidingInformation(from: viewer, using: &hideRandom)
                if hidden.view(for: viewer, at: now) != state.view(for: viewer, at: now) {
                    fail("the view for \(viewer) changes when information hidden from it changes")
                }
                for problem in jsonProblems(state.view(for: viewer, at: now)) { fail("the view for \(viewer) \(problem)") }
            }
            for seat in present.sorted() {
                for problem in checkPlainPlay(state, seat: seat, seats: seats, at: now) { fail(problem) }
            }
            let spectatorContext = PresenterContext(seat: nil, names: names, color: false)
            for problem in textProblems(Rules.plainText(of: state.view(for: .spectator, at: now), context: spectatorContext)) {
                fail("the plain text for a spectator \(problem)")
            }
            if !failures.isEmpty { break }

            let roll = Double(random.next() % 10_000) / 10_000
            if roll < leaveProbability, present.count > 0 {
                let seat = present.sorted()[Int(random.next() % UInt64(present.count))]
                present.remove(seat)
                state.leave(seat, at: now)
                log.append(.leave(seat, now))
            } else if let deadline = schedule.deadline, roll < 0.15 || !someoneMayAct {
                now = max(now, deadline)
                state.advance(to: now)
                log.append(.advance(now))
            } else if roll < 0.25 {
                now = now.adding(milliseconds: Int64(random.next() % 1500))
                state.advance(to: now)
                log.append(.advance(now))
            } else {
                guard let seat = present.randomElement(using: &random) else { break }
                let moves = state.candidateMoves(for: seat)
                for move in moves { for problem in readProblems(move) { fail("the move \(move) \(problem)") } }
                guard let move = moves.randomElement(using: &random) else { continue }
                let before = state
                let allowed = schedule.allows(seat) || (schedule.interrupts && Rules.isInterrupt(move))
                do {
                    try state.apply(move, from: seat, at: now)
                    if !allowed {
                        fail("accepted \(move) from \(seat), which the schedule did not allow to move")
                    }
                    log.append(.move(move, seat, now))
                } catch {
                    if state != before { fail("rejecting \(move) from \(seat) (\(error.code)) changed the state") }
                    if error.description.isEmpty { fail("rejection \(error.code) has no description") }
                }
            }
            if !failures.isEmpty { break }
        }
        if state.isOver && failures.isEmpty {
            for viewer in present.sorted().map(Viewer.seat) + [.spectator] {
                for problem in jsonProblems(state.view(for: viewer, at: now)) { fail("once over, the view for \(viewer) \(problem)") }
            }
            for seat in present.sorted() {
                for problem in checkPlainPlay(state, seat: seat, seats: seats, at: now) { fail("once over, \(problem)") }
            }
        }
        if expectsEnd && !state.isOver && failures.isEmpty {
            failures.append("\(label): the game did not end within \(maxSteps) steps")
        }
        if let outcome = state.outcome, outcome.summary.isEmpty {
            failures.append("\(label): the outcome has no summary")
        }
        if let outcome = state.outcome {
            failures += standingsProblems(outcome, seats: seats.map(\.id)).map { "\(label): \($0)" }
        }
        // Determinism: the same seed and the same steps give the same state.
        var replay = Rules(setup: setup)
        for step in log {
            switch step {
            case .move(let move, let seat, let at): try? replay.apply(move, from: seat, at: at)
            case .advance(let at): replay.advance(to: at)
            case .leave(let seat, let at): replay.leave(seat, at: at)
            }
        }
        if replay != state { failures.append("\(label): replaying the same seed and \(log.count) steps gave a different state") }
        return failures
    }

    /// What is wrong with `outcome.standings` for a game played by `seats`.
    static func standingsProblems(_ outcome: GameOutcome, seats: [SeatID]) -> [String] {
        let listed = outcome.standings.map(\.seat)
        guard listed.sorted() == seats.sorted() else {
            return ["the standings list seats \(listed), not every seat of the game once (\(seats))"]
        }
        var problems: [String] = []
        let places = outcome.standings.map(\.place)
        if places.first != 1 || zip(places, places.dropFirst()).contains(where: { $0 > $1 }) {
            problems.append("the standings' places \(places) do not start at 1 and rise")
        }
        for (index, standing) in outcome.standings.enumerated() where standing.place > index + 1 {
            problems.append("\(standing.seat) is placed \(standing.place) but only \(index) seats are ahead")
        }
        let winners = Set(outcome.winners)
        for standing in outcome.standings {
            if winners.contains(standing.seat), standing.place != 1 {
                problems.append("winner \(standing.seat) is placed \(standing.place), not 1")
            } else if !winners.isEmpty, !winners.contains(standing.seat), standing.place == 1 {
                problems.append("\(standing.seat) did not win but is placed 1")
            }
        }
        return problems
    }

    /// The longest label a menu may show.
    public static let maximumLabelLength = PlainText.maximumLabelLength
    /// The widest line plain text may have.
    public static let maximumTextWidth = PlainText.width

    /// What is wrong with the fallback play of `seat` in `state` at `now`, as a client without the
    /// game's presenter gets it: the plain text of its view, its labelled moves and typed prompt.
    public static func checkPlainPlay<Rules: GameRules>(
        _ state: Rules, seat: SeatID, seats: [Seat], at now: GameInstant
    ) -> [String] {
        var problems: [String] = []
        let view = state.view(for: .seat(seat), at: now)
        let names = Dictionary(uniqueKeysWithValues: seats.map { ($0.id, $0.name) })
        let context = PresenterContext(seat: seat, names: names, elapsedMilliseconds: 0, color: false)
        let text = Rules.plainText(of: view, context: context)
        problems += textProblems(text).map { "the plain text for \(seat) \($0)" }

        let menu = Rules.labelledMoves(in: view, for: seat)
        let schedule = state.schedule
        var seen: Set<String> = []
        for entry in menu {
            let label = entry.label
            let quoted = "labelled move \"\(label)\" (\(entry.move)) for \(seat)"
            if label.trimmingWhitespace().isEmpty { problems.append("a \(quoted) has an empty label") }
            if label.count > maximumLabelLength {
                problems.append("the \(quoted) is \(label.count) characters long (at most \(maximumLabelLength))")
            }
            if label.contains(where: \.isControlLike) { problems.append("the \(quoted) has a control character") }
            if !seen.insert(label).inserted { problems.append("the \(quoted) appears twice in the menu") }
            if !(schedule.allows(seat) || (schedule.interrupts && Rules.isInterrupt(entry.move))) {
                problems.append("the \(quoted) is offered although the schedule does not let \(seat) move")
            }
            var copy = state
            do {
                try copy.apply(entry.move, from: seat, at: now)
            } catch {
                problems.append("the \(quoted) is rejected by apply (\(error.code): \(error.description))")
            }
        }

        // No dead end: a seat that could make some move gets a menu or a prompt to type one.
        if menu.isEmpty, Rules.typedMovePrompt(in: view, for: seat) == nil,
           schedule.allows(seat) || schedule.interrupts {
            let accepted = state.candidateMoves(for: seat).first { move in
                guard schedule.allows(seat) || (schedule.interrupts && Rules.isInterrupt(move)) else { return false }
                var copy = state
                return (try? copy.apply(move, from: seat, at: now)) != nil
            }
            if let accepted {
                problems.append("\(seat) could make \(accepted) but has no labelled move and no typed prompt")
            }
        }
        return problems
    }

    /// What is wrong with plain text: empty, lines wider than `maximumTextWidth`, control characters.
    public static func textProblems(_ text: String) -> [String] {
        guard !text.trimmingWhitespace().isEmpty else { return ["is empty"] }
        var problems: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.count > maximumTextWidth {
                problems.append("has line \(number + 1) of \(line.count) columns (at most \(maximumTextWidth)): \"\(line)\"")
            }
            if line.contains(where: \.isControlLike) {
                problems.append("has a control character on line \(number + 1): \"\(line.filter { !$0.isControlLike })\"")
            }
        }
        return problems
    }
}
