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

    init(connection: PartySession, welcome: Welcome, terminal: Terminal, color: Bool, banner: String?) {
        self.connection = connection
        self.banner = banner
        self.terminal = terminal
        self.color = color
        table = TableState(welcome: welcome)
    }

    /// Runs until the person leaves or the session ends; returns why it ended.
    mutating func run() async -> String {
        let (inputs, feed) = AsyncStream<ShellInput>.makeStream()
        let connection = self.connection
        let terminal = self.terminal
        return await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await event in connection.events { feed.yield(.event(event)) }
            }
            group.addTask {
                for await event in terminal.events { feed.yield(.terminal(event)) }
            }
            group.addTask {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(100))
                    if case .terminated = feed.yield(.tick) { return }
                }
            }
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
            game = table.game
            presenter = Game.Presenter()
            status = nil
        }
        switch change {
        case .notice(let text): status = text
        case .gameOver: status = nil
        case .view, .lobby: statusOutdated = true
        default: break
        }
    }

    /// Reacts to a key; false means leave.
    mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character("q"), .character("Q"), .control("c"), .control("d"):
            return false
        default:
            break
        }
        let phase = self.phase
        if phase == "over" || (phase == "lobby" && table.gameOver != nil) {
            if key == .character("r") || key == .character("R") {
                connection.send(Rematch())
                status = "Rematch asked; waiting for the others…"
                return true
            }
        }
        if table.spectating {
            status = "You are watching; spectators cannot play."
            return true
        }
        if phase == "lobby" {
            switch key {
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
        case .none, .redraw:
            break
        case .send(let move):
            connection.send(MoveMessage(move: move))
            status = nil
        case .message(let text):
            status = text
        }
        return true
    }

    /// The table's state as the screen shows it: a game whose result arrived is over, even before
    /// the lobby update that says so.
    var phase: String {
        let state = table.lobby?.state ?? "lobby"
        return state == "playing" && table.gameOver != nil ? "over" : state
    }

    var context: PresenterContext {
        PresenterContext(seat: table.viewerSeat, names: table.names, elapsedMilliseconds: table.elapsedMilliseconds, color: color)
    }

    func draw() {
        let size = Terminal.size
        var canvas = Canvas(width: size.width, height: size.height)
        ShellScreen.drawTitle(on: &canvas, table: table, banner: banner, color: color)
        let phase = self.phase
        let area = (y: 1, height: max(0, size.height - 3))
        if let view = table.view, phase == "playing" || phase == "over" {
            var gameCanvas = Canvas(width: size.width, height: area.height)
            presenter.draw(view, context: context, on: &gameCanvas)
            canvas.paste(gameCanvas, x: 0, y: area.y)
        } else {
            ShellScreen.drawLobby(on: &canvas, table: table, top: area.y, height: area.height, color: color,
                                  howToPlay: Game.descriptor.howToPlay)
        }
        let help: String
        switch phase {
        case _ where table.spectating: help = "watching · q leave"
        case "playing": help = presenter.keyHelp.contains("q leave") ? presenter.keyHelp : presenter.keyHelp + " · q leave"
        case "over": help = "r rematch · q leave"
        default: help = (table.me?.host == true ? "Enter ready · s start · " : "Enter ready · ") + (table.gameOver != nil ? "r rematch · " : "") + "q leave"
        }
        let fresh = statusOutdated && ContinuousClock.now - statusSince >= .seconds(5) ? nil : status
        let line = fresh ?? table.gameOver?.summary ?? table.lobby?.message ?? ""
        canvas.put(line.fitted(toWidth: size.width), x: 0, y: size.height - 2, style: TextStyle(bold: true))
        canvas.put(help.fittedHelp(toWidth: size.width), x: 0, y: size.height - 1, style: TextStyle(dim: true))
        terminal.draw(canvas)
    }
}
