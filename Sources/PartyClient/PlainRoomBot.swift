import PartyKit
import PartyWire

/// A room's game this build has no bot for: it takes the first labelled move when it is our turn.
struct PlainRoomBot: RoomBotGame {
    let gameID: String
    var table: TableState<PlainTextView<JSONValue>>
    var pending: JSONValue?

    init(gameID: String, welcome: Welcome, lobby: Lobby?) {
        self.gameID = gameID
        table = TableState(welcome: welcome)
        if let lobby { _ = table.apply(.lobby(lobby)) }
    }

    mutating func apply(_ event: ClientEvent, at now: GameInstant) {
        switch table.apply(event) {
        case .view:
            pending = table.yourTurn && !table.spectating ? table.view?.moves.first?.move : nil
        case .gameOver, .closed:
            pending = nil
        default:
            break
        }
    }

    mutating func due(at now: GameInstant) -> (any WireMessage)? {
        defer { pending = nil }
        return pending.map { MoveMessage(move: $0) }
    }
}
