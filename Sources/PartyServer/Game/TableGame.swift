import PartyKit
import PartyWire

/// The running game as the table sees it: the one small, non-generic interface between the session
/// (seats, names, connections, the party room) and a game's rules. `RulesGame` implements it for any
/// `GameRules`; it is created when a game starts and dropped when the table is done with it.
protocol TableGame: AnyObject {
    /// The game's id, title and player counts.
    var descriptor: GameDescriptor { get }
    /// The game's number in the session (what views and `gameOver` carry).
    var number: Int { get }
    /// The result, once the game is over.
    var outcome: GameOutcome? { get }
    /// When the game must be woken next, while it has a deadline.
    var deadline: GameInstant? { get }

    /// Decodes a `move` message and lets the rules apply it for `seat`.
    func move(_ envelope: Envelope, codec: MessageCodec, seat: Int, at now: GameInstant) -> MoveAnswer
    /// Reads typed text as a move of this game and lets the rules apply it for `seat`.
    func typedMove(_ text: String, seat: Int, at now: GameInstant) -> MoveAnswer
    /// A player takes `seat` while the game runs (only when `descriptor.joinInProgress`).
    func join(seat: Int, name: String, at now: GameInstant)
    /// The player of `seat` left for good.
    func leave(seat: Int, at now: GameInstant)
    /// The connection of `seat` dropped or came back.
    func connectionChanged(seat: Int, connected: Bool, at now: GameInstant)
    /// Lets time pass when the deadline has come; false when nothing was due.
    func advance(to now: GameInstant) -> Bool
    /// Sends every connected player (a watcher gets the spectator view) and spectator its view;
    /// viewers who see the same view share one encoding of it. Returns the names of players whose
    /// connection was closed because they stopped reading.
    func sendViews(players: [TablePlayer], spectators: [Spectator], at now: GameInstant) -> [String]
    /// Sends one client the view of `seat` (nil: the spectator view).
    func sendView(to peer: PeerLink, seat: Int?, plainText: Bool, at now: GameInstant)

    // Teams: the table reads a move, decides whether it is a proposal, and plays it later.

    /// Decodes a `move` message for `seat` without playing it.
    func read(_ envelope: Envelope, codec: MessageCodec, seat: Int, at now: GameInstant) -> Result<TableMove, MoveRefusal>
    /// Reads typed text as a move for `seat` without playing it.
    func readTyped(_ text: String, seat: Int, at now: GameInstant) -> Result<TableMove, MoveRefusal>
    /// Whether `move` from `seat` is a proposal (an ordinary move in the seat's turn, in a game
    /// without interrupts) or is played at once (interrupts, real time, out of turn).
    func kind(of move: TableMove, seat: Int) -> MoveKind
    /// What the rules would say to `move` now, judged on a copy: nothing changes.
    func judge(_ move: TableMove, seat: Int, at now: GameInstant) -> MoveAnswer
    /// Plays `move` for `seat` (the schedule and the rules judge it, as for any move).
    func play(_ move: TableMove, seat: Int, at now: GameInstant) -> MoveAnswer
    /// Whether `seat` may make an ordinary move now (its proposals stay open only while it may).
    func allows(seat: Int) -> Bool
    /// How a team's ordinary moves are played now: as proposals (`true`: turns without interrupts),
    /// at once (`false`: real time, rounds everyone plays, interrupts), or nil while nobody may act.
    var movesAreProposals: Bool? { get }
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
