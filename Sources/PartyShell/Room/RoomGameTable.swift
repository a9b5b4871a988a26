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

/// The welcome a room's game table starts from: the room's, titled with the game.
func gameWelcome(_ welcome: Welcome, id: String, title: String) -> Welcome {
    var welcome = welcome
    welcome.game = id
    welcome.title = title
    return welcome
}

/// A room's game drawn by this build's own presenter.
struct PresentedRoomGame<Game: PartyGame>: RoomGameTable {
    var table: TableState<Game.Rules.View>
    var presenter = Game.Presenter()
    var game = 0

    init(welcome: Welcome, lobby: Lobby?) {
        table = TableState(welcome: gameWelcome(welcome, id: Game.descriptor.id, title: Game.descriptor.title))
        if let lobby { _ = table.apply(.lobby(lobby)) }
    }

    var gameID: String { Game.descriptor.id }
    var playing: Bool { table.playing }
    var spectating: Bool { table.spectating }
    var gameOver: GameOver? { table.gameOver }
    var hasView: Bool { table.view != nil }
    var keyHelp: String { presenter.keyHelp }
    var lineHelp: String { presenter.lineHelp }
    var refreshInterval: Int? { table.view.flatMap { presenter.refreshInterval(for: $0) } }
    var isTypingText: Bool { table.playing && table.view.map { presenter.isTypingText($0) } == true }

    var context: PresenterContext {
        PresenterContext(seat: table.viewerSeat, names: table.names, elapsedMilliseconds: table.elapsedMilliseconds)
    }

    mutating func apply(_ event: ClientEvent) -> RoomGameChange {
        let change = RoomGameChange(table.apply(adjusted(event)))
        if table.game != game {
            game = table.game
            presenter = Game.Presenter()
        }
        return change
    }

    /// A reconnection's welcome is the room's: keep the game's title on it.
    func adjusted(_ event: ClientEvent) -> ClientEvent {
        guard case .reconnected(let welcome) = event else { return event }
        return .reconnected(gameWelcome(welcome, id: Game.descriptor.id, title: Game.descriptor.title))
    }

    func draw(on canvas: inout Canvas, color: Bool) {
        guard let view = table.view else { return }
        var context = self.context
        context.color = color
        presenter.draw(view, context: context, on: &canvas)
    }

    mutating func handle(_ key: Key, color: Bool) -> RoomGameKey {
        guard table.playing, let view = table.view else { return .none }
        if table.spectating { return .message("You are watching this game; you play from the next one on.") }
        var context = self.context
        context.color = color
        switch presenter.handle(key, view: view, context: context) {
        case .none, .redraw: return .none
        case .send(let move): return .send(MoveMessage(move: move))
        case .message(let text): return .message(text)
        }
    }

    func describe() -> String? {
        table.view.map { presenter.describe($0, context: PresenterContext(seat: table.viewerSeat, names: table.names, color: false)) }
    }

    func read(_ line: String) -> Result<any WireMessage, InputError> {
        guard table.playing, let view = table.view else { return .failure(InputError("The game is starting; wait for the board.")) }
        if table.spectating { return .failure(InputError("You are watching this game; you play from the next one on.")) }
        let context = PresenterContext(seat: table.viewerSeat, names: table.names, color: false)
        return presenter.parse(line: line, view: view, context: context).map { MoveMessage(move: $0) }
    }
}

/// A room's game this client has no presenter for: the host's plain text and a numbered menu of
/// moves (digits choose; where the game takes typed answers, type one and press Enter).
struct PlainRoomGame: RoomGameTable {
    let gameID: String
    var table: TableState<PlainTextView<JSONValue>>
    let play = PlainTextPlay()
    /// The answer being typed (games that take typed moves).
    var typed = ""

    init(welcome: Welcome, lobby: Lobby?, id: String, title: String) {
        gameID = id
        table = TableState(welcome: gameWelcome(welcome, id: id, title: title))
        if let lobby { _ = table.apply(.lobby(lobby)) }
    }

    var playing: Bool { table.playing }
    var spectating: Bool { table.spectating }
    var gameOver: GameOver? { table.gameOver }
    var hasView: Bool { table.view != nil }
    var keyHelp: String {
        table.view?.typing != nil ? "1-9 choose a move · type an answer, Enter sends" : "1-9 choose a move"
    }
    var lineHelp: String { "the number of a move from the menu (or, where the game asks, your answer)" }
    var refreshInterval: Int? { nil }
    var isTypingText: Bool { !typed.isEmpty }

    mutating func apply(_ incoming: ClientEvent) -> RoomGameChange {
        var event = incoming
        if case .reconnected(let welcome) = incoming {
            event = .reconnected(gameWelcome(welcome, id: gameID, title: table.welcome.title))
        }
        let change = RoomGameChange(table.apply(event))
        if change == .gameOver { typed = "" }
        return change
    }

    func draw(on canvas: inout Canvas, color: Bool) {
        guard let view = table.view else { return }
        var lines = play.describe(view, yourTurn: table.yourTurn).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if view.typing != nil, table.playing { lines.append("Answer: \(typed)_") }
        for (index, line) in lines.enumerated() where index + 1 < canvas.height {
            canvas.put(line, x: 2, y: index + 1, width: canvas.width - 2)
        }
    }

    mutating func handle(_ key: Key, color: Bool) -> RoomGameKey {
        guard table.playing, let view = table.view else { return .none }
        if table.spectating { return .message("You are watching this game; you play from the next one on.") }
        switch key {
        case .character(let character) where view.typing != nil && !(typed.isEmpty && character.isNumber && !view.moves.isEmpty):
            typed.append(character)
            return .none
        case .backspace:
            if !typed.isEmpty { typed.removeLast() }
            return .none
        case .enter where !typed.isEmpty:
            defer { typed = "" }
            return Self.outcome(play.read("=" + typed, view: view).map { play.message(for: $0) })
        case .character(let character) where character.isNumber:
            return Self.outcome(play.read(String(character), view: view).map { play.message(for: $0) })
        default:
            return .none
        }
    }

    static func outcome(_ result: Result<any WireMessage, InputError>) -> RoomGameKey {
        switch result {
        case .success(let message): .send(message)
        case .failure(let error): .message(error.message)
        }
    }

    func describe() -> String? {
        table.view.map { play.describe($0, yourTurn: table.yourTurn) }
    }

    func read(_ line: String) -> Result<any WireMessage, InputError> {
        guard table.playing, let view = table.view else { return .failure(InputError("The game is starting; wait for the board.")) }
        if table.spectating { return .failure(InputError("You are watching this game; you play from the next one on.")) }
        return play.read(line, view: view).map { play.message(for: $0) }
    }
}
