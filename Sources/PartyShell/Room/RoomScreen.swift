import PartyClient
import PartyKit
import PartyTerminal
import PartyWire

/// The full-screen client of a party room: between games the room (menu, votes, countdown,
/// scoreboard); during a game that game's own screen; after it the final board with the result
/// until a key is pressed or the room picks the next game.
struct RoomScreen {
    let connection: PartySession
    let terminal: Terminal
    let color: Bool
    let banner: String?
    /// The room's games this build draws itself, by id (the others are plain text).
    let games: [String: any PartyGame.Type]
    /// The session as a whole: the welcome, the table, notices, reconnection, the end.
    var base: TableState<JSONValue>
    var room = RoomState()
    /// The game on (or the last one, while its result is held), drawn by its own presenter.
    var game: (any RoomGameTable)?
    /// Whether the last game's final board stays on screen with its result (until a key).
    var holdingResult = false
    /// The menu row under the cursor.
    var cursor = 0
    /// Whether the help is shown (until a key).
    var showingHelp = false
    /// The join URL and QR code, on the host's own screen only.
    var join: JoinCard?
    /// The host process's own notices, when this is the host's player.
    var hostNotices: HostNotices?
    /// Whether the join QR code fills the screen (until a key).
    var showingJoinCode = false
    /// A line for the person: stays a few seconds, then until something new arrives.
    var status: String? {
        didSet { statusSince = .now; statusOutdated = false }
    }
    var statusSince = ContinuousClock.now
    /// What was said on joining ("Welcome back"): the first game keeps it; anything said since
    /// (such as "You voted for Snap!") gives way when a game starts.
    let joinNotice: String?
    var statusOutdated = false
    /// When `q` was pressed with others present; a second `q` soon after leaves.
    var quitAskedAt: ContinuousClock.Instant?
    /// The VIP's `r`: the members it may remove, numbered as the status line lists them.
    var removing: [RoomScoreLine]?
    /// When the VIP pressed `e`; a second `e` soon after ends the party for everyone.
    var endAskedAt: ContinuousClock.Instant?
    /// Until when vote keys are ignored: just after a game's screen gives way to the room, so a key
    /// meant for the game (a last Enter or column) does not cast a vote by accident.
    var votesQuietUntil: ContinuousClock.Instant?

    /// How long vote keys are ignored once the room comes back after a game.
    static let voteQuiet = Duration.milliseconds(600)

    init(connection: PartySession, welcome: Welcome, games: [any PartyGame.Type], terminal: Terminal, color: Bool,
         banner: String?, notice: String?) {
        self.connection = connection
        self.terminal = terminal
        self.color = color
        self.banner = banner
        self.games = Dictionary(games.map { ($0.descriptor.id, $0) }, uniquingKeysWith: { a, _ in a })
        base = TableState(welcome: welcome)
        status = notice
        joinNotice = notice
    }

    /// Runs until the person leaves or the session ends; returns why it ended.
    mutating func run() async -> String {
        let events = connection.events
        let terminal = self.terminal
        return await withTaskGroup(of: Void.self) { group in
            let (inputs, feed) = ShellInput.merge(into: &group, events: events, terminal: terminal)
            var lastDraw = ContinuousClock.now
            draw()
            var outcome = isHost ? "You ended the party." : "You left the party."
            loop: for await input in inputs {
                switch input {
                case .event(let event):
                    if let why = apply(event) {
                        outcome = why
                        break loop
                    }
                case .terminal(.key(let key)):
                    if handle(key) == false { break loop }
                case .terminal(.interrupt):
                    break loop
                case .terminal(.resize):
                    terminal.invalidate()
                case .line, .tick:
                    if let text = hostNotices?.take() {
                        status = text
                        draw()
                        lastDraw = .now
                        continue
                    }
                    // The room's countdown moves every second; a game may want more.
                    let interval = showingGame ? (game?.refreshInterval ?? 1000) : 250
                    guard ContinuousClock.now - lastDraw >= .milliseconds(interval) else { continue }
                }
                draw()
                lastDraw = .now
            }
            feed.finish()
            group.cancelAll()
            return outcome
        }
    }

    /// Applies one event; returns why the session ended, if it did.
    mutating func apply(_ event: ClientEvent) -> String? {
        // The room first: `ended` brings the final scoreboard.
        let roomChange = room.apply(event)
        let change = base.apply(event)
        if case .closed(let why) = change { return why }
        if roomChange == .state {
            roomMoved()
            // A playlist proposes its next game: the cursor goes there, so Enter confirms it.
            if let proposal = room.room?.proposal, let index = room.menu.firstIndex(where: { $0.id == proposal }) { cursor = index }
        }
        if var table = game {
            let gameChange = table.apply(event)
            game = table
            switch gameChange {
            case .gameOver:
                holdingResult = true
                status = nil
            case .view, .lobby:
                statusOutdated = true
            default:
                break
            }
        }
        switch change {
        case .notice(let text): status = text
        case .lobby: statusOutdated = true
        default: break
        }
        return nil
    }

    /// The room moved on: a new game picked or started gets its own table and presenter.
    mutating func roomMoved() {
        guard let current = room.current else { return }
        if holdingResult, room.phase == "starting" || game?.gameID != current.game {
            holdingResult = false
            votesQuietUntil = .now + Self.voteQuiet
        }
        guard game?.gameID != current.game || room.phase == "starting" else { return }
        // A new game clears the last one's notices and our vote's confirmation; the first keeps
        // what was said on joining ("Welcome back").
        if game != nil || status != joinNotice { status = nil }
        game = RoomShell.table(for: current.game, title: current.title, games: games, welcome: base.welcome, lobby: base.lobby)
        holdingResult = false
    }

    /// Whether the game's screen is shown (instead of the room's).
    var showingGame: Bool {
        guard let game, game.hasView else { return false }
        return holdingResult || (room.phase == "playing" && game.playing)
    }

    /// Whether we are the host's player.
    var isHost: Bool { base.me?.host == true }

    /// Whether we may vote (a player, not a spectator, in a room that takes votes from us).
    var mayVote: Bool {
        guard base.welcome.role != "spectator", room.you != nil else { return false }
        return room.room?.choice != "host" || isHost
    }

    /// Reacts to a key; false means leave.
    mutating func handle(_ key: Key) -> Bool {
        if let asked = quitAskedAt {
            quitAskedAt = nil
            if ContinuousClock.now - asked < RoomShell.quitQuestionLifetime, key == .character("q") || key == .character("Q") || key == .character("y") {
                return false
            }
            status = "You stay in the party."
            return true
        }
        if key == .control("c") || key == .control("d") { return false }
        if let choices = removing {
            removing = nil
            if case .character(let digit) = key, let number = digit.wholeNumberValue, choices.indices.contains(number - 1) {
                connection.send(Remove(member: choices[number - 1].member))
                status = "Removing \(choices[number - 1].name)…"
            } else {
                status = "Nobody removed."
            }
            return true
        }
        if let asked = endAskedAt {
            endAskedAt = nil
            if ContinuousClock.now - asked < RoomShell.quitQuestionLifetime, key == .character("e") || key == .character("E") {
                connection.send(EndParty())
                status = "Ending the party…"
            } else {
                status = "The party goes on."
            }
            return true
        }
        let typing = showingGame && !holdingResult && game?.isTypingText == true
        if !typing, key == .character("q") || key == .character("Q") {
            guard othersPresent else { return false }
            quitAskedAt = .now
            status = quitQuestion
            return true
        }
        if showingHelp {
            showingHelp = false
            return true
        }
        if showingJoinCode {
            showingJoinCode = false
            if !showingGame { return true }
        }
        if holdingResult {
            // The final board stays until a key: this one only goes back to the room.
            holdingResult = false
            votesQuietUntil = .now + Self.voteQuiet
            return true
        }
        if base.isReconnecting {
            status = "Reconnecting to the host: nothing is sent until it answers (q leaves)."
            return true
        }
        if showingGame, var table = game {
            switch table.handle(key, color: color) {
            case .none: break
            case .send(let message):
                connection.send(message)
                status = nil
            case .message(let text):
                status = text
            }
            game = table
            return true
        }
        if let quiet = votesQuietUntil, ContinuousClock.now < quiet {
            switch key {
            case .enter, .character(" "): return true
            case .character(let digit) where digit.isNumber: return true
            default: break
            }
        }
        switch key {
        case .character("?"):
            showingHelp = true
        case JoinCard.key where join != nil:
            showingJoinCode = true
        case .character("s"), .character("S"):
            if base.welcome.role == "spectator" {
                status = "You are watching; spectators cannot start games."
            } else if isHost {
                connection.send(Start())
                status = room.phase == "starting" ? "Starting now…" : "Picking now…"
            } else {
                status = "Only the host's player can start early."
            }
        case .character("r"), .character("R"):
            askWhomToRemove()
        case .character("e"), .character("E"):
            if room.room?.rights?.contains("end") == true {
                endAskedAt = .now
                status = "End the party for everyone? e again ends it (any other key: no)."
            } else {
                status = "Only the VIP can end the party."
            }
        case .arrow(.up, _):
            cursor = max(0, cursor - 1)
        case .arrow(.down, _):
            cursor = min(max(0, room.menu.count - 1), cursor + 1)
        case .enter, .character(" "):
            vote(cursor)
        case .character(let digit) where digit.isNumber:
            if let number = digit.wholeNumberValue, number >= 1, number <= room.menu.count {
                cursor = number - 1
                vote(number - 1)
            } else {
                status = "The menu has games 1 to \(room.menu.count)."
            }
        default:
            break
        }
        return true
    }

    /// Votes for the menu entry at `index` (the host judges it and says why not).
    mutating func vote(_ index: Int) {
        guard room.menu.indices.contains(index) else { return }
        let entry = room.menu[index]
        guard base.welcome.role != "spectator" else {
            status = "You are watching; spectators do not vote."
            return
        }
        guard room.phase == "choosing" else {
            status = RoomShell.notChoosing(room)
            return
        }
        connection.send(Vote(game: entry.id))
        status = RoomPainter.sentence("You voted for \(entry.title)")
    }

    /// The VIP's `r`: lists who may be removed (a digit picks), or says why not.
    mutating func askWhomToRemove() {
        guard room.room?.rights?.contains("remove") == true else {
            status = "Only the VIP can remove a player."
            return
        }
        let others = Array(room.scoreboard.filter { $0.present && $0.member != room.you }.prefix(9))
        guard !others.isEmpty else {
            status = "Nobody else is here to remove."
            return
        }
        removing = others
        let listed = others.enumerated().map { "\($0.offset + 1) \($0.element.name)" }.joined(separator: " · ")
        status = "Remove whom? \(listed) (any other key: nobody)"
    }

    /// What `q` asks first. The host process's own player ends the party by leaving; a party
    /// server's VIP (a guest's terminal) hands its role over instead.
    var quitQuestion: String {
        if isHost, hostNotices != nil { return RoomShell.hostQuitQuestion }
        if isHost { return "Leave the party? q again leaves; the VIP role passes to whoever has been here longest." }
        return "Leave the party? q again leaves (your points stay on the scoreboard)."
    }

    /// Whether anyone besides us (and bots) is in the room.
    var othersPresent: Bool {
        let players = base.lobby?.players ?? base.welcome.players
        return players.contains { $0.seat != base.seat.index && !$0.bot } || (base.lobby?.spectators ?? 0) > 0
    }

    /// The key line.
    var keyLine: String {
        if base.isReconnecting { return "reconnecting… · q leave" }
        if holdingResult { return "any key: back to the room · q leave" }
        if showingGame, let game {
            if game.spectating { return ([game.predictKeys].compactMap { $0 } + ["watching this game", "q leave"]).joined(separator: " · ") }
            return game.keyHelp.contains("q leave") ? game.keyHelp : game.keyHelp + " · q leave"
        }
        if showingHelp || (showingJoinCode && join != nil) { return "any key: back to the room" }
        let keys = RoomShell.roomKeys(room: room, host: isHost, spectator: base.welcome.role == "spectator")
        guard join != nil, !joinPanelFits(Terminal.size), let leave = keys.range(of: " · ? help") else { return keys }
        return keys.replacingCharacters(in: leave, with: " · \(JoinCard.keyHelp)" + keys[leave])
    }

    func draw() {
        let size = Terminal.size
        var canvas = Canvas(width: size.width, height: size.height)
        let title = showingGame ? game.map { room.title(of: $0.gameID) } ?? base.welcome.title : base.welcome.title
        let watching = base.spectating || (showingGame && game?.spectating == true)
        RoomShell.drawTitle(on: &canvas, title: title, session: base.welcome.sessionName, me: base.me?.name, watching: watching,
                            banner: banner, color: color)
        // Over a game's screen, the rows above the status line: a watcher's open question (every
        // choice in sight), with the final board whether our prediction was right, and a held
        // seat's countdown (its own row: a team's proposals or a notice on the status line must
        // not hide it).
        let away = showingGame && !showingHelp && base.reconnecting == nil ? room.reconnectingLine() : nil
        let question = watcherQuestion(width: size.width, maxLines: max(0, min(3, size.height - 8)))
            + (verdict.map { TextWrap.lines($0, width: size.width, maxLines: 1) } ?? [])
        let band = question + (away.map { TextWrap.lines($0, width: size.width, maxLines: 2) } ?? [])
        let area = (y: 1, height: max(0, size.height - 3 - band.count))
        var inner = Canvas(width: size.width, height: area.height)
        if let lost = base.reconnecting {
            let lines = ShellScreen.lostLines(base, since: lost.since)
            for (index, line) in lines.enumerated() {
                inner.putCentered(line, y: max(0, (area.height - 3) / 2) + index, style: index == 0 ? TextStyle(bold: true) : .plain)
            }
        } else if showingHelp {
            RoomShell.drawHelp(on: &inner, host: isHost, games: room.menu.count, rights: room.room?.rights ?? [])
        } else if showingGame, let game {
            game.draw(on: &inner, color: color)
        } else if showingJoinCode, let join {
            join.drawFullScreen(on: &inner)
        } else {
            let viewer = RoomPainter.Viewer(member: room.you, host: isHost, cursor: mayVote ? cursor : nil)
            if let join, joinPanelFits(size) {
                // The room at the left, the join panel at the right.
                let width = join.panelSize.width
                var left = Canvas(width: size.width - width - JoinCard.gap, height: area.height)
                RoomPainter.draw(room, viewer: viewer, color: color, on: &left)
                inner.paste(left, x: 0, y: 0)
                join.drawPanel(on: &inner, x: size.width - width - 1, y: 0, color: color)
            } else if let join, area.height >= JoinCard.shortLineMinimumHeight {
                var above = Canvas(width: size.width, height: max(0, area.height - 1))
                RoomPainter.draw(room, viewer: viewer, color: color, on: &above)
                inner.paste(above, x: 0, y: 0)
                inner.put(join.shortLine, x: 2, y: area.height - 1, width: size.width - 2)
            } else {
                RoomPainter.draw(room, viewer: viewer, color: color, on: &inner)
            }
        }
        canvas.paste(inner, x: 0, y: area.y)
        for (index, text) in band.enumerated() {
            let style = index < question.count ? TextStyle(bold: index == 0) : TextStyle(foreground: color ? .yellow : nil, bold: true)
            canvas.put(text, x: 0, y: area.y + area.height + index, width: size.width, style: style)
        }
        let asking = quitAskedAt.map { ContinuousClock.now - $0 < RoomShell.quitQuestionLifetime } == true
        var kept = statusOutdated && ContinuousClock.now - statusSince >= .seconds(5) ? nil : status
        // The question's one-line form gives way to its lines, and the verdict is not said twice.
        if !question.isEmpty, kept?.hasPrefix("Who wins?") == true { kept = nil }
        if let verdict, let said = kept, said.hasPrefix(verdict) {
            let rest = said.dropFirst(verdict.count)
            kept = rest.hasPrefix(" · ") ? String(rest.dropFirst(3)) : rest.isEmpty ? nil : String(rest)
        }
        // A team's line names the team shortened, so its proposals show.
        kept = kept.map { TeamNames.line($0, team: base.team?.name, players: base.lobby?.players ?? [], width: size.width) }
        // The restart's countdown is drawn live in the middle.
        if base.restartingUntil != nil { kept = nil }
        let reconnecting = ShellScreen.lostStatus(base)
        let result = holdingResult ? game?.gameOver.map { Self.resultLine(summary: $0.summary, next: nextLine) } : nil
        // The room's message, unless the room's own screen shows it already (under its headline).
        let roomDrawn = !showingGame && !showingHelp && !showingJoinCode && base.reconnecting == nil
        let roomNews = (showingGame && !holdingResult) || roomDrawn ? nil : room.room?.message
        let line = ShellScreen.statusLine([asking ? quitQuestion : nil, kept, reconnecting, result, roomNews], shown: canvas)
        canvas.put(line.fitted(toWidth: size.width), x: 0, y: size.height - 2, style: TextStyle(bold: true))
        canvas.put(keyLine.fittedHelp(toWidth: size.width), x: 0, y: size.height - 1, style: TextStyle(dim: true))
        terminal.draw(canvas)
    }

    /// While we watch the game on screen and predictions are open: "Who wins?" with every choice
    /// and its digit, in at most `maxLines` lines of `width` columns (names shortened first).
    func watcherQuestion(width: Int, maxLines: Int) -> [String] {
        guard maxLines > 0, showingGame, !holdingResult, base.reconnecting == nil, !showingHelp, game?.spectating == true,
              let predictions = base.predictions else { return [] }
        return PredictionLines.lines(predictions, mine: base.prediction?.game == predictions.game ? base.prediction : nil,
                                     width: width, maxLines: maxLines)
    }

    /// Our judged prediction ("You said Bob — right! +50") while the ended game's final board is
    /// held; the room's screen shows it with the last game's result after that.
    var verdict: String? {
        guard holdingResult, showingGame, !showingHelp, base.reconnecting == nil, let mine = base.prediction, mine.right != nil else { return nil }
        return mine.message
    }

    /// The room's columns beside the join panel: its headline, the menu with votes, the scoreboard.
    static let roomContentWidth = 64

    /// Whether the join panel stands beside the room on a terminal of `size`.
    func joinPanelFits(_ size: TerminalSize) -> Bool {
        join?.fitsBeside(width: size.width, height: max(0, size.height - 3), contentWidth: Self.roomContentWidth) == true
    }

    /// The line under a held result: how the game ended, then what the room does meanwhile
    /// ("Alice wins, 3 suns to 1 — next: Game 2: vote for the next game").
    static func resultLine(summary: String, next: String) -> String {
        var summary = summary
        while summary.last == "." || summary.last == " " { summary.removeLast() }
        return "\(summary) — next: \(next)"
    }

    /// What the room does meanwhile, for the line under a held result.
    var nextLine: String {
        RoomPainter.headline(room, viewer: RoomPainter.Viewer(member: room.you, host: isHost, cursor: nil))
    }
}
