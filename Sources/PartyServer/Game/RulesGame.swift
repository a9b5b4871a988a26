import PartyKit
import PartyWire

/// One running game of `Rules`: the per-game part of a table, generic over its rules, behind the
/// non-generic `TableGame` seam the table talks to. A value: copying it copies the game.
struct RulesGame<Rules: GameRules>: TableGame {
    let number: Int
    /// The game's state; `schedule` follows every change of it.
    private(set) var rules: Rules {
        didSet { schedule = rules.schedule }
    }
    /// `rules.schedule`, read once per change of the state rather than on every use (a game's
    /// schedule may be built anew each time it is read: a turn is a set of seats).
    private(set) var schedule: Schedule
    /// The names of the game's seats, for plain-text views.
    var names: [SeatID: String]
    /// How the game's view writes its own JSON (`JSONWritable`), found once for the game; nil when
    /// `Encodable` writes it.
    let viewWriter = ViewWriter<Rules.View>.make()
    /// How the game's moves are read, found once for the game.
    let moveReader = MoveReader<Rules.Move>()

    /// Starts a game of `Rules` with `setup`; views carry `number`.
    init(setup: GameSetup<Rules.Configuration>, number: Int) {
        self.number = number
        let rules = Rules(setup: setup)
        self.rules = rules
        schedule = rules.schedule
        names = Dictionary(setup.seats.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    var descriptor: GameDescriptor { Rules.descriptor }
    var outcome: GameOutcome? { rules.outcome }
    var deadline: GameInstant? { schedule.deadline }

    // MARK: Moves

    /// Lets the rules apply `move`, then checks the schedule.
    ///
    /// The rules judge first, so a refused move gets the game's own reason (`alreadyConfirmed`,
    /// `paused`, …) rather than a generic one; a move the schedule does not allow is refused with
    /// `notYourTurn` even if the rules would have taken it, and then changes nothing.
    mutating func play(_ move: Rules.Move, seat: SeatID, at now: GameInstant) -> MoveAnswer {
        let schedule = self.schedule
        guard schedule.allows(seat) || (schedule.interrupts && Rules.isInterrupt(move)) else {
            // Out of turn: the rules judge a copy, which is then dropped whatever they say.
            if case .rejected(let code, let message) = Self.judge(move, seat: seat, on: rules, at: now) {
                return .rejected(code: code, message: message)
            }
            return .host(.notYourTurn)
        }
        // In turn: applied in place, with no copy of the state (a refused move leaves the state
        // as it was: the rules guarantee it, and the conformance suite checks it).
        do {
            try rules.apply(move, from: seat, at: now)
        } catch {
            return .rejected(code: error.code, message: error.description)
        }
        return .played
    }

    /// What the rules say to `move` on a copy of `rules` (dropped whatever they say).
    static func judge(_ move: Rules.Move, seat: SeatID, on rules: Rules, at now: GameInstant) -> MoveAnswer {
        var copy = rules
        do {
            try copy.apply(move, from: seat, at: now)
        } catch {
            return .rejected(code: error.code, message: error.description)
        }
        return .played
    }

    // MARK: Seats and time

    mutating func join(seat: Int, name: String, at now: GameInstant) {
        names[SeatID(seat)] = name
        rules.join(Seat(id: SeatID(seat), name: name), at: now)
    }

    mutating func leave(seat: Int, at now: GameInstant) {
        rules.leave(SeatID(seat), at: now)
    }

    mutating func connectionChanged(seat: Int, connected: Bool, at now: GameInstant) {
        rules.connectionChanged(SeatID(seat), connected: connected, at: now)
    }

    mutating func advance(to now: GameInstant) -> Bool {
        guard let deadline = schedule.deadline, deadline <= now else { return false }
        rules.advance(to: now)
        return true
    }

    // MARK: Views

    func writeViews(for audience: ViewAudience, at now: GameInstant, to output: ViewOutput) {
        RulesViews<Rules>(rules: rules, schedule: schedule, names: names, number: number, viewWriter: viewWriter, audience: audience, now: now)
            .write(to: output)
    }
}
