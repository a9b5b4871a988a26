import PartyClient
import PartyKit
import PartyTestSupport
import PartyWire
import Testing
@testable import PartyShell

/// The party room's screen drawn from canned `room` messages (issue 18): it fits 80×24 with every
/// word whole, marks each game playable or not with why, shows votes, who is awaited, a countdown
/// that moves, the last result and the scoreboard table.
@Suite struct RoomScreenTests {
    /// The room's area at a terminal size (the shell keeps the title, status and key rows).
    func draw(_ message: RoomMessage, width: Int = 80, height: Int = 24, at offset: Duration = .zero,
              cursor: Int? = 0, host: Bool = true) -> Canvas {
        var room = RoomState()
        let start = ContinuousClock.now
        room.apply(message, at: start)
        var canvas = Canvas(width: width, height: height - LayoutCheck.shellRows)
        RoomPainter.draw(room, viewer: RoomPainter.Viewer(member: message.you, host: host, cursor: cursor), color: false,
                         now: start + offset, on: &canvas)
        return canvas
    }

    /// The row of `canvas` that contains `text`.
    func row(_ canvas: Canvas, containing text: String) -> String? {
        (0..<canvas.height).map { canvas.text(ofRow: $0) }.first { $0.contains(text) }
    }

    /// Words on the 80×24 screen that are not whole words of the same room drawn roomy.
    func cutWords(_ message: RoomMessage, width: Int = 80, height: Int = 24) -> [String] {
        let roomy = draw(message, width: 200, height: 60).text
        let vocabulary = Set(roomy.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
        let screen = draw(message, width: width, height: height).text
        return screen.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init).filter { word in
            vocabulary.contains(word) || (word.hasSuffix("…") && vocabulary.contains { $0.hasPrefix(word.dropLast()) }) ? false : true
        }
    }

    @Test("choosing at 80×24: headline with the countdown, the numbered menu with playable marks and votes, who is awaited")
    func choosing() throws {
        let canvas = draw(RoomSamples.choosing())
        let screen = canvas.text
        #expect(screen.contains("Game 3: vote for the next game — picked in 27 s"), "\(screen)")
        #expect(screen.contains("2 of 3 have voted."))
        let four = try #require(row(canvas, containing: "Four in a Row"), "\(screen)")
        #expect(four.contains("1") && four.contains("✗ exactly 2 players"), "\(four)")
        let snap = try #require(row(canvas, containing: "Snap!"))
        #expect(snap.contains("3") && snap.contains("✓ 2–4 players") && snap.contains("1: Alice"), "\(snap)")
        let twentyFour = try #require(row(canvas, containing: "TwentyFour"))
        #expect(twentyFour.contains("1: Bartholomew"), "\(twentyFour)")
        #expect(row(canvas, containing: "Rock Paper Scissors")?.contains("✗ exactly 2 players") == true)
        #expect(row(canvas, containing: "▶")?.contains("Four in a Row") == true, "the cursor is on the first game")
        #expect(screen.contains("You voted for Snap! Waiting for: Cy."))
        #expect(cutWords(RoomSamples.choosing()) == [])
    }

    @Test("the countdown moves as time passes, with no new message")
    func countdownMoves() {
        #expect(draw(RoomSamples.choosing(), at: .milliseconds(2100)).text.contains("picked in 25 s"))
        #expect(draw(RoomSamples.starting(), at: .milliseconds(1200)).text.contains("Game 3: Snap! starts in 2 s"))
    }

    @Test("the scoreboard table and the last game's result, at 80×24")
    func scoreboard() throws {
        let canvas = draw(RoomSamples.choosing())
        let screen = canvas.text
        #expect(screen.contains("Last game (2, Four in a Row): 1st Bartholomew +10 · 2nd Alice +0"), "\(screen)")
        let header = try #require(row(canvas, containing: "Place"))
        for column in ["Name", "Points", "Games", "Wins"] { #expect(header.contains(column), "\(header)") }
        let bart = try #require(row(canvas, containing: "1.    Bartholomew"))
        #expect(bart.contains("1.") && bart.contains("16") && bart.contains("2") && bart.contains("1"), "\(bart)")
        #expect(row(canvas, containing: "2.    Alice")?.contains("▶") == true, "our own line is marked")
        #expect(row(canvas, containing: "Ada · standard (bot)") != nil)
    }

    @Test("a room of 16 keeps to 80×24: the first lines, ours, and how many more")
    func longScoreboard() throws {
        var message = RoomSamples.choosing(you: 15)
        message.scoreboard = (0..<16).map {
            RoomScoreLine(place: $0 + 1, member: $0, name: "Player \($0 + 1)", points: 50 - $0, played: 3, wins: 0, present: $0 != 3)
        }
        let canvas = draw(message)
        let screen = canvas.text
        #expect(screen.contains("Player 1 "))
        #expect(row(canvas, containing: "Player 16")?.contains("▶") == true, "our line shows even at the bottom:\n\(screen)")
        #expect(screen.contains("more"), "\(screen)")
        #expect(canvas.text(ofRow: canvas.height - 1).trimmingWhitespace().isEmpty == false)
    }

    @Test("at 120 columns and more the scoreboard stands beside the menu, whole")
    func wide() throws {
        var message = RoomSamples.choosing()
        message.scoreboard = (0..<16).map {
            RoomScoreLine(place: $0 + 1, member: $0, name: "Player \($0 + 1)", points: 50 - $0, played: 3, wins: 0, present: true)
        }
        let canvas = draw(message, width: 120, height: 30)
        let menuRow = try #require(row(canvas, containing: "Four in a Row  "), "\(canvas.text)")
        #expect(menuRow.contains("Place") || menuRow.contains("Player"), "the scoreboard is not beside the menu:\n\(canvas.text)")
        #expect(row(canvas, containing: "Player 16") != nil && !canvas.text.contains("more"), "\(canvas.text)")
        #expect(cutWords(message, width: 120, height: 30) == [])
    }

    @Test("starting: the pick, who plays and who watches; no cursor")
    func starting() {
        let screen = draw(RoomSamples.starting()).text
        #expect(screen.contains("Game 3: Snap! starts in 3 s"), "\(screen)")
        #expect(screen.contains("Snap! has the most votes (2)."))
        #expect(screen.contains("Playing: you, Bartholomew · watching: Ada · standard (bot)"), "\(screen)")
        #expect(!screen.split(separator: "\n").contains { $0.contains("▶") && $0.contains("Four in a Row") },
                "no cursor once the game is picked:\n\(screen)")
        #expect(cutWords(RoomSamples.starting()) == [])
    }

    @Test("the room's key line fits 80 columns and says what s does only to the host")
    func keys() {
        var room = RoomState()
        room.apply(RoomSamples.choosing(), at: .now)
        let host = RoomShell.roomKeys(room: room, host: true, spectator: false)
        #expect(host == "1-5 vote · ↑/↓ Enter vote · s start now · ? help · q leave")
        #expect(LayoutCheck.helpProblems(host, width: 80) == [])
        #expect(!RoomShell.roomKeys(room: room, host: false, spectator: false).contains("s start"))
        #expect(RoomShell.roomKeys(room: room, host: false, spectator: true) == "watching · ? help · q leave")
        #expect(RoomShell.helpLines(host: true, games: 5).allSatisfy { $0.displayWidth <= 78 })
    }

    @Test("with --choose host, the others are told the host chooses")
    func hostChooses() {
        var message = RoomSamples.choosing(countdownMs: nil, you: 1)
        message.choice = "host"
        #expect(draw(message, host: false).text.contains("Game 3: the host chooses the next game"))
        #expect(draw(message, host: true).text.contains("Game 3: you choose the next game"))
        var room = RoomState()
        room.apply(message, at: .now)
        #expect(!RoomShell.roomKeys(room: room, host: false, spectator: false).contains("vote"))
        #expect(RoomShell.roomKeys(room: room, host: true, spectator: false) == "1-5 choose · ↑/↓ Enter choose · s start now · ? help · q leave")
        let news = RoomLines.news(.state, room: room, previous: nil, host: true)
        #expect(news.contains("Game 3: you choose the next game."), "\(news)")
        #expect(news.contains("Type vote and a game's name or number to choose it (vote snap, vote 2)."), "\(news)")
        #expect(!RoomLines.news(.state, room: room, previous: nil, host: false).contains { $0.hasPrefix("Type vote") })
    }

    @Test("a vote while a game is picked or on is answered here, with what to do")
    func notChoosing() {
        var room = RoomState()
        room.apply(RoomSamples.starting(), at: .now)
        #expect(RoomShell.notChoosing(room) == "Snap! is already picked and about to start; vote again after it.")
        room.apply(RoomSamples.playing(), at: .now)
        #expect(RoomShell.notChoosing(room) == "Snap! is on: vote for the next game when it ends.")
    }

    @Test("a playlist's proposal: the headline names it, line mode says how to start it")
    func playlist() {
        var message = RoomSamples.choosing(countdownMs: nil)
        message.choice = "playlist"
        message.proposal = "rockpaperscissors"
        message.votes = []
        #expect(draw(message).text.contains("Game 3: next on the playlist is Rock Paper Scissors"))
        var room = RoomState()
        let news = RoomLines.news(room.apply(message, at: .now), room: room, previous: nil)
        #expect(news.contains("Type vote rockpaperscissors (or vote 5) to start it."), "\(news)")
    }

    @Test("line mode: a new choice prints the headline, the numbered menu with marks and votes, and how to vote")
    func lineNews() {
        var room = RoomState()
        let change = room.apply(RoomSamples.choosing(), at: .now)
        let lines = RoomLines.news(change, room: room, previous: nil)
        #expect(lines.contains("Last game (2, Four in a Row): 1st Bartholomew +10 · 2nd Alice +0"))
        #expect(lines.contains("  1. Four in a Row — exactly 2 players, not playable now"))
        #expect(lines.contains("  3. Snap! — 2–4 players, playable — 1 vote: Alice"))
        #expect(lines.contains("Type vote and a game's name or number (vote snap, vote 2)."))
        #expect(lines.contains("  1. Bartholomew — 16 points, 2 games, 1 win"))
        let previous = room.room
        var voted = RoomSamples.choosing(countdownMs: 20_000)
        voted.votes.append(RoomVote(member: 2, name: "Cy", game: "snap"))
        voted.waitingFor = []
        let update = room.apply(voted, at: .now)
        #expect(RoomLines.news(update, room: room, previous: previous)
            == ["Votes: Alice → Snap!, Bartholomew → TwentyFour, Cy → Snap!."])
        #expect(RoomLines.news(room.apply(voted, at: .now), room: room, previous: voted) == [], "a countdown tick says nothing")
    }
}
