/// The contract every game implements: its rules as a pure, deterministic state machine.
///
/// A conforming type is a value holding one game's whole state. The host owns time, randomness and
/// I/O; the rules only ever see what the host passes in. This is the contract, both ways:
///
/// **The host guarantees**
/// - `init(setup:)` is called with between `descriptor.minPlayers` and `maxPlayers` seats.
/// - `apply` is called only for a seated player, in arrival order, with a non-decreasing `now`. It
///   is called also for a move `schedule` does not allow, so that the player hears the game's own
///   reason: the rules must refuse such a move themselves (the conformance suite checks it); should
///   they accept it, the host drops the new state and answers `notYourTurn`.
/// - `advance(to:)` is called no later than shortly after `schedule.deadline`, and may be called at
///   any other time too (it must then do nothing harmful).
/// - `join` is called only when `descriptor.joinInProgress` is true; `leave` whenever a player leaves.
/// - Each seat, and each spectator, is sent only `view(for:at:)` — never the state itself.
///
/// **The rules guarantee**
/// - Determinism: the same setup (seed included) and the same calls give equal states.
/// - A rejected move (a thrown `Rejection`) leaves the state exactly as it was.
/// - `view(for:at:)` shows a viewer nothing they may not know (`hidingInformation(from:using:)`
///   proves it in the conformance suite).
/// - No stall: while `outcome` is nil, some seat can act or `schedule.deadline` is set.
///
/// `PartyTestSupport.GameConformance` checks all of this for any conforming type.
public protocol GameRules: Hashable, Sendable {
    /// A move a player sends (a column, an expression, a snap call, a strike).
    associatedtype Move: Codable, Hashable, Sendable
    /// What one viewer is allowed to see; travels to that viewer's client.
    associatedtype View: Codable, Hashable, Sendable
    /// Why a move is refused.
    associatedtype Rejection: GameRejection
    /// The game's settings.
    associatedtype Configuration: GameConfiguration = NoConfiguration

    /// The game's id, title, player counts and join policy.
    static var descriptor: GameDescriptor { get }

    /// Starts a game.
    init(setup: GameSetup<Configuration>)

    /// Applies `move` from `seat` at `now`, or throws why it is refused (leaving the state unchanged).
    mutating func apply(_ move: Move, from seat: SeatID, at now: GameInstant) throws(Rejection)

    /// Lets time pass up to `now`: ends timed rounds, turns a stalled player's card, and so on.
    mutating func advance(to now: GameInstant)

    /// A player takes a seat in a running game (only when `descriptor.joinInProgress`).
    mutating func join(_ seat: Seat, at now: GameInstant)

    /// A player has left for good; the rules decide what happens to the game.
    mutating func leave(_ seat: SeatID, at now: GameInstant)

    /// A player's connection dropped (`connected == false`) or came back while the host holds the
    /// seat for them. Turn-based games may pause; real-time games may start a grace deadline.
    /// `leave` follows if they do not come back in time.
    mutating func connectionChanged(_ seat: SeatID, connected: Bool, at now: GameInstant)

    /// Who may act, and when the host must wake the game next.
    var schedule: Schedule { get }

    /// The result, once the game is over; nil while it runs.
    var outcome: GameOutcome? { get }

    /// Everything `viewer` may see at `now`.
    func view(for viewer: Viewer, at now: GameInstant) -> View

    /// Whether `move` is an interrupt: a move any seated player may send while interrupts are open.
    static func isInterrupt(_ move: Move) -> Bool

    /// A finite list of moves worth trying for `seat` now: every legal move when there are few, or a
    /// sample that includes legal ones when there are many. May include illegal moves. Used by the
    /// conformance suite and by clients that have no presenter for the game.
    func candidateMoves(for seat: SeatID) -> [Move]

    /// `view` as plain text (several lines, no colour, at most `PlainText.width` columns; see
    /// `PlainText.wrap`) for a client that has no presenter for this game. Built from the view
    /// alone, so it can show nothing the view hides.
    static func plainText(of view: View, context: PresenterContext) -> String

    /// The moves `seat` may make in `view`, each with a short label (at most
    /// `PlainText.maximumLabelLength` characters), for a client that has no presenter: every one
    /// of them must be accepted by `apply` at the instant of the view. Empty when the seat has
    /// nothing to do. Built from the view alone, like `plainText`. The host calls it only with
    /// `seat`'s own view, made right after `advance(to:)` brought the state to that instant.
    static func labelledMoves(in view: View, for seat: SeatID) -> [LabelledMove<Move>]

    /// For games whose moves are typed rather than chosen (an arithmetic expression): what to type,
    /// shown under the menu. Nil (the default) when `labelledMoves` lists every move there is.
    static func typedMovePrompt(in view: View, for seat: SeatID) -> String?

    /// Reads a move typed by a client without a presenter, or says why the text is not one.
    static func typedMove(_ text: String, in view: View, for seat: SeatID) -> Result<Move, InputError>

    /// A copy of this state in which everything `viewer` may not see has been re-randomised, while
    /// everything they may see is unchanged. Used to prove that views leak nothing.
    func hidingInformation(from viewer: Viewer, using random: inout SeededRandom) -> Self
}

extension GameRules {
    /// By default a game takes no one mid-game; games that do override this.
    public mutating func join(_ seat: Seat, at now: GameInstant) {}

    /// By default a dropped connection changes nothing until the player leaves.
    public mutating func connectionChanged(_ seat: SeatID, connected: Bool, at now: GameInstant) {}

    /// By default no move is an interrupt.
    public static func isInterrupt(_ move: Move) -> Bool { false }

    /// By default every move is in `labelledMoves`: nothing is typed.
    public static func typedMovePrompt(in view: View, for seat: SeatID) -> String? { nil }

    /// By default nothing typed is a move.
    public static func typedMove(_ text: String, in view: View, for seat: SeatID) -> Result<Move, InputError> {
        .failure(InputError("Choose a move by its number."))
    }

    /// Games with perfect information have nothing to hide.
    public func hidingInformation(from viewer: Viewer, using random: inout SeededRandom) -> Self { self }

    /// Whether the game is over.
    public var isOver: Bool { outcome != nil }
}
