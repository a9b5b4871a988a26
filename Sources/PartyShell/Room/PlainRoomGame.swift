import PartyClient
import PartyKit
import PartyWire

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
    var predictKeys: String? { table.predictKeys }
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
        if table.spectating, case .character(let typed) = key, let prediction = watcherPrediction(String(typed), table: table) {
            switch prediction {
            case .success(let message): return .send(message)
            case .failure(let error): return .message(error.message)
            }
        }
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
            return UnusedKey.message(for: key, keyHelp: keyHelp).map { .message($0) } ?? .none
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
        if table.spectating, let prediction = watcherPrediction(line, table: table) { return prediction }
        if table.spectating { return .failure(InputError("You are watching this game; you play from the next one on.")) }
        return play.read(line, view: view).map { play.message(for: $0) }
    }
}
