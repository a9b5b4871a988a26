import PartyClient
import PartyKit
import PartyTestSupport
import PartyWire
import Testing
@testable import PartyShell

/// A watcher's prediction after the game (issue 36): the room keeps the verdict with the last
/// game's result until the next game, and the party's end says what the predictions earned.
@Suite struct WatcherVerdictTests {
    static let judged = PredictionMessage(game: 2, seat: 1, name: "Bartholomew", right: true, points: 50,
                                          message: "You said Bartholomew — right! +50")

    /// The room as a spectator sees it: game 2 on, judged, then game 3 being chosen (game 2 its last).
    static func afterGame(board: [PredictionBoardLine]? = nil) -> RoomState {
        var room = RoomState()
        var playing = RoomSamples.playing(you: nil)
        playing.number = 2
        room.apply(.room(playing))
        room.apply(.prediction(judged))
        room.apply(.predictions(PredictionsMessage(game: 2, state: "settled", choices: [], total: 1, closesMs: nil, points: 50,
                                                   winners: [1], message: "Bartholomew won: 1 of 1 said so.", board: board)))
        room.apply(.room(RoomSamples.choosing(you: nil)))
        return room
    }

    @Test("the room shows the verdict under the last game's result, and not once the next game is on")
    func verdictInTheRoom() {
        let room = Self.afterGame()
        var canvas = Canvas(width: 80, height: 24 - LayoutCheck.shellRows)
        RoomPainter.draw(room, viewer: RoomPainter.Viewer(member: nil, host: false, cursor: nil), color: false, on: &canvas)
        let rows = (0..<canvas.height).map { canvas.text(ofRow: $0) }
        let last = rows.firstIndex { $0.contains("Last game (2, Four in a Row)") }
        let verdict = rows.firstIndex { $0.contains("You said Bartholomew — right! +50") }
        #expect(last != nil && verdict == last.map { $0 + 1 }, "\(canvas.text)")

        var next = room
        var playing = RoomSamples.playing(you: nil)
        playing.number = 3
        next.apply(.room(playing))
        #expect(next.lastPrediction == nil)
    }

    @Test("at the party's end a spectator reads their points: from the spectators' board, else from the host's answers")
    func pointsAtTheEnd() {
        let welcome = Welcome(session: "s", game: "party", title: "Party room", sessionName: "Alice's party", seat: nil, role: "spectator",
                              name: "Zed", players: [], minPlayers: 1, maxPlayers: 8, token: "", room: true)
        let onBoard = Self.afterGame(board: [PredictionBoardLine(place: 1, name: "Zed", points: 50, right: 1)])
        let text = RoomShell.withStandings("The host ended the party.", onBoard, welcome: welcome)
        #expect(text.hasSuffix("Your predictions: 1 right, 50 points (place 1 among the watchers).\nThe host ended the party."), "\(text)")
        let offBoard = RoomShell.withStandings("The host ended the party.", Self.afterGame(board: []), welcome: welcome)
        #expect(offBoard.hasSuffix("Your predictions: 1 of 1 right, 50 points.\nThe host ended the party."), "\(offBoard)")
        // Nobody who never predicted is told about predictions.
        #expect(RoomShell.withStandings("Bye.", RoomState(), welcome: welcome) == "Bye.")
    }
}
