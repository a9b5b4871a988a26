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
        if let banner, title.count + banner.count + 2 <= canvas.width {
            canvas.put(banner + " ", x: canvas.width - banner.count - 1, y: 0, style: style)
        }
    }

    static func drawLobby<View>(on screen: inout Canvas, table: TableState<View>, top: Int, height: Int, color: Bool,
                                howToPlay: String? = nil) {
        // Drawn on a canvas of the lobby's own rows, so a short terminal clips it instead of
        // letting it run into the status and key lines below.
        var canvas = Canvas(width: screen.width, height: height)
        defer { screen.paste(canvas, x: 0, y: top) }
        let players = table.lobby?.players ?? table.welcome.players
        var y = 1
        if let howToPlay {
            canvas.put(howToPlay, x: 2, y: y, width: canvas.width - 2, style: TextStyle(foreground: color ? .cyan : nil))
            y += 2
        }
        canvas.put("Players (\(players.count) of \(table.welcome.maxPlayers), \(table.welcome.minPlayers) needed)", x: 2, y: y, style: TextStyle(bold: true))
        y += 2
        for player in players {
            let marker = player.seat == table.viewerSeat?.index ? "▶" : " "
            var tags: [String] = []
            if player.host { tags.append("host") }
            if player.bot && !player.name.hasSuffix("(bot)") { tags.append("bot") }
            let tagText = tags.isEmpty ? "" : " (\(tags.joined(separator: ", ")))"
            canvas.put("\(marker) \(player.name)\(tagText)", x: 2, y: y)
            let state = !player.connected ? "reconnecting… \((player.graceMs ?? 0) / 1000) s"
                : player.rematch ? "rematch" : player.ready ? "ready" : "not ready"
            let style = player.ready || player.rematch ? TextStyle(foreground: color ? .green : nil, bold: true) : TextStyle(dim: true)
            canvas.put(state, x: min(34, canvas.width - state.count), y: y, style: style)
            y += 1
        }
        y += 1
        if let message = table.lobby?.message { canvas.put(message, x: 2, y: y, width: canvas.width - 2) }
        if let over = table.gameOver {
            canvas.put("Last game: \(over.summary)", x: 2, y: y + 1, width: canvas.width - 2, style: TextStyle(dim: true))
        }
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
