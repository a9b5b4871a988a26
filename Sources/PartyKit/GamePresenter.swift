/// Draws a seat's view on a text canvas and turns key presses or typed lines into moves.
///
/// Presenters know nothing of terminals or sockets: `PartyTerminal` paints the canvas and decodes
/// keys; the client sends the moves. They may keep local UI state (a cursor, a half-typed expression).
public protocol GamePresenter: Sendable {
    /// The game this presenter draws.
    associatedtype Rules: GameRules

    /// Creates a presenter with its UI state at rest.
    init()

    /// Draws `view` into the whole of `canvas`.
    func draw(_ view: Rules.View, context: PresenterContext, on canvas: inout Canvas)

    /// Reacts to a key press in full-screen mode.
    mutating func handle(_ key: Key, view: Rules.View, context: PresenterContext) -> PresenterAction<Rules.Move>

    /// One line describing `view`, printed in line mode after every update.
    func describe(_ view: Rules.View, context: PresenterContext) -> String

    /// Reads a move from a line typed in line mode, or says what is wrong with it.
    func parse(line: String, view: Rules.View, context: PresenterContext) -> Result<Rules.Move, InputError>

    /// The keys this game uses, for the help line ("←/→ or 1-7 choose a column, Enter drops").
    var keyHelp: String { get }

    /// What to type in line mode, for the help text ("a column number 1-7").
    var lineHelp: String { get }

    /// How often the screen needs redrawing while nothing arrives (countdowns, animations), in
    /// milliseconds; nil when only new views and keys change it.
    func refreshInterval(for view: Rules.View) -> Int?

    /// Whether the player is in the middle of typing text (a half-typed answer): then every
    /// character key belongs to the presenter, and the client treats none of them (`q`, `r`…) as
    /// its own command.
    func isTypingText(_ view: Rules.View) -> Bool
}

extension GamePresenter {
    public func refreshInterval(for view: Rules.View) -> Int? { nil }

    public func isTypingText(_ view: Rules.View) -> Bool { false }
}

/// What a presenter knows besides the view: who is looking, who is playing, how long ago the view came.
public struct PresenterContext: Hashable, Sendable {
    /// The viewer's seat; nil for a spectator.
    public var seat: SeatID?
    /// The players' names by seat.
    public var names: [SeatID: String]
    /// Milliseconds since this view arrived (for countdowns and animations).
    public var elapsedMilliseconds: Int64
    /// Whether colours may be used (false under `NO_COLOR`).
    public var color: Bool
    /// Seats the host holds for a dropped player: the whole seconds left of its grace period (the
    /// shell counts them down). Empty when nobody is away, or when the shell does not know.
    public var reconnecting: [SeatID: Int64]

    /// Creates a context.
    public init(seat: SeatID?, names: [SeatID: String], elapsedMilliseconds: Int64 = 0, color: Bool = true,
                reconnecting: [SeatID: Int64] = [:]) {
        self.seat = seat
        self.names = names
        self.elapsedMilliseconds = elapsedMilliseconds
        self.color = color
        self.reconnecting = reconnecting
    }

    /// The name of `seat`, or "Seat N" when unknown.
    public func name(of seat: SeatID) -> String {
        names[seat] ?? "Seat \(seat.index + 1)"
    }

    /// "reconnecting… 23 s" while the host holds `seat` for a dropped player; nil otherwise. Every
    /// screen says a held seat the same way.
    public func reconnectingLabel(of seat: SeatID) -> String? {
        reconnecting[seat].map { "reconnecting… \($0) s" }
    }
}

/// What a presenter wants done after a key press.
public enum PresenterAction<Move: Sendable & Hashable>: Hashable, Sendable {
    /// Nothing changed.
    case none
    /// Only the presenter's own UI state changed: draw again.
    case redraw
    /// Send this move to the host.
    case send(Move)
    /// Show this message in the status line (an input error, a hint).
    case message(String)
}

/// Why typed input is not a move; `message` is shown to the player as it is.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The sentence shown to the player.
    public var message: String

    /// Creates an input error.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
