import PartyClient
import PartyKit
import PartyTestSupport
import PartyWire
import Testing
@testable import PartyShell

/// A party night of nine at 80×24 (issue 36), drawn without a terminal: a watcher's question shows
/// every choice, team names shorten to whole members, the room's news wraps, and a watcher's
/// judged prediction stays with the last game's result.
@Suite struct PartyNightLayoutTests {
    static let names = ["Ann", "Bartholomew Longname", "🦄 Zoë Ünicorn", "محمد عبد الله", "<img src=x onerror=alert", "Evelanigiro", "Cy"]

    static func open(_ names: [String]) -> PredictionsMessage {
        PredictionsMessage(game: 2, state: "open", choices: names.enumerated().map { .init(seat: $0.offset, name: $0.element, votes: 0, percent: 0) },
                           total: 0, closesMs: 19_500, points: 50, winners: nil, message: "Who wins? Nobody has predicted yet.")
    }

    @Test("a watcher's question for seven players at 80 columns shows every key 1…7 (the one-line form cut 6 and 7)")
    func everyChoiceInSight() throws {
        let message = Self.open(Self.names)
        // The one line the status row had: choices 6 and 7 never showed.
        let oneLine = message.line.fitted(toWidth: 80)
        #expect(!oneLine.contains("7 Cy"), "\(oneLine)")
        let lines = PredictionLines.lines(message, mine: nil, width: 80)
        #expect(lines.count <= 3, "\(lines)")
        #expect(lines.allSatisfy { $0.displayWidth <= 80 }, "\(lines)")
        let text = lines.joined(separator: "\n")
        for (index, name) in Self.names.enumerated() {
            #expect(text.contains("\(index + 1) \(name) 0 %"), "choice \(index + 1) is missing or cut:\n\(text)")
        }
        #expect(text.hasPrefix("Who wins? 1 Ann 0 %") && text.contains("(0 predictions) · 20 s"), "\(text)")
    }

    @Test("names shorten (never a choice dropped) when the choices would not fit in the lines given", arguments: [40, 24])
    func shortenedChoices(width: Int) {
        let lines = PredictionLines.lines(Self.open(Self.names), mine: nil, width: width, maxLines: 3)
        let text = lines.joined(separator: "\n")
        #expect(lines.allSatisfy { $0.displayWidth <= width }, "\(lines)")
        for number in 1...7 { #expect(text.contains("\(number) "), "key \(number) missing:\n\(text)") }
    }

    @Test("two teams of long names side by side at 80 columns: whole members with '& N more', the legend fits")
    func teamLegend() throws {
        let left = "Team Ann, <img src=x onerror=alert & محمد عبد الله"
        let right = "Team Bartholomew Longname, Evelanigiro & 🦄 Zoë Ünicorn"
        let players = [
            PlayerInfo(seat: 0, name: "Ann", ready: true, host: true, bot: false, team: left),
            PlayerInfo(seat: 0, name: "<img src=x onerror=alert", ready: true, host: false, bot: false, team: left),
            PlayerInfo(seat: 0, name: "محمد عبد الله", ready: true, host: false, bot: false, team: left),
            PlayerInfo(seat: 1, name: "Bartholomew Longname", ready: true, host: false, bot: false, team: right),
            PlayerInfo(seat: 1, name: "Evelanigiro", ready: true, host: false, bot: false, team: right),
            PlayerInfo(seat: 1, name: "🦄 Zoë Ünicorn", ready: true, host: false, bot: false, team: right),
        ]
        let fitted = TeamNames.fitted([SeatID(0): left, SeatID(1): right], players: players, width: 80)
        let legend = "● \(fitted[SeatID(0)]!) (you)   ● \(fitted[SeatID(1)]!)"
        #expect(legend.displayWidth <= 80, "\(legend)")
        #expect(fitted[SeatID(0)] == "Team Ann & 2 more", "\(legend)")
        #expect(fitted[SeatID(1)] == "Team Bartholomew Longname, Evelanigiro & 1 more", "\(legend)")
        // Without the lobby (after the game), the host's own name says who is in the team.
        #expect(TeamNames.fitted(right, columns: 36) == "Team Bartholomew Longname & 2 more")
        let parsed = TeamNames.parsed("Team Ann, Bob & 3 more")
        #expect(parsed.0 == ["Ann", "Bob"] && parsed.1 == 5)
        #expect(TeamNames.fitted("Team Ann, Bob & 3 more", columns: 20) == "Team Ann & 4 more")
        // A team's status line keeps what follows the name.
        let line = TeamNames.line("\(right) — proposals: Drop in column 4 (Bartholomew Longname) · 10 s", team: right, players: players, width: 80)
        #expect(line == "Your team — proposals: Drop in column 4 (Bartholomew Longname) · 10 s", "\(line)")
        let shorter = TeamNames.line("\(right) — proposals: Drop in column 4 (Cy) · 10 s", team: right, players: players, width: 80)
        #expect(shorter == "Team Bartholomew Longname & 2 more — proposals: Drop in column 4 (Cy) · 10 s", "\(shorter)")
    }

    @Test("wrapping counts display columns: emoji and Arabic names break between words, never past the width")
    func wrapping() {
        let text = "Four in a Row seats 2: everyone plays, in teams: Team Ann, <img src=x onerror=alert & محمد عبد الله and "
            + "Team Bartholomew Longname, Evelanigiro & 🦄 Zoë Ünicorn. Ada watches."
        let lines = TextWrap.lines(text, width: 78)
        #expect(lines.allSatisfy { $0.displayWidth <= 78 }, "\(lines)")
        #expect(lines.joined(separator: " ").split(separator: " ") == text.split(separator: " "), "\(lines)")
        let short = TextWrap.lines(text, width: 40, maxLines: 2)
        #expect(short.count == 2 && short[1].hasSuffix(" …") && short.allSatisfy { $0.displayWidth <= 40 }, "\(short)")
    }

    /// A room of nine playing Four in a Row in teams (two bots watch), the host's long announcement.
    static func teamRoom(you: Int? = 0) -> RoomMessage {
        let people = ["Ann", "Bartholomew Longname", "🦄 Zoë Ünicorn", "محمد عبد الله", "<img src=x onerror=alert", "Evelanigiro", "Cy"]
        var message = RoomSamples.playing(you: you)
        message.scoreboard = (people + ["Ada", "Max"]).enumerated().map {
            RoomScoreLine(place: 1, member: $0.offset, name: $0.element, points: 0, played: 0, wins: 0, present: true, bot: $0.offset >= 7 ? true : nil)
        }
        message.current = RoomGame(game: "fourinarow", title: "Four in a Row", players: Array(0..<7), watchers: [7, 8], teams: [[0, 4, 3, 6], [1, 5, 2]])
        message.message = "Four in a Row has the most votes (4). Four in a Row seats 2: everyone plays, in teams: "
            + "Team Ann, <img src=x onerror=alert, محمد عبد الله & Cy and Team Bartholomew Longname, Evelanigiro & 🦄 Zoë Ünicorn. Ada and Max watch."
        return message
    }

    @Test("the room at 80×24 during a team game: the news wraps between words and the lineup says '& N more', no name cut")
    func roomNews() throws {
        var room = RoomState()
        room.apply(Self.teamRoom(), at: .now)
        var canvas = Canvas(width: 80, height: 24 - LayoutCheck.shellRows)
        RoomPainter.draw(room, viewer: RoomPainter.Viewer(member: 0, host: true, cursor: nil), color: false, on: &canvas)
        let screen = canvas.text
        #expect(screen.contains("in teams: Team Ann, <img src=x onerror=alert, محمد عبد الله & Cy"), "\(screen)")
        #expect(screen.contains("Zoë Ünicorn. Ada and Max watch."), "the news was cut:\n\(screen)")
        #expect(screen.contains("Playing: you, Bartholomew Longname"), "\(screen)")
        #expect(screen.contains("<img src=x onerror=alert") && screen.contains("watching: Ada (bot), Max (bot)"), "\(screen)")
        // Narrower, the lineup keeps to two lines of whole names and says how many more.
        let current = try #require(room.current)
        let narrow = RoomPainter.lineupLines(current, room: room, you: 0, width: 50)
        #expect(narrow.count <= 2 && narrow.allSatisfy { $0.displayWidth <= 50 }, "\(narrow)")
        #expect(narrow.joined().contains(" more") && !narrow.joined().contains("…"), "\(narrow)")
        // Every word on the screen is a whole word of the room's text (nothing cut at the edge).
        let words = Set((Self.teamRoom().message + " " + Self.names.joined(separator: " ") + " Ada Max").split(separator: " ").map(String.init))
        let newsRows = (0..<6).map { canvas.text(ofRow: $0) }.filter { !$0.contains("Game 3:") }
        for row in newsRows {
            for word in row.split(separator: " ") where !["Playing:", "you,", "·", "watching:", "(bot)", "(bot),", "&", "more", "…"].contains(word) {
                let bare = String(word.filter { $0 != "," })
                #expect(words.contains(String(word)) || words.contains(bare) || words.contains(bare + ",") || Int(bare) != nil,
                        "'\(word)' is cut:\n\(screen)")
            }
        }
    }
}
