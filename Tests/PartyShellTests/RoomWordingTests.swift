import PartyClient
import PartyKit
import PartyTestSupport
import PartyWire
import Testing
@testable import PartyShell

/// What the party room's screen says, word by word, at 80×24, 120 columns and 60×15: held seats
/// counting down, nothing said twice, nothing cut without "…more".
@Suite struct RoomWordingTests {
    /// The room's area at a terminal size, with `lobby` applied when given.
    func draw(_ message: RoomMessage, lobby: Lobby? = nil, width: Int = 80, height: Int = 24, at offset: Duration = .zero) -> Canvas {
        var room = RoomState()
        let start = ContinuousClock.now
        room.apply(message, at: start)
        if let lobby { room.apply(lobby, at: start) }
        var canvas = Canvas(width: width, height: height - LayoutCheck.shellRows)
        RoomPainter.draw(room, viewer: RoomPainter.Viewer(member: message.you, host: true, cursor: 0), color: false,
                         now: start + offset, on: &canvas)
        return canvas
    }

    /// A room lobby in which Cy's connection dropped 9 s ago with a 30 s grace.
    static let cyAway = Lobby(state: "lobby", players: [
        PlayerInfo(seat: 0, name: "Alice", ready: false, host: true, bot: false),
        PlayerInfo(seat: 1, name: "Bartholomew", ready: false, host: false, bot: false),
        PlayerInfo(seat: 2, name: "Cy", ready: false, host: false, bot: false, connected: false, graceMs: 21_000),
    ], you: 0, canStart: false, gamesPlayed: 2, message: "Cy is reconnecting… 21 s")

    /// Four placements, one of them long: the last game's line that was cut before 4th place.
    static func fourPlaced() -> RoomMessage {
        var message = RoomSamples.choosing()
        message.last = RoomGameResult(number: 2, game: "snap", title: "Snap!", placements: [
            RoomPlacement(member: 1, name: "Bartholomew", place: 1, score: nil, points: 100),
            RoomPlacement(member: 0, name: "Alice", place: 2, score: nil, points: 67),
            RoomPlacement(member: 2, name: "Ada · standard (bot)", place: 3, score: nil, points: 33),
            RoomPlacement(member: 3, name: "Cy", place: 4, score: nil, points: 0),
        ])
        return message
    }

    @Test("between games a held seat shows 'Cy is reconnecting… N s' under the headline, counting down")
    func heldSeat() {
        let screen = draw(RoomSamples.choosing(), lobby: Self.cyAway).text
        #expect(screen.contains("Cy is reconnecting… 21 s"), "\(screen)")
        #expect(draw(RoomSamples.choosing(), lobby: Self.cyAway, at: .milliseconds(2100)).text.contains("Cy is reconnecting… 19 s"))
        #expect(draw(RoomSamples.starting(), lobby: Self.cyAway).text.contains("Cy is reconnecting… 21 s"))
        var back = Self.cyAway
        back.players[2].connected = true
        back.players[2].graceMs = nil
        #expect(!draw(RoomSamples.choosing(), lobby: back).text.contains("reconnecting"))
    }

    @Test("the headline 'vote for the next game' is not repeated by the line under it")
    func notSaidTwice() throws {
        let canvas = draw(RoomSamples.choosing())
        #expect(canvas.text(ofRow: 0).contains("Game 3: vote for the next game"), "\(canvas.text)")
        #expect(canvas.text(ofRow: 1).trimmingWhitespace() == "2 of 3 have voted.", "\(canvas.text)")
        #expect(canvas.text.components(separatedBy: "ote for the next game").count == 2, "\(canvas.text)")
        // Other messages stay as the host says them.
        #expect(draw(RoomSamples.starting()).text.contains("Snap! has the most votes (2)."))
    }

    @Test("the last game's line keeps every place at 80 and at 120 columns (wrapped), and says …more when it must cut", arguments: [
        (80, 24), (120, 30),
    ])
    func lastGameWhole(width: Int, height: Int) throws {
        let screen = draw(Self.fourPlaced(), width: width, height: height).text
        for place in ["1st Bartholomew +100", "2nd Alice +67", "3rd Ada · standard (bot) +33", "4th Cy +0"] {
            #expect(screen.contains(place), "\(width) columns:\n\(screen)")
        }
        var many = Self.fourPlaced()
        many.last?.placements = (1...16).map { RoomPlacement(member: $0, name: "Player \($0)", place: $0, score: nil, points: 100 - $0) }
        let crowded = draw(many, width: width, height: height).text
        #expect(crowded.contains("1st Player 1 +99") && crowded.range(of: #"…\d+ more"#, options: .regularExpression) != nil,
                "\(width) columns:\n\(crowded)")
        let lines = RoomPainter.resultLines(many.last!, width: width - 2)
        #expect(lines.count == 2 && lines.allSatisfy { $0.displayWidth <= width - 2 }, "\(lines)")
    }

    @Test("at 60×15 the scoreboard is never dropped: a line of it, ours included, with …more for the rest")
    func smallScreenKeepsScores() throws {
        let canvas = draw(RoomSamples.choosing(), width: 60, height: 15)
        let screen = canvas.text
        let scores = try #require((0..<canvas.height).map { canvas.text(ofRow: $0) }.first { $0.contains("Bartholomew 16") },
                                  "no scoreboard at 60×15:\n\(screen)")
        #expect(scores.contains("Alice (you) 12"), "\(scores)")
        #expect(scores.contains("…1 more"), "\(scores)")
        #expect(screen.contains("Last game (2, Four in a Row)"), "\(screen)")
        #expect(screen.contains("Rock Paper Scissors"), "the whole menu still shows:\n\(screen)")
        // 80×24 keeps the table.
        #expect(draw(RoomSamples.choosing()).text.contains("Place"))
    }

    @Test("the help's number keys are the menu's, as in the key line")
    func helpNumbers() {
        var room = RoomState()
        room.apply(RoomSamples.choosing(), at: .now)
        #expect(RoomShell.roomKeys(room: room, host: false, spectator: false).hasPrefix("1-5 vote"))
        let help = RoomShell.helpLines(host: false, games: room.menu.count).joined(separator: "\n")
        #expect(help.contains("  1-5         vote for that game"), "\(help)")
        #expect(!help.contains("1-9"), "\(help)")
        #expect(RoomShell.helpLines(host: false, games: 12).joined().contains("1-9"))
    }

    @Test("a held result reads as one sentence: no full stop before the dash")
    func resultLine() {
        let line = RoomScreen.resultLine(summary: "Alice wins, 3 suns to 1.", next: "Game 2: vote for the next game")
        #expect(line == "Alice wins, 3 suns to 1 — next: Game 2: vote for the next game")
        #expect(!line.contains(". —"))
        #expect(RoomScreen.resultLine(summary: "Snap!", next: "x") == "Snap! — next: x")
    }
}
