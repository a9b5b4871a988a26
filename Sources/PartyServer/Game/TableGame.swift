import PartyKit
import PartyWire

/// The running game as the table sees it: the one narrow seam between the table (seats, names,
/// connections, teams, the audience, the party room) and a game's rules. Read a move, apply it,
/// make views: the game sends nothing and never learns who holds a seat or who watches; the table
/// decides who gets which view. `RulesGame` implements it for any `GameRules`, as a value.
protocol TableGame: Sendable {
    /// The game's id, title and player counts.
    var descriptor: GameDescriptor { get }
    /// The game's number in the session (what views and `gameOver` carry).
    var number: Int { get }
    /// The result, once the game is over.
    var outcome: GameOutcome? { get }
    /// When the game must be woken next, while it has a deadline.
    var deadline: GameInstant? { get }
    /// How a team's ordinary moves are played now: as proposals (`true`: turns without interrupts),
    /// at once (`false`: real time, rounds everyone plays, interrupts), or nil while nobody may act.
    var movesAreProposals: Bool? { get }

    // MARK: Read

    /// Decodes a `move` message for `seat`.
    func read(_ envelope: Envelope, codec: MessageCodec, seat: Int) -> Result<TableMove, MoveRefusal>
    /// Reads typed text as a move for `seat`.
    func readTyped(_ text: String, seat: Int, at now: GameInstant) -> Result<TableMove, MoveRefusal>
    /// The move for people, as `seat`'s menu labels it (`Drop in column 4`).
    func label(of move: TableMove, seat: Int, at now: GameInstant) -> String
    /// Whether `move` from `seat` is a proposal (an ordinary move in the seat's turn, in a game
    /// without interrupts) or is played at once (interrupts, real time, out of turn).
    func kind(of move: TableMove, seat: Int) -> MoveKind
    /// What the rules would say to `move` now: nothing changes.
    func judge(_ move: TableMove, seat: Int, at now: GameInstant) -> MoveAnswer
    /// Whether `seat` may make an ordinary move now (its proposals stay open only while it may).
    func allows(seat: Int) -> Bool

    // MARK: Apply

    /// Plays `move` for `seat` (the schedule and the rules judge it, as for any move).
    mutating func play(_ move: TableMove, seat: Int, at now: GameInstant) -> MoveAnswer
    /// A player takes `seat` while the game runs (only when `descriptor.joinInProgress`).
    mutating func join(seat: Int, name: String, at now: GameInstant)
    /// The player of `seat` left for good.
    mutating func leave(seat: Int, at now: GameInstant)
    /// The connection of `seat` dropped or came back.
    mutating func connectionChanged(seat: Int, connected: Bool, at now: GameInstant)
    /// Lets time pass when the deadline has come; false when nothing was due.
    mutating func advance(to now: GameInstant) -> Bool

    // MARK: Views

    /// Writes the views of the game as it is to `audience` (a watcher or spectator sees the
    /// spectator view); viewers who see the same view share one encoding of it.
    func writeViews(for audience: ViewAudience, at now: GameInstant, to output: ViewOutput)
}

/// Why a move could not even be read.
struct MoveRefusal: Error {
    /// The `moveRejected` reason.
    let code: String
    /// The sentence for people.
    let message: String
}

/// What became of a move the table handed to the game.
enum MoveAnswer {
    /// The rules took it; everyone's view changed.
    case played
    /// Refused, with the reason sent in `moveRejected`.
    case rejected(code: String, message: String)

    /// A refusal by the host (before or beside the rules).
    static func host(_ rejection: HostRejection) -> MoveAnswer {
        .rejected(code: rejection.code, message: rejection.description)
    }
}
