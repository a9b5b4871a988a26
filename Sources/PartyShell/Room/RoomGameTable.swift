import PartyClient
import PartyKit
import PartyWire

/// One game of a party room as the room's screen and line mode run it: the game's own table
/// (views decoded with that game's view type, or as plain text for a game this build lacks) and its
/// presenter. The room makes a new one whenever its game changes; the games never see the room.
protocol RoomGameTable: Sendable {
    /// The game id.
    var gameID: String { get }
    /// Whether a game runs and has not ended.
    var playing: Bool { get }
    /// Whether we only watch this game.
    var spectating: Bool { get }
    /// The game's result, once it ended.
    var gameOver: GameOver? { get }
    /// Whether a view arrived.
    var hasView: Bool { get }
    /// The keys the game uses, for the key line.
    var keyHelp: String { get }
    /// What to type in line mode, for the help text.
    var lineHelp: String { get }
    /// How often the screen needs redrawing while nothing arrives, in milliseconds.
    var refreshInterval: Int? { get }
    /// Whether the player is half-way through typing text (then every character key is the game's).
    var isTypingText: Bool { get }
    /// A watcher's keys to predict the winner, while predictions are open (`1–2 predict the winner`).
    var predictKeys: String? { get }

    /// Applies one event of the session.
    mutating func apply(_ event: ClientEvent) -> RoomGameChange
    /// Draws the game on `canvas` (the area between the title and the status line).
    func draw(on canvas: inout Canvas, color: Bool)
    /// Reacts to a key in full-screen mode.
    mutating func handle(_ key: Key, color: Bool) -> RoomGameKey
    /// The line-mode text of the latest view.
    func describe() -> String?
    /// The message a line typed in line mode sends, or why it is not a move.
    func read(_ line: String) -> Result<any WireMessage, InputError>
}

/// What an event changed in a room's game, as the room's screen sees it.
enum RoomGameChange: Equatable, Sendable {
    /// Nothing to show.
    case none
    /// The table changed.
    case lobby
    /// A new view arrived.
    case view
    /// A line to show.
    case notice(String)
    /// The game ended.
    case gameOver
    /// The session is over for us.
    case closed(String)

    init<View>(_ change: TableState<View>.Change) {
        switch change {
        case .none: self = .none
        case .lobby: self = .lobby
        case .view: self = .view
        case .notice(let text): self = .notice(text)
        case .gameOver: self = .gameOver
        case .closed(let why): self = .closed(why)
        }
    }
}

/// What a key press in a room's game asks for.
enum RoomGameKey: Sendable {
    /// Nothing (or only a redraw).
    case none
    /// Send this to the host.
    case send(any WireMessage)
    /// Show this in the status line.
    case message(String)
}

/// What a watcher's key or typed line asks of the audience: a `predict` for the seat numbered
/// by the digit, or why not; nil when it is not a number at all.
func watcherPrediction<View>(_ text: String, table: TableState<View>) -> Result<any WireMessage, InputError>? {
    guard let number = Int(text.hasPrefix("p ") ? String(text.dropFirst(2)) : text) else { return nil }
    if let predict = table.predict(number: number) { return .success(predict) }
    return .failure(InputError("Predictions are not open now."))
}

/// The welcome a room's game table starts from: the room's, titled with the game.
func gameWelcome(_ welcome: Welcome, id: String, title: String) -> Welcome {
    var welcome = welcome
    welcome.game = id
    welcome.title = title
    return welcome
}
