import PartyClient
import PartyKit
import PartyTerminal
import PartyWire

/// A person's client for a party room: the room screen between games (menu, votes, countdown,
/// scoreboard) and each game's own screen during it, full screen or in line mode.
public enum RoomShell {
    /// Joins the party room at `options.address` and stays until the person leaves or the room
    /// ends; returns the sentence to print then. `games` are the games this client draws itself
    /// (the host sends plain text for the others).
    public static func run(games: [any PartyGame.Type], options: ShellOptions) async throws -> String {
        var hello = Hello(client: "partyclient", name: options.name, game: "party", hostKey: options.hostKey,
                          games: games.map { $0.descriptor.id }, features: ["teams", "predictions"])
        hello.token = options.token
        return try await PartySession.withSession(to: options.address, hello: hello) { session, welcome in
            try await play(games: games, connection: session, welcome: welcome, options: options)
        }
    }

    /// Runs the room on a connection the host has already welcomed (`welcome.room`); `notice` (such
    /// as "Welcome back") is shown first. `games` must be the games the hello said this client draws.
    public static func play(games: [any PartyGame.Type], connection: PartySession, welcome: Welcome, options: ShellOptions,
                            notice: String? = nil) async throws -> String {
        if options.fullScreen {
            let terminal = Terminal(interruptHandling: .report, color: options.color)
            try terminal.enterFullScreen()
            defer { terminal.restore() }
            var screen = RoomScreen(connection: connection, welcome: welcome, games: games, terminal: terminal,
                                    color: options.color, banner: options.banner, notice: notice)
            screen.join = options.join
            screen.hostNotices = options.hostNotices
            let outcome = await screen.run()
            return withStandings(outcome, screen.room, welcome: screen.base.welcome)
        }
        if let notice { Console.say(notice) }
        var lines = RoomLines(connection: connection, welcome: welcome, games: games)
        let outcome = await lines.run()
        return withStandings(outcome, lines.room, welcome: lines.base.welcome)
    }

    /// The last word, after the final standings when the room ended with them (the last line is
    /// always the sentence alone).
    /// A watcher's own predictions come after the standings ("Your predictions: 2 of 3 right, 100
    /// points."): `ended` carries the members' scoreboard only, so a spectator's total is the
    /// spectators' board of the last settled game (or, when it does not list them, the host's
    /// answers to their predictions). `welcome` says who we are.
    static func withStandings(_ outcome: String, _ room: RoomState, welcome: Welcome? = nil) -> String {
        var lines: [String] = []
        if let final = room.finalScoreboard, !final.isEmpty { lines = ["Final standings:"] + standingsTable(final) }
        let spectator = welcome?.role == "spectator"
        if let welcome, let mine = room.predictionsSummary(name: welcome.name, spectator: spectator) { lines.append(mine) }
        return (lines + [outcome]).joined(separator: "\n")
    }

    /// The table for a room's game: drawn by its own presenter when this build has it, else plain text.
    static func table(for id: String, title: String, games: [String: any PartyGame.Type], welcome: Welcome,
                      lobby: Lobby?) -> any RoomGameTable {
        guard let game = games[id] else { return PlainRoomGame(welcome: welcome, lobby: lobby, id: id, title: title) }
        func open<Game: PartyGame>(_: Game.Type) -> any RoomGameTable {
            PresentedRoomGame<Game>(welcome: welcome, lobby: lobby)
        }
        return open(game)
    }

    /// The final standings as a table for a terminal: a header (place, points, games, wins, name)
    /// and a line per member, best first. The name comes last: printed text cannot be placed by
    /// column, and terminals disagree on how wide some names are (CJK, emoji with U+FE0F, ZWJ
    /// sequences), so only what follows a name could be misaligned, and nothing does.
    public static func standingsTable(_ standings: [RoomScoreLine]) -> [String] {
        guard !standings.isEmpty else { return ["  (no game was played)"] }
        func row(_ place: String, _ points: String, _ games: String, _ wins: String, _ name: String) -> String {
            "  " + place.rightPadded(6) + points.leftPadded(6) + games.leftPadded(7) + wins.leftPadded(6) + "  " + name
        }
        return [row("Place", "Points", "Games", "Wins", "Name")] + standings.map { line in
            row("\(line.place).", "\(line.points)", "\(line.played)", "\(line.wins)", line.label + (line.present ? "" : " (left)"))
        }
    }

    /// Why a vote is not taken now: a game is picked or on.
    static func notChoosing(_ room: RoomState) -> String {
        let title = room.current?.title ?? "The next game"
        return room.phase == "playing" ? "\(title) is on: vote for the next game when it ends."
            : "\(title) is already picked and about to start; vote again after it."
    }

    /// The question the host's player gets for `q` while others are in the room.
    static var hostQuitQuestion: String { "Others are here: q again ends the party for all." }
    /// How long a second `q` counts as the answer.
    static var quitQuestionLifetime: Duration { .seconds(10) }

    /// The room's key line between games. A VIP who may remove and end (a party server's) gets
    /// those keys in the place of the arrows' (which its help still explains), to fit 80 columns.
    static func roomKeys(room: RoomState, host: Bool, spectator: Bool) -> String {
        if spectator { return "watching · ? help · q leave" }
        var keys: [String] = []
        let count = room.menu.count
        let rights = room.room?.rights ?? []
        let vipKeys = (rights.contains("remove") ? ["r remove"] : []) + (rights.contains("end") ? ["e end party"] : [])
        if room.phase == "choosing", room.room?.choice != "host" || host {
            // With --choose host, the host's player's vote is the choice.
            let verb = room.room?.choice == "host" ? "choose" : "vote"
            keys.append("\(numberKeys(games: count)) \(verb)")
            if vipKeys.isEmpty { keys.append("↑/↓ Enter \(verb)") }
        }
        if host, room.phase != "playing" { keys.append("s start now") }
        return (keys + vipKeys + ["? help", "q leave"]).joined(separator: " · ")
    }

    /// The menu's number keys as the key line says them: "1-5", or "1" for a menu of one.
    static func numberKeys(games: Int) -> String {
        games > 1 ? "1-\(min(games, 9))" : "1"
    }

    /// The room's keys, explained (`?`), for a menu of `games` games.
    static func helpLines(host: Bool, games: Int, rights: [String] = []) -> [String] {
        var lines = [
            "Party room keys",
            "",
            "  \(numberKeys(games: games).rightPadded(12))vote for that game on the menu (again: change your vote)",
            "  ↑/↓ Enter   vote for the game under the cursor",
        ]
        if host {
            lines += [
                "  s           start now (you are the host): with votes in, pick the game",
                "              with most votes at once; once picked, start it without",
                "              waiting for its countdown",
            ]
        }
        if rights.contains("remove") {
            lines.append("  r           remove a player (you are the VIP): a number picks whom")
        }
        if rights.contains("end") {
            lines.append("  e           end the party for everyone (e again to be sure)")
        }
        lines += [
            "  q           leave the party (asks first when others are here)",
            "  ?           this help",
            "",
            "The game with most votes starts when everyone has voted or the countdown",
            "ends. Points per game go on the scoreboard. During a game its own keys work;",
            "after it, its final board stays with the result until you press a key.",
            "",
            "Press any key to go back to the room.",
        ]
        return lines
    }

    static func drawHelp(on canvas: inout Canvas, host: Bool, games: Int, rights: [String] = []) {
        for (index, line) in helpLines(host: host, games: games, rights: rights).enumerated() {
            canvas.put(line, x: 2, y: index + 1, width: canvas.width - 2, style: index == 0 ? TextStyle(bold: true) : .plain)
        }
    }

    /// The title bar: " Snap! · Alice's party — you: Bob", the banner at the right when it fits.
    static func drawTitle(on canvas: inout Canvas, title: String, session: String, me: String?, watching: Bool, banner: String?,
                          color: Bool) {
        let style = TextStyle(foreground: color ? .black : nil, background: color ? .cyan : nil, bold: true, inverse: !color)
        canvas.fill(x: 0, y: 0, width: canvas.width, height: 1, style: style)
        let who = watching ? " — watching" + (me.map { " (\($0))" } ?? "") : me.map { " — you: \($0)" } ?? ""
        let text = " \(title) · \(session)\(who)".fitted(toWidth: canvas.width)
        canvas.put(text, x: 0, y: 0, style: style)
        if let banner, text.displayWidth + banner.displayWidth + 2 <= canvas.width {
            canvas.put(banner + " ", x: canvas.width - banner.displayWidth - 1, y: 0, style: style)
        }
    }
}

extension String {
    /// The text without trailing spaces.
    var trimmedTrailing: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
