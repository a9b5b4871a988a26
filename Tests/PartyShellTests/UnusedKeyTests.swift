import PartyClient
import PartyGames
import PartyKit
import PartyWire
import RockPaperScissors
import Testing
@testable import PartyShell

/// A printable key the game does not use gets a line naming the game's keys (a player who pressed
/// `p` for Paper in the play-through learned nothing before); other keys stay quiet.
@Suite struct UnusedKeyTests {
    @Test("a letter the game ignores is answered with the game's keys; space, arrows and control keys are not")
    func message() {
        let help = "1 Rock, 2 Paper, 3 Scissors (or ←/→ and Enter)"
        #expect(UnusedKey.message(for: .character("p"), keyHelp: help) == "“p” does nothing here: \(help).")
        #expect(UnusedKey.message(for: .character("é"), keyHelp: help)?.hasPrefix("“é”") == true)
        #expect(UnusedKey.message(for: .character(" "), keyHelp: help) == nil)
        #expect(UnusedKey.message(for: .character("\u{7}"), keyHelp: help) == nil)
        #expect(UnusedKey.message(for: .character("\u{200B}"), keyHelp: help) == nil)
        #expect(UnusedKey.message(for: .arrow(.left, shift: false), keyHelp: help) == nil)
        #expect(UnusedKey.message(for: .control("x"), keyHelp: help) == nil)
    }

    @Test("in a room's Rock Paper Scissors, p says which keys choose; 2 still shows Paper")
    func inARoomGame() throws {
        let codec = MessageCodec()
        let seats = [Seat(id: SeatID(0), name: "Alice"), Seat(id: SeatID(1), name: "Bob")]
        let view = RockPaperScissors(setup: GameSetup(seats: seats, seed: 1)).view(for: .seat(SeatID(0)), at: .zero)
        let lobby = Lobby(state: "playing", players: [PlayerInfo(seat: 0, name: "Alice", ready: true, host: true, bot: false),
                                                      PlayerInfo(seat: 1, name: "Bob", ready: true, host: false, bot: false)],
                          you: 0, canStart: false, gamesPlayed: 0, message: "")
        var games: [String: any PartyGame.Type] = [:]
        for game in GameCatalog.all { games[game.descriptor.id] = game }
        var table = RoomShell.table(for: "rps", title: "Rock Paper Scissors", games: games, welcome: RoomSamples.welcome, lobby: lobby)
        let event = ClientEvent.view(try codec.envelope(of: codec.encode(ViewMessage(game: 1, view: view, yourTurn: true, deadlineMs: nil), seq: 1)))
        #expect(table.apply(event) == .view)
        guard case .message(let text) = table.handle(.character("p"), color: false) else {
            Issue.record("p got no answer")
            return
        }
        #expect(text.contains("“p” does nothing here") && text.contains("2 Paper"), "\(text)")
        guard case .send(let message) = table.handle(.character("2"), color: false) else {
            Issue.record("2 did not show Paper")
            return
        }
        #expect((message as? MoveMessage<RockPaperScissorsMove>)?.move == RockPaperScissorsMove(shape: .paper))
    }

    @Test("in a room's game this build lacks (plain text), a letter says the numbered moves are the keys")
    func inAPlainRoomGame() throws {
        let codec = MessageCodec()
        let lobby = Lobby(state: "playing", players: [PlayerInfo(seat: 0, name: "Alice", ready: true, host: true, bot: false)],
                          you: 0, canStart: false, gamesPlayed: 0, message: "")
        var table = RoomShell.table(for: "chess", title: "Chess", games: [:], welcome: RoomSamples.welcome, lobby: lobby)
        let view = PlainTextView<JSONValue>(text: "Your move, white.", moves: [.init(label: "e4", move: .string("e2e4"))], typing: nil)
        let event = ClientEvent.view(try codec.envelope(of: codec.encode(ViewMessage(game: 1, view: view, yourTurn: true, deadlineMs: nil), seq: 1)))
        #expect(table.apply(event) == .view)
        guard case .message(let text) = table.handle(.character("x"), color: false) else {
            Issue.record("x got no answer")
            return
        }
        #expect(text == "“x” does nothing here: \(table.keyHelp).", "\(text)")
    }
}
