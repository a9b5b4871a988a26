import PartyClient
import PartyGames
import PartyKit
import PartyWire
import Testing
@testable import PartyShell

/// The room's game changes switch the presenter: a game this build draws gets its own table and
/// view type, one it lacks gets plain text (issue 18).
@Suite struct RoomGameTableTests {
    let codec = MessageCodec()

    func viewEvent<View: Codable & Sendable>(_ view: View, game: Int = 1, yourTurn: Bool = true) throws -> ClientEvent {
        .view(try codec.envelope(of: codec.encode(ViewMessage(game: game, view: view, yourTurn: yourTurn, deadlineMs: nil), seq: 1)))
    }

    let lobby = Lobby(state: "playing", players: [PlayerInfo(seat: 0, name: "Alice", ready: true, host: true, bot: false),
                                                  PlayerInfo(seat: 1, name: "Bob", ready: true, host: false, bot: false)],
                      you: 0, canStart: false, gamesPlayed: 0, message: "")

    @Test("a game this build lacks is played as plain text: its view is read and its moves are numbered")
    func plainText() throws {
        var table = RoomShell.table(for: "chess", title: "Chess", games: [:], welcome: RoomSamples.welcome, lobby: lobby)
        #expect(table is PlainRoomGame)
        let view = PlainTextView<JSONValue>(text: "Your move, white.", moves: [.init(label: "e4", move: .string("e2e4"))], typing: nil)
        #expect(table.apply(try viewEvent(view)) == .view)
        #expect(table.describe()?.contains("1) e4") == true, "\(table.describe() ?? "")")
        guard case .send(let message) = table.handle(.character("1"), color: false) else {
            Issue.record("1 did not choose the first move")
            return
        }
        #expect((message as? MoveMessage<JSONValue>)?.move == .string("e2e4"))
        var canvas = Canvas(width: 80, height: 21)
        table.draw(on: &canvas, color: false)
        #expect(canvas.text.contains("Your move, white."))
    }

    @Test("a game this build draws gets its own table, titled with the game; the room's welcome says party")
    func presented() {
        var games: [String: any PartyGame.Type] = [:]
        for game in GameCatalog.all { games[game.descriptor.id] = game }
        let table = RoomShell.table(for: "fourinarow", title: "Four in a Row", games: games, welcome: RoomSamples.welcome, lobby: lobby)
        #expect(!(table is PlainRoomGame))
        #expect(table.gameID == "fourinarow")
        #expect(table.keyHelp.contains("column"))
    }
}
