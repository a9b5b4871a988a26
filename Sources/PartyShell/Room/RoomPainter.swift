import PartyClient
import PartyKit
import PartyWire

/// Draws the party room between games: what the room waits for and its countdown, the menu
/// (numbered, each game marked playable or not with why, its votes and who cast them), who is
/// awaited, the last game's result and the scoreboard table. Pure: tests draw canned rooms.
enum RoomPainter {
    /// Who looks at the room.
    struct Viewer: Sendable {
        /// Our member id (nil for a spectator).
        var member: Int?
        /// Whether we are the host's player (who may start early, and chooses with `--choose host`).
        var host: Bool
        /// The menu row under the cursor, when we may vote.
        var cursor: Int?
    }

    /// Draws the room on `canvas` (the whole area between the title bar and the status line).
    /// A short canvas drops the blank lines first; a scoreboard with no room for its table
    /// becomes one line that says "…more" for what it cuts, never nothing.
    static func draw(_ room: RoomState, viewer: Viewer, color: Bool, now: ContinuousClock.Instant = .now, on canvas: inout Canvas) {
        guard let message = room.room else {
            canvas.putCentered("Joining the party room…", y: canvas.height / 2)
            return
        }
        var y = 0
        func line(_ text: String, x: Int = 2, style: TextStyle = .plain, on canvas: inout Canvas) {
            if y < canvas.height { canvas.put(text, x: x, y: y, width: max(0, canvas.width - x), style: style) }
            y += 1
        }
        let top = Self.headline(room, viewer: viewer, now: now)
        // The room's news (a team game's "everyone plays, in teams: …") wraps between words, and
        // the lineup names as many as fit with "& N more": nothing is cut mid-name.
        let members = room.scoreboard.flatMap { [$0.name, $0.label] }
        let news = newsLine(message, headline: top).map { TextWrap.lines($0, keeping: members, width: canvas.width - 2, maxLines: 3) } ?? []
        let away = room.reconnectingLine(at: now)
        let players = room.current.map { Self.lineupLines($0, room: room, you: viewer.member, width: canvas.width - 2) } ?? []
        let waiting = waitingLine(room, you: viewer.member)
        let wide = canvas.width >= wideWidth
        let scoreboardColumns = min(maxScoreboardColumns,
                                    2 + (scoreboardRows(room.scoreboard, you: viewer.member, vip: room.vip, fitting: 1000, width: 200).map(\.displayWidth).max() ?? 0))
        let leftWidth = wide ? canvas.width - scoreboardColumns : canvas.width
        // Our prediction for the last game stays beside its result until the next game.
        let results = (room.last.map { resultLines($0, width: leftWidth - 2) } ?? [])
            + (room.lastPrediction.map { TextWrap.lines($0.message, width: leftWidth - 2, maxLines: 2) } ?? [])
        // Rows of everything with its blank lines, the scoreboard's table below the menu on a narrow
        // screen (its header and two lines at least): when they do not fit, the blank lines go.
        let rows = 1 + news.count + (away == nil ? 0 : 1) + players.count + 1 + 1 + room.menu.count + (waiting == nil ? 0 : 2) + 1
            + results.count + (wide ? 0 : min(3, room.scoreboard.count + 1))
        let roomy = rows <= canvas.height
        line(top, style: TextStyle(foreground: color ? .cyan : nil, bold: true), on: &canvas)
        for text in news { line(text, on: &canvas) }
        if let away { line(away, style: TextStyle(foreground: color ? .yellow : nil, bold: true), on: &canvas) }
        for text in players { line(text, style: TextStyle(dim: true), on: &canvas) }
        if roomy { y += 1 }
        // Wide terminals show the scoreboard beside the menu; narrower ones below it.
        let menuTop = y
        var left = Canvas(width: leftWidth, height: max(0, canvas.height - menuTop))
        y = 0
        drawMenu(room, viewer: viewer, color: color, y: &y, on: &left)
        if let waiting {
            if roomy { y += 1 }
            line(waiting, on: &left)
        }
        if roomy { y += 1 }
        for result in results { line(result, style: TextStyle(bold: true), on: &left) }
        if wide {
            canvas.paste(left, x: 0, y: menuTop)
            var right = Canvas(width: scoreboardColumns, height: max(0, canvas.height - menuTop))
            y = 0
            drawScoreboard(room.scoreboard, you: viewer.member, vip: room.vip, y: &y, on: &right)
            canvas.paste(right, x: canvas.width - scoreboardColumns, y: menuTop)
        } else {
            if left.height - y < min(3, room.scoreboard.count + 1), y < left.height {
                line(compactScoreboard(room.scoreboard, you: viewer.member, width: left.width - 2), on: &left)
            } else {
                drawScoreboard(room.scoreboard, you: viewer.member, vip: room.vip, y: &y, on: &left)
            }
            canvas.paste(left, x: 0, y: menuTop)
        }
    }

    /// The room's message under the headline, without what the headline says already: while the
    /// room votes, "Vote for the next game: 2 of 3 have voted." under "Game 3: vote for the next
    /// game" becomes "2 of 3 have voted.". Nil when there is nothing to say.
    static func newsLine(_ message: RoomMessage, headline: String) -> String? {
        let prefix = "Vote for the next game: "
        var text = message.message
        if text.hasPrefix(prefix), headline.lowercased().contains(prefix.lowercased().dropLast(2)) {
            text.removeFirst(prefix.count)
            if let first = text.first { text = first.uppercased() + text.dropFirst() }
        }
        return text.isEmpty ? nil : text
    }

    /// The scoreboard on one line, for a screen with no room for its table: "Scores: 1. Bart 16 ·
    /// 2. Alice 6 (you) · …3 more", our own line always in it.
    static func compactScoreboard(_ lines: [RoomScoreLine], you: Int?, width: Int) -> String {
        guard !lines.isEmpty else { return "Scores: nobody has played yet." }
        func entry(_ line: RoomScoreLine) -> String {
            "\(line.place). \(line.label)\(line.member == you ? " (you)" : "") \(line.points)"
        }
        func text(_ shown: [Int]) -> String {
            let cut = lines.count - shown.count
            return "Scores: " + shown.map { entry(lines[$0]) }.joined(separator: " · ") + (cut > 0 ? " · …\(cut) more" : "")
        }
        // Best first while they fit; our own line always.
        let mine = lines.firstIndex { $0.member == you }
        var shown = mine.map { [$0] } ?? []
        for index in lines.indices where index != mine {
            let candidate = (shown + [index]).sorted()
            guard text(candidate).displayWidth <= width else { break }
            shown = candidate
        }
        return DisplayWidth.truncated(text(shown), columns: width)
    }

    /// From this many columns on, the scoreboard stands beside the menu.
    static let wideWidth = 120
    /// The most columns the scoreboard takes beside the menu.
    static let maxScoreboardColumns = 56

    /// The first line: which game is being chosen or is coming, and the countdown.
    static func headline(_ room: RoomState, viewer: Viewer, now: ContinuousClock.Instant = .now) -> String {
        guard let message = room.room else { return "" }
        let seconds = room.countdownSeconds(at: now)
        switch message.state {
        case "starting":
            let title = message.current?.title ?? "The next game"
            return seconds.map { "Game \(message.number): \(title) starts in \($0) s" } ?? "Game \(message.number): \(title) is starting"
        case "playing":
            return "Game \(message.number): \(message.current?.title ?? "a game") is on"
        default:
            let timer = seconds.map { " — picked in \($0) s" } ?? ""
            switch message.choice {
            case "host":
                return viewer.host ? "Game \(message.number): you choose the next game\(timer)"
                    : "Game \(message.number): the host chooses the next game\(timer)"
            case "playlist":
                let next = message.proposal.map { room.title(of: $0) } ?? "the next game"
                return "Game \(message.number): next on the playlist is \(next)\(timer)"
            default:
                return "Game \(message.number): vote for the next game\(timer)"
            }
        }
    }

    /// Who plays the game picked or on, and who watches it.
    static func lineup(_ current: RoomGame, room: RoomState, you: Int?) -> String {
        lineup(current, room: room, you: you, shown: current.players.count + current.watchers.count)
    }

    /// The lineup with only `shown` names in all (the watchers lose theirs first), each list that
    /// lost some ending in "& N more": "Playing: you, Bob & 3 more · watching: Ada".
    static func lineup(_ current: RoomGame, room: RoomState, you: Int?, shown: Int) -> String {
        let names = Dictionary(room.scoreboard.map { ($0.member, $0.label) }, uniquingKeysWith: { a, _ in a })
        func name(_ member: Int) -> String { member == you ? "you" : names[member] ?? "player \(member)" }
        // Our own name first when a list is shortened: it is the one we look for.
        func list(_ members: [Int], keeping count: Int) -> String {
            guard count < members.count else { return members.map(name).joined(separator: ", ") }
            let ordered = members.filter { $0 == you } + members.filter { $0 != you }
            let kept = ordered.prefix(max(1, count)).map(name).joined(separator: ", ")
            return kept + " & \(members.count - max(1, count)) more"
        }
        let playersShown = min(current.players.count, max(1, shown - current.watchers.count))
        let players = current.players.isEmpty ? "nobody yet" : list(current.players, keeping: playersShown)
        let watchers = current.watchers.isEmpty ? "" : " · watching: " + list(current.watchers, keeping: shown - playersShown)
        return "Playing: \(players)\(watchers)"
    }

    /// The lineup in at most two lines of `width` columns, with as many whole names as fit.
    static func lineupLines(_ current: RoomGame, room: RoomState, you: Int?, width: Int) -> [String] {
        let everyone = current.players.count + current.watchers.count
        let members = room.scoreboard.flatMap { [$0.name, $0.label] }
        for shown in stride(from: everyone, through: 1, by: -1) {
            let lines = TextWrap.lines(lineup(current, room: room, you: you, shown: shown), keeping: members, width: width)
            if lines.count <= 2 { return lines }
        }
        return TextWrap.lines(lineup(current, room: room, you: you, shown: 1), keeping: members, width: width, maxLines: 2)
    }

    /// The menu: a header, then one row a game.
    static func drawMenu(_ room: RoomState, viewer: Viewer, color: Bool, y: inout Int, on canvas: inout Canvas) {
        let menu = room.menu
        let titleWidth = max(4, menu.map(\.title.displayWidth).max() ?? 0)
        let marks = menu.map(mark)
        let markWidth = max(7, marks.map(\.displayWidth).max() ?? 0)
        let titleColumn = 7
        let markColumn = titleColumn + titleWidth + 2
        let voteColumn = markColumn + markWidth + 2
        if y < canvas.height {
            let style = TextStyle(dim: true)
            canvas.put("#", x: 4, y: y, style: style)
            canvas.put("Game", x: titleColumn, y: y, style: style)
            canvas.put("Players", x: markColumn, y: y, style: style)
            if voteColumn < canvas.width { canvas.put("Votes", x: voteColumn, y: y, style: style) }
        }
        y += 1
        let choosing = room.phase == "choosing"
        for (index, entry) in menu.enumerated() {
            defer { y += 1 }
            guard y < canvas.height else { continue }
            let mine = room.myVote == entry.id
            let picked = room.current?.game == entry.id
            let rowStyle = mine || picked ? TextStyle(bold: true) : TextStyle.plain
            if viewer.cursor == index && choosing { canvas.put("▶", x: 1, y: y, style: TextStyle(bold: true)) }
            canvas.put("\(index + 1)".leftPadded(2), x: 3, y: y, style: rowStyle)
            canvas.put(entry.title, x: titleColumn, y: y, width: max(0, canvas.width - titleColumn), style: rowStyle)
            let markStyle = entry.playable ? TextStyle(foreground: color ? .green : nil) : TextStyle(dim: true)
            if markColumn < canvas.width { canvas.put(marks[index], x: markColumn, y: y, width: canvas.width - markColumn, style: markStyle) }
            let voters = room.voters(for: entry.id)
            // The pick is named in the headline and its row is bold; "picked" shows where no vote says it.
            let votes = voters.isEmpty ? (picked ? "picked" : "") : "\(voters.count): \(voters.joined(separator: ", "))"
            if !votes.isEmpty, voteColumn < canvas.width {
                canvas.put(DisplayWidth.truncated(votes, columns: canvas.width - voteColumn - 1), x: voteColumn, y: y, style: rowStyle)
            }
        }
    }

    /// A menu entry's playable mark: "✓ 2–4 players", or "✗ exactly 2 players" when the people
    /// present cannot play it now (the requirement says why).
    static func mark(_ entry: RoomMenuEntry) -> String {
        (entry.playable ? "✓ " : "✗ ") + entry.requirement
    }

    /// Whose vote the room waits for, and ours.
    static func waitingLine(_ room: RoomState, you: Int?) -> String? {
        guard room.phase == "choosing", let message = room.room else { return nil }
        var parts: [String] = []
        if let vote = room.myVote { parts.append(sentence("You voted for \(room.title(of: vote))")) }
        if !message.waitingFor.isEmpty {
            parts.append("Waiting for: \(message.waitingFor.joined(separator: ", ")).")
        } else if !message.votes.isEmpty {
            parts.append("Everyone has voted.")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// `text` ended with a full stop unless it ends in punctuation already ("Snap!").
    static func sentence(_ text: String) -> String {
        text.last.map { ".!?".contains($0) } == true ? text : text + "."
    }

    /// The last game's result on one line: "Last game (1, Snap!): 1st Bob +10 · 2nd Alice +6".
    static func resultLine(_ last: RoomGameResult) -> String {
        let places = last.placements.map { "\(ordinal($0.place)) \($0.label) +\($0.points)" }
        return "Last game (\(last.number), \(last.title)): " + places.joined(separator: " · ")
    }

    /// The last game's result in at most `maxLines` lines of `width` columns, broken between
    /// placements (the next lines indented); what does not fit ends in "…N more".
    static func resultLines(_ last: RoomGameResult, width: Int, maxLines: Int = 2) -> [String] {
        let places = last.placements.map { "\(ordinal($0.place)) \($0.label) +\($0.points)" }
        var lines: [String] = []
        var current = "Last game (\(last.number), \(last.title)):"
        var firstOnLine = true
        var index = 0
        while index < places.count {
            let continuation = !lines.isEmpty
            let separator = firstOnLine ? (continuation ? "" : " ") : " · "
            let candidate = current + separator + places[index]
            let lastLine = lines.count >= maxLines - 1
            let after = places.count - index - 1
            // On the last line, room must stay for " · …N more" when more follow.
            let reserve = lastLine && after > 0 ? " · …\(after) more".displayWidth : 0
            if candidate.displayWidth + reserve <= width || (firstOnLine && continuation && !lastLine) {
                current = candidate
                firstOnLine = false
                index += 1
            } else if !lastLine {
                lines.append(current)
                current = "  "
                firstOnLine = true
            } else {
                current += separator + "…\(places.count - index) more"
                break
            }
        }
        lines.append(current)
        return lines.map { DisplayWidth.truncated($0, columns: width) }
    }

    /// 1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st.
    static func ordinal(_ number: Int) -> String {
        let tens = number % 100
        if (11...13).contains(tens) { return "\(number)th" }
        switch number % 10 {
        case 1: return "\(number)st"
        case 2: return "\(number)nd"
        case 3: return "\(number)rd"
        default: return "\(number)th"
        }
    }

    /// The scoreboard as a table (place, name, points, games, wins), as many rows as fit; our own
    /// row is always shown (in the last row when it would not fit), and "… N more" says what is cut.
    static func drawScoreboard(_ lines: [RoomScoreLine], you: Int?, vip: Int? = nil, y: inout Int, on canvas: inout Canvas) {
        guard !lines.isEmpty, y < canvas.height else { return }
        let rows = scoreboardRows(lines, you: you, vip: vip, fitting: canvas.height - y - 1, width: canvas.width - 2)
        for (index, row) in rows.enumerated() {
            let mine = index > 0 && row.contains("▶")
            canvas.put(row, x: 2, y: y, width: canvas.width - 2, style: index == 0 ? TextStyle(dim: true) : mine ? TextStyle(bold: true) : .plain)
            y += 1
        }
    }

    /// The scoreboard's header and rows, at most `fitting` rows after the header, `width` wide
    /// (trailing spaces trimmed); the VIP's name is marked "(VIP)".
    static func scoreboardRows(_ lines: [RoomScoreLine], you: Int?, vip: Int? = nil, fitting: Int, width: Int) -> [String] {
        func name(_ line: RoomScoreLine) -> String {
            line.label + (line.member == vip ? " (VIP)" : "") + (line.present ? "" : " (left)")
        }
        let nameWidth = min(max(4, lines.map { name($0).displayWidth }.max() ?? 0), max(8, width - 29))
        func row(_ place: String, _ name: String, _ points: String, _ games: String, _ wins: String, marker: String = "  ") -> String {
            marker + place.rightPadded(6) + DisplayWidth.truncated(name, columns: nameWidth).rightPadded(nameWidth + 2)
                + points.leftPadded(6) + games.leftPadded(7) + wins.leftPadded(6)
        }
        let header = row("Place", "Name", "Points", "Games", "Wins")
        var shown = lines
        let capacity = max(2, fitting)
        if lines.count > capacity {
            // Room for capacity - 1 lines and "… and N more"; ours replaces the last one shown.
            shown = Array(lines.prefix(capacity - 1))
            if let you, !shown.contains(where: { $0.member == you }), let mine = lines.first(where: { $0.member == you }) {
                shown[shown.count - 1] = mine
            }
        }
        var rows = [header] + shown.map(render)
        if shown.count < lines.count { rows.append("  … and \(lines.count - shown.count) more") }
        return rows.map(\.trimmedTrailing)
        func render(_ line: RoomScoreLine) -> String {
            row("\(line.place).", name(line), "\(line.points)", "\(line.played)", "\(line.wins)",
                marker: line.member == you ? "▶ " : "  ")
        }
    }
}

extension String {
    /// The string with spaces before it, `width` columns in all.
    func leftPadded(_ width: Int) -> String {
        String(repeating: " ", count: max(0, width - displayWidth)) + self
    }

    /// The string with spaces after it, `width` columns in all.
    func rightPadded(_ width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - displayWidth))
    }
}
