import FourInARow
import PartyClient
import PartyKit
@testable import PartyShell
import PartyWire
import Testing

/// What partyclient makes of predictions: the status line, the keys, the message a digit sends.
@Suite("Predictions on the client's table")
struct PredictTableStateTests {
    static let ann = PlayerInfo(seat: 0, name: "Ann", ready: false, host: false, bot: false)
    static let bob = PlayerInfo(seat: 1, name: "Bob", ready: false, host: false, bot: false)

    static func open(total: Int, votes: [Int], percent: [Int]) -> PredictionsMessage {
        PredictionsMessage(game: 1, state: "open", choices: [.init(seat: 0, name: "Ann", votes: votes[0], percent: percent[0]),
                                                             .init(seat: 1, name: "Bob", votes: votes[1], percent: percent[1])],
                           total: total, closesMs: 11_200, points: 50, winners: nil, message: "")
    }

    @Test("a spectator: the split takes the status line with the seats' numbers; the key line offers 1–2; a digit predicts, then no more keys")
    func spectator() {
        let welcome = Welcome(session: "s", game: "fourinarow", title: "Four in a Row", sessionName: "Test", seat: nil, role: "spectator",
                              reconnected: false, name: "Eve", players: [Self.ann, Self.bob], minPlayers: 2, maxPlayers: 2, token: "")
        var table = TableState<FourInARowView>(welcome: welcome)
        _ = table.apply(.lobby(Lobby(state: "playing", players: [Self.ann, Self.bob], you: nil, canStart: false, gamesPlayed: 1,
                                     message: "Four in a Row is on.")))
        #expect(table.predict(number: 2) == nil)
        let split = Self.open(total: 3, votes: [2, 1], percent: [67, 33])
        #expect(table.apply(.predictions(split)) == .notice("Who wins? 1 Ann 67 % · 2 Bob 33 % (3 predictions) · 12 s"))
        #expect(table.predictKeys == "1–2 predict the winner")
        #expect(ShellScreen.keyLine(table: table, phase: "playing", gameKeys: "") == "1–2 predict the winner · watching · q leave")
        #expect(table.predict(number: 2) == Predict(seat: 1))
        let mine = PredictionMessage(game: 1, seat: 1, name: "Bob", message: "You said Bob.")
        #expect(table.apply(.prediction(mine)) == .notice("You said Bob."))
        #expect(table.predictKeys == nil)
        #expect(ShellScreen.keyLine(table: table, phase: "playing", gameKeys: "") == "watching · q leave")
        #expect(table.apply(.predictions(Self.open(total: 4, votes: [2, 2], percent: [50, 50]))) ==
            .notice("Who wins? 1 Ann 50 % · 2 Bob 50 % (4 predictions) · 12 s · you said Bob"))
        let judged = PredictionMessage(game: 1, seat: 1, name: "Bob", right: true, points: 50, message: "You said Bob — right! +50")
        #expect(table.apply(.prediction(judged)) == .notice("You said Bob — right! +50"))
        let settled = PredictionsMessage(game: 1, state: "settled", choices: [], total: 4, closesMs: nil, points: 50, winners: [1],
                                         message: "Bob won: 2 of 4 said so.")
        #expect(table.apply(.predictions(settled)) == .notice("You said Bob — right! +50 · Bob won: 2 of 4 said so."))
    }

    @Test("a player sees the split once somebody predicted, but is offered no keys and sends no prediction")
    func player() {
        let welcome = Welcome(session: "s", game: "fourinarow", title: "Four in a Row", sessionName: "Test", seat: 0, role: "player",
                              reconnected: false, name: "Ann", players: [Self.ann, Self.bob], minPlayers: 2, maxPlayers: 2, token: "t")
        var table = TableState<FourInARowView>(welcome: welcome)
        _ = table.apply(.lobby(Lobby(state: "playing", players: [Self.ann, Self.bob], you: 0, canStart: false, gamesPlayed: 1,
                                     message: "Four in a Row is on.")))
        #expect(table.apply(.predictions(Self.open(total: 0, votes: [0, 0], percent: [0, 0]))) == .none)
        #expect(table.apply(.predictions(Self.open(total: 1, votes: [1, 0], percent: [100, 0]))) ==
            .notice("Who wins? 1 Ann 100 % · 2 Bob 0 % (1 prediction) · 12 s"))
        #expect(table.predictKeys == nil)
        #expect(table.predict(number: 1) == nil)
    }
}
