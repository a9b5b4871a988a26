import PartyClient
import PartyKit
import PartyWire

/// The parts of the screen every game shares: the title bar and the lobby.
enum ShellScreen {
    static func drawTitle<View>(on canvas: inout Canvas, table: TableState<View>, banner: String?, color: Bool) {
        let style = TextStyle(foreground: color ? .black : nil, background: color ? .cyan : nil, bold: true, inverse: !color)
        canvas.fill(x: 0, y: 0, width: canvas.width, height: 1, style: style)
        let me = table.me.map { " — you: \($0.name)" } ?? (table.spectating ? " — watching" : "")
        let title = " \(table.welcome.title) · \(table.welcome.sessionName)\(me)".fitted(toWidth: canvas.width)
        canvas.put(title, x: 0, y: 0, style: style)
        if let banner, title.displayWidth + banner.displayWidth + 2 <= canvas.width {
            canvas.put(banner + " ", x: canvas.width - banner.displayWidth - 1, y: 0, style: style)
        }
    }

    static func drawLobby<View>(on screen: inout Canvas, table: TableState<View>, top: Int, height: Int, color: Bool,
                                howToPlay: String? = nil, rules: [String] = [], width: Int? = nil) {
        // Drawn on a canvas of the lobby's own rows, so a short terminal clips it instead of
        // letting it run into the status and key lines below. How to play takes the whole width;
        // the rest keeps to `width` columns (the join panel stands beside it).
        var canvas = Canvas(width: screen.width, height: height)
        defer { screen.paste(canvas, x: 0, y: top) }
        let columns = min(width ?? screen.width, screen.width)
        let players = table.lobby?.players ?? table.welcome.players
        var y = 1
        if let howToPlay {
            canvas.put(howToPlay, x: 2, y: y, width: canvas.width - 2, style: TextStyle(foreground: color ? .cyan : nil))
            y += 2
        }
        let spectators = table.lobby?.spectators ?? 0
        let watching = spectators > 0 ? " · \(spectators) watching" : ""
        canvas.put("Players (\(players.count) of \(table.welcome.maxPlayers), \(table.welcome.minPlayers) needed)\(watching)", x: 2, y: y,
                   width: columns - 2, style: TextStyle(bold: true))
        y += 2
        // The state column starts at 34, or further right for long (or wide) names; names are cut
        // with "…" only when the row would not fit otherwise, never "(host)" or the state.
        let rows = playerRows(table)
        let widestLabel = rows.map { ($0.marker + $0.name + $0.tags).displayWidth }.max() ?? 0
        let widestState = rows.map(\.state.displayWidth).max() ?? 0
        let stateColumn = max(2, min(max(34, 2 + widestLabel + 2), columns - widestState - 1))
        for row in rows {
            let room = stateColumn - 3 - row.marker.displayWidth - row.tags.displayWidth
            canvas.put(row.marker + DisplayWidth.truncated(row.name, columns: max(1, room)) + row.tags, x: 2, y: y)
            let style = row.highlighted ? TextStyle(foreground: color ? .green : nil, bold: true) : TextStyle(dim: true)
            canvas.put(row.state, x: stateColumn, y: y, style: style)
            y += 1
        }
        y += 1
        if let message = table.lobby?.message { canvas.put(message, x: 2, y: y, width: columns - 2) }
        if let over = table.gameOver {
            canvas.put("Last game: \(over.summary)", x: 2, y: y + 1, width: columns - 2, style: TextStyle(dim: true))
        }
        // How to play (the game's rules, in words), under the rest when all of it fits.
        let ruleLines = rules.flatMap { PlainText.wrap($0, width: max(20, columns - 2)) }
        let rulesTop = y + (table.gameOver == nil ? 2 : 3)
        if !ruleLines.isEmpty, rulesTop + 1 + ruleLines.count <= height {
            canvas.put("How to play", x: 2, y: rulesTop, width: columns - 2, style: TextStyle(bold: true))
            for (index, line) in ruleLines.enumerated() {
                canvas.put(line, x: 2, y: rulesTop + 1 + index, width: columns - 2)
            }
        }
    }

    /// The lobby's player rows: the marker for us, the name, its tags and its state.
    static func playerRows<View>(_ table: TableState<View>) -> [(marker: String, name: String, tags: String, state: String, highlighted: Bool)] {
        let players = table.lobby?.players ?? table.welcome.players
        let held = table.reconnectingSeconds()
        return players.map { player in
            let marker = player.seat == table.viewerSeat?.index ? "▶ " : "  "
            var tags: [String] = []
            if player.host { tags.append("host") }
            if player.bot && !player.label.hasSuffix("(bot)") { tags.append("bot") }
            let tagText = tags.isEmpty ? "" : " (\(tags.joined(separator: ", ")))"
            let state = !player.connected ? "reconnecting… \(held[SeatID(player.seat)] ?? PlayerLabel.seconds(player.graceMs ?? 0)) s"
                : player.rematch ? "rematch" : player.ready ? "ready" : "not ready"
            return (marker: marker, name: player.label, tags: tagText, state: state, highlighted: player.ready || player.rematch)
        }
    }

    /// The columns the lobby's rows need whole (a state column at 34 or after the widest name).
    static func lobbyWidth<View>(_ table: TableState<View>) -> Int {
        let rows = playerRows(table)
        let widestLabel = rows.map { ($0.marker + $0.name + $0.tags).displayWidth }.max() ?? 0
        // A player reconnecting ("reconnecting… 30 s") moves the state column left for a while
        // rather than the panel away.
        let widestState = "not ready".displayWidth
        return max(lobbyContentWidth, max(34, 2 + widestLabel + 2) + widestState + 1)
    }

    /// The key line: what the keys do now. Enter says which way it turns readiness, `s` shows only
    /// where the host chooses when to start, and `r` only while a rematch can be had.
    static func keyLine<View>(table: TableState<View>, phase: String, gameKeys: String, joinKey: Bool = false) -> String {
        // A watcher's keys to predict the winner come first while predictions are open.
        if table.spectating { return ([table.predictKeys].compactMap { $0 } + ["watching", "q leave"]).joined(separator: " · ") }
        switch phase {
        case "playing":
            return gameKeys.contains("q leave") ? gameKeys : gameKeys + " · q leave"
        case "over":
            return "r rematch · q leave"
        default:
            var keys = [table.me?.ready == true ? "Enter not ready" : "Enter ready"]
            if table.me?.host == true, table.welcome.minPlayers < table.welcome.maxPlayers { keys.append("s start") }
            if joinKey { keys.append(JoinCard.keyHelp) }
            return (keys + ["q leave"]).joined(separator: " · ")
        }
    }

    /// The fewest columns the lobby keeps beside the join panel.
    static let lobbyContentWidth = 45

    /// Draws the lobby with the host's join panel at its right when it fits, else with the join
    /// address on the area's last row; returns whether the panel was drawn.
    @discardableResult
    static func drawLobby<View>(on screen: inout Canvas, table: TableState<View>, top: Int, height: Int, color: Bool,
                                howToPlay: String?, rules: [String] = [], join: JoinCard?) -> Bool {
        guard let join else {
            drawLobby(on: &screen, table: table, top: top, height: height, color: color, howToPlay: howToPlay, rules: rules)
            return false
        }
        // The panel starts under how to play, which keeps the whole width.
        let panelTop = howToPlay == nil ? 1 : 2
        if join.fitsBeside(width: screen.width, height: height - panelTop, contentWidth: lobbyWidth(table)) {
            let panelWidth = join.panelSize.width
            let left = screen.width - panelWidth - JoinCard.gap
            drawLobby(on: &screen, table: table, top: top, height: height, color: color, howToPlay: howToPlay, rules: rules, width: left)
            join.drawPanel(on: &screen, x: screen.width - panelWidth - 1, y: top + panelTop, color: color)
            return true
        }
        // A small terminal keeps its rows for the lobby: the key line still offers the code.
        guard height >= JoinCard.shortLineMinimumHeight else {
            drawLobby(on: &screen, table: table, top: top, height: height, color: color, howToPlay: howToPlay, rules: rules)
            return false
        }
        drawLobby(on: &screen, table: table, top: top, height: height - 1, color: color, howToPlay: howToPlay, rules: rules)
        screen.put(join.shortLine, x: 2, y: top + height - 1, width: screen.width - 2)
        return false
    }

    /// What the screen says instead of the game while the connection is down: the host restarting
    /// (with the seconds left before giving up, counted down) or the connection lost.
    static func lostLines<View>(_ table: TableState<View>, since: ContinuousClock.Instant, now: ContinuousClock.Instant = .now) -> [String] {
        if let restarting = table.restartingLine(at: now) {
            return [restarting, "It keeps the party: your seat comes back when it answers.",
                    "Nothing you type is sent until the host answers; q leaves."]
        }
        let left = max(0, (table.welcome.reconnectPatience - (now - since)).components.seconds)
        return ["The connection to the host was lost.", "Reconnecting… (giving up in \(left) s)",
                "Nothing you type is sent until the host answers; q leaves."]
    }

    /// The status line's word on a connection that is down (nil while it is up); nothing while the
    /// host restarts, whose countdown `lostLines` shows.
    static func lostStatus<View>(_ table: TableState<View>) -> String? {
        guard table.restartingUntil == nil else { return nil }
        return table.reconnecting.map { "Connection lost (\($0.why)); reconnecting…" }
    }

    /// The status line: the first of `candidates` that the screen above does not already show
    /// (the lobby shows its own sentence and the last result, most games show their result).
    static func statusLine(_ candidates: [String?], shown screen: Canvas) -> String {
        let text = screen.text
        return candidates.lazy.compactMap { $0 }.first { !$0.isEmpty && !text.contains($0) } ?? ""
    }
}

extension Canvas {
    /// Copies `other` onto this canvas with its top-left corner at (`x`, `y`).
    mutating func paste(_ other: Canvas, x: Int, y: Int) {
        for row in 0..<other.height {
            for column in 0..<other.width {
                self[x + column, y + row] = other[column, row]
            }
        }
    }
}
