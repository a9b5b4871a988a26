import PartyClient
import PartyKit
import PartyTerminal
import PartyWire

/// The full-screen client: a title bar, the game (or the lobby), a status line and a key line.
struct FullScreenShell<Game: PartyGame> {
    let connection: PartySession
    let terminal: Terminal
    let color: Bool
    let banner: String?
    var table: TableState<Game.Rules.View>
    var presenter = Game.Presenter()
    /// A line for the person (a refused move, someone leaving). It stays for at least a few seconds
    /// and then until the game moves on (a new view or table state): redrawing, as after a resize,
    /// never loses it.
    var status: String? {
        didSet { statusSince = .now; statusOutdated = false }
    }
    var statusSince = ContinuousClock.now
    /// Whether a view or table state arrived after the status line was set.
    var statusOutdated = false
    var game = 0
    var news = LobbyNews()
    /// When the host's player pressed `q` while others were there; a second `q` soon after ends the session.
    var quitAskedAt: ContinuousClock.Instant?
    /// The join URL and QR code, on the host's own screen only.
    var join: JoinCard?
    /// The host process's own notices, when this is the host's player.
    var hostNotices: HostNotices?
    /// Whether the join QR code fills the screen (until a key).
    var showingJoinCode = false

    init(connection: PartySession, welcome: Welcome, terminal: Terminal, color: Bool, banner: String?, notice: String? = nil) {
        self.connection = connection
        self.banner = banner
        self.terminal = terminal
        self.color = color
        table = TableState(welcome: welcome)
        status = notice
    }

    /// Runs until the person leaves or the session ends; returns why it ended.
    mutating func run() async -> String {
        let events = connection.events
        let terminal = self.terminal
        return await withTaskGroup(of: Void.self) { group in
            let (inputs, feed) = ShellInput.merge(into: &group, events: events, terminal: terminal)
            var lastDraw = ContinuousClock.now
            draw()
            var outcome = "You left the session."
            loop: for await input in inputs {
                switch input {
                case .event(let event):
                    let change = table.apply(event)
                    if case .closed(let why) = change {
                        outcome = why
                        break loop
                    }
                    noteChange(change)
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
                    // Redraw only as often as the game needs (countdowns, animations).
                    let interval = table.view.flatMap { presenter.refreshInterval(for: $0) } ?? 1000
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

    /// Keeps the status line in step with what the host said.
    mutating func noteChange(_ change: TableState<Game.Rules.View>.Change) {
        if table.game != game {
            // A new game clears the last one's notices; the first view keeps what was said on joining.
            if game != 0 { status = nil }
            game = table.game
            presenter = Game.Presenter()
        }
        switch change {
        case .notice(let text): status = text
        case .gameOver: status = nil
        case .view:
            statusOutdated = true
        case .lobby:
            statusOutdated = true
            let sentences = news.sentences(for: table.lobby, you: table.viewerSeat?.index, rematchHint: "r to play again")
            if let last = sentences.last { status = last }
        default: break
        }
    }

    /// Reacts to a key; false means leave.
    mutating func handle(_ key: Key) -> Bool {
        if let asked = quitAskedAt {
            quitAskedAt = nil
            if ContinuousClock.now - asked < Self.quitQuestionLifetime, key == .character("q") || key == .character("Q") || key == .character("y") {
                return false
            }
            status = "The session goes on."
            return true
        }
        if showingJoinCode {
            // Any key puts the lobby back; a game that started meanwhile gets the key.
            showingJoinCode = false
            if phase == "lobby", key != .control("c"), key != .control("d") { return true }
        }
        // Half-typed text (a TwentyFour expression) owns every character key: no letter is a command then.
        let typing = table.playing && table.view.map { presenter.isTypingText($0) } == true
        switch key {
        case .control("c"), .control("d"):
            return false
        case .character("q") where !typing, .character("Q") where !typing:
            guard table.me?.host == true, othersPresent else { return false }
            quitAskedAt = .now
            status = Self.quitQuestion
            return true
        default:
            break
        }
        if table.isReconnecting {
            status = "Reconnecting to the host: nothing is sent until it answers (q leaves)."
            return true
        }
        let phase = self.phase
        if !typing, phase == "over" {
            if key == .character("r") || key == .character("R") {
                connection.send(Rematch())
                status = "Rematch asked; waiting for the others…"
                return true
            }
        }
        if case .character(let typed) = key, let number = typed.wholeNumberValue, let predict = table.predict(number: number) {
            connection.send(predict)
            return true
        }
        if table.spectating {
            status = "You are watching; spectators cannot play."
            return true
        }
        if phase == "lobby" {
            switch key {
            case JoinCard.key where join != nil:
                showingJoinCode = true
            case .enter, .character(" "):
                connection.send(Ready(ready: !(table.me?.ready ?? false)))
            case .character("s"), .character("S"):
                if table.me?.host == true { connection.send(Start()) } else { status = "Only the host starts the game." }
            default:
                break
            }
            return true
        }
        guard phase == "playing", let view = table.view else { return true }
        switch presenter.handle(key, view: view, context: context) {
        case .none:
            if let hint = UnusedKey.message(for: key, keyHelp: presenter.keyHelp) { status = hint }
        case .redraw:
            break
        case .send(let move):
            connection.send(MoveMessage(move: move))
            status = nil
        case .message(let text):
            status = text
        }
        return true
    }

    /// The question the host's player gets for `q` while others are at the table.
    static var quitQuestion: String { "Others are here: q again ends it for all." }
    /// How long a second `q` counts as the answer.
    static var quitQuestionLifetime: Duration { .seconds(10) }

    /// Whether anyone besides us (and bots) would lose the session: another person seated, or a spectator.
    var othersPresent: Bool {
        let players = table.lobby?.players ?? table.welcome.players
        return players.contains { $0.seat != table.seat.index && !$0.bot } || (table.lobby?.spectators ?? 0) > 0
    }

    /// The table's state as the screen shows it: a game whose result arrived is over, even before
    /// the lobby update that says so.
    var phase: String {
        let state = table.lobby?.state ?? "lobby"
        return state == "playing" && table.gameOver != nil ? "over" : state
    }

    var context: PresenterContext {
        PresenterContext(seat: table.viewerSeat, names: table.names, elapsedMilliseconds: table.elapsedMilliseconds, color: color,
                         reconnecting: table.reconnectingSeconds())
    }

    /// While the connection is down: no board (and no "Your turn"), only what is going on.
    func drawReconnecting(on canvas: inout Canvas, since: ContinuousClock.Instant, top: Int, height: Int) {
        let lines = ShellScreen.lostLines(table, since: since)
        let y = top + max(0, (height - lines.count) / 2)
        for (index, line) in lines.enumerated() {
            canvas.putCentered(line, y: y + index, style: index == 0 ? TextStyle(bold: true) : .plain)
        }
    }

    func draw() {
        let size = Terminal.size
        var canvas = Canvas(width: size.width, height: size.height)
        ShellScreen.drawTitle(on: &canvas, table: table, banner: banner, color: color)
        let phase = self.phase
        let area = (y: 1, height: max(0, size.height - 3))
        var panelShown = false
        var questionShown = false
        if let lost = table.reconnecting {
            drawReconnecting(on: &canvas, since: lost.since, top: area.y, height: area.height)
        } else if let view = table.view, phase == "playing" || phase == "over" {
            // A watcher's open question takes the rows above the status line, every choice in sight.
            let question = table.spectating && phase == "playing" ? table.predictions.map {
                PredictionLines.lines($0, mine: table.prediction?.game == $0.game ? table.prediction : nil, width: size.width,
                                      maxLines: max(0, min(3, size.height - 8)))
            } ?? [] : []
            var gameCanvas = Canvas(width: size.width, height: max(0, area.height - question.count))
            var context = self.context
            context.names = TeamNames.fitted(context.names, players: table.lobby?.players ?? [], width: size.width)
            presenter.draw(view, context: context, on: &gameCanvas)
            canvas.paste(gameCanvas, x: 0, y: area.y)
            for (index, text) in question.enumerated() {
                canvas.put(text, x: 0, y: area.y + gameCanvas.height + index, width: size.width, style: TextStyle(bold: index == 0))
            }
            questionShown = !question.isEmpty
        } else if showingJoinCode, phase == "lobby", let join {
            var inner = Canvas(width: size.width, height: area.height)
            join.drawFullScreen(on: &inner)
            canvas.paste(inner, x: 0, y: area.y)
        } else {
            panelShown = ShellScreen.drawLobby(on: &canvas, table: table, top: area.y, height: area.height, color: color,
                                               howToPlay: Game.descriptor.howToPlay, rules: Game.descriptor.rules, join: join)
        }
        let joinKey = join != nil && !panelShown
        let help = table.isReconnecting ? "reconnecting… · q leave"
            : showingJoinCode && join != nil && phase == "lobby" ? "any key: back to the lobby"
            : ShellScreen.keyLine(table: table, phase: phase, gameKeys: presenter.keyHelp, joinKey: joinKey)
        let asking = quitAskedAt.map { ContinuousClock.now - $0 < Self.quitQuestionLifetime } == true
        var kept = statusOutdated && ContinuousClock.now - statusSince >= .seconds(5) ? nil : status
        // The question's one-line form gives way to its lines; the restart's countdown is drawn live.
        if questionShown, kept?.hasPrefix("Who wins?") == true { kept = nil }
        if table.restartingUntil != nil { kept = nil }
        // A team's line names the team shortened, so its proposals show.
        kept = kept.map { TeamNames.line($0, team: table.team?.name, players: table.lobby?.players ?? [], width: size.width) }
        let fresh = asking ? Self.quitQuestion : kept
        let reconnecting = ShellScreen.lostStatus(table)
        let line = ShellScreen.statusLine([fresh, reconnecting, table.gameOver?.summary, table.lobby?.message], shown: canvas)
        canvas.put(line.fitted(toWidth: size.width), x: 0, y: size.height - 2, style: TextStyle(bold: true))
        canvas.put(help.fittedHelp(toWidth: size.width), x: 0, y: size.height - 1, style: TextStyle(dim: true))
        terminal.draw(canvas)
    }
}
