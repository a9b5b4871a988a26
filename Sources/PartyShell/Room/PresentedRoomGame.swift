import PartyClient
import PartyKit
import PartyWire

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
    var predictKeys: String? { table.predictKeys }
    var gameOver: GameOver? { table.gameOver }
    var hasView: Bool { table.view != nil }
    var keyHelp: String { presenter.keyHelp }
    var lineHelp: String { presenter.lineHelp }
    var refreshInterval: Int? { table.view.flatMap { presenter.refreshInterval(for: $0) } }
    var isTypingText: Bool { table.playing && table.view.map { presenter.isTypingText($0) } == true }

    var context: PresenterContext {
        PresenterContext(seat: table.viewerSeat, names: table.names, elapsedMilliseconds: table.elapsedMilliseconds,
                         reconnecting: table.reconnectingSeconds())
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
        context.names = TeamNames.fitted(context.names, players: table.lobby?.players ?? [], width: canvas.width)
        presenter.draw(view, context: context, on: &canvas)
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
        var context = self.context
        context.color = color
        switch presenter.handle(key, view: view, context: context) {
        case .none: return UnusedKey.message(for: key, keyHelp: presenter.keyHelp).map { .message($0) } ?? .none
        case .redraw: return .none
        case .send(let move): return .send(MoveMessage(move: move))
        case .message(let text): return .message(text)
        }
    }

    func describe() -> String? {
        table.view.map { presenter.describe($0, context: PresenterContext(seat: table.viewerSeat, names: table.names, color: false)) }
    }

    func read(_ line: String) -> Result<any WireMessage, InputError> {
        guard table.playing, let view = table.view else { return .failure(InputError("The game is starting; wait for the board.")) }
        if table.spectating, let prediction = watcherPrediction(line, table: table) { return prediction }
        if table.spectating { return .failure(InputError("You are watching this game; you play from the next one on.")) }
        let context = PresenterContext(seat: table.viewerSeat, names: table.names, color: false)
        return presenter.parse(line: line, view: view, context: context).map { MoveMessage(move: $0) }
    }
}
