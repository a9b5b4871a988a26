import PartyClient
import PartyKit
import PartyWire

/// What line mode needs from a game: how to show a view and how to read a typed move.
protocol LinePlay: Sendable {
    /// The view type the host sends this client.
    associatedtype View: Codable & Sendable

    /// The text printed after a new view.
    func describe(_ view: View, table: TableState<View>) -> String

    /// The message a typed line sends, or why it is not a move.
    func read(_ line: String, view: View, table: TableState<View>) -> Result<any WireMessage, InputError>

    /// What to type for a move, for the help text.
    var help: String { get }
}

/// Line mode through the game's own presenter.
struct PresenterLines<Game: PartyGame>: LinePlay {
    let presenter = Game.Presenter()

    func describe(_ view: Game.Rules.View, table: TableState<Game.Rules.View>) -> String {
        presenter.describe(view, context: context(table))
    }

    func read(_ line: String, view: Game.Rules.View, table: TableState<Game.Rules.View>) -> Result<any WireMessage, InputError> {
        presenter.parse(line: line, view: view, context: context(table)).map { MoveMessage(move: $0) }
    }

    var help: String { presenter.lineHelp }

    func context(_ table: TableState<Game.Rules.View>) -> PresenterContext {
        PresenterContext(seat: table.viewerSeat, names: table.names, color: false)
    }
}

/// Line mode for a game this client has no presenter for: the host's text and a numbered menu.
struct PlainTextLines: LinePlay {
    let play = PlainTextPlay()

    func describe(_ view: PlainTextView<JSONValue>, table: TableState<PlainTextView<JSONValue>>) -> String {
        play.describe(view, yourTurn: table.yourTurn)
    }

    func read(_ line: String, view: PlainTextView<JSONValue>,
              table: TableState<PlainTextView<JSONValue>>) -> Result<any WireMessage, InputError> {
        play.read(line, view: view).map { play.message(for: $0) }
    }

    var help: String { "the number of a move from the menu (or, where the game asks, your answer)" }
}
