import Foundation
import PartyClient
import PartyKit
import PartyWire

/// The plain client for scripts and dumb terminals: one line per update on standard output,
/// commands and moves read line by line from standard input.
struct LineShell<Play: LinePlay> {
    let connection: PartySession
    var table: TableState<Play.View>
    let play: Play
    var lastLobbyLine = ""
    var lastView = ""
    var news = LobbyNews()

    init(connection: PartySession, welcome: Welcome, play: Play) {
        self.connection = connection
        self.play = play
        table = TableState(welcome: welcome)
    }

    /// Writes one line straight to standard output (no buffering: scripts read it at once, and
    /// no stdio lock shared with the thread waiting for input).
    static func say(_ line: String) {
        Console.say(line)
    }

    /// Runs until the person types quit, input ends, or the session ends; returns why it ended.
    mutating func run() async -> String {
        let place = table.welcome.seat.map { "seat \($0 + 1)" } ?? "watching"
        Self.say("Joined \(table.welcome.sessionName) (\(table.welcome.title)) as \(table.welcome.name), \(place). Type help for commands.")
        let events = connection.events
        return await withTaskGroup(of: Void.self) { group in
            let (inputs, feed) = ShellInput.merge(into: &group, events: events, terminal: nil)
            var outcome = "You left the session."
            loop: for await input in inputs {
                switch input {
                case .event(let event):
                    let change = table.apply(event)
                    if case .closed(let why) = change {
                        // The caller prints it, once: the session's last word is one sentence.
                        outcome = why
                        break loop
                    }
                    report(change)
                case .line(let line?):
                    if handle(line) == false { break loop }
                case .line(nil):
                    break loop
                case .terminal, .tick:
                    continue
                }
            }
            feed.finish()
            group.cancelAll()
            return outcome
        }
    }

    /// Prints what an event changed.
    mutating func report(_ change: TableState<Play.View>.Change) {
        switch change {
        case .none:
            return
        case .lobby:
            guard let lobby = table.lobby else { return }
            let players = lobby.players.map {
                "\($0.label)\($0.ready ? " (ready)" : "")\($0.rematch ? " (rematch)" : "")\($0.connected ? "" : " (reconnecting)")"
            }
            let watching = lobby.spectators > 0 ? " (\(lobby.spectators) watching)" : ""
            let line = "Table [\(lobby.state)]: \(players.joined(separator: ", "))\(watching) — \(lobby.message)"
            if line != lastLobbyLine {
                lastLobbyLine = line
                Self.say(line)
            }
            for sentence in news.sentences(for: lobby, you: table.viewerSeat?.index, rematchHint: "type r to play again") {
                Self.say("! \(sentence)")
            }
        case .view:
            guard let view = table.view else { return }
            let text = play.describe(view, table: table)
            guard text != lastView else { return }
            lastView = text
            Self.say(text)
        case .notice(let text):
            Self.say("! \(text)")
        case .gameOver:
            lastView = ""
            Self.say("Game over: \(table.gameOver?.summary ?? "")  (type r for a rematch, q to leave)")
        case .closed(let why):
            Self.say("Session over: \(why)")
        }
    }

    /// Handles one typed line; false means leave.
    func handle(_ raw: String) -> Bool {
        let line = raw.trimmingWhitespace()
        switch line.lowercased() {
        case "q", "quit", "exit", "leave":
            return false
        case "help", "?":
            Self.say("Commands: ready, unready, start (host), r/rematch, q/quit, help. Moves: \(play.help). Watching: a seat's number predicts the winner.")
            return true
        // While a game runs these words are the game's (Snap's deal is confirmed with "ready").
        case "ready" where !table.playing:
            connection.send(Ready(ready: true))
            return true
        case "unready" where !table.playing:
            connection.send(Ready(ready: false))
            return true
        case "start" where !table.playing:
            connection.send(Start())
            return true
        case "r", "rematch":
            if table.lobby?.state == "lobby", table.gameOver != nil {
                // The others left after the game: the table waits for players, not for a rematch.
                Self.say("! Nobody is left for a rematch: type ready for the next game when players join.")
            } else {
                connection.send(Rematch())
            }
            return true
        default:
            break
        }
        if table.isReconnecting {
            if !line.isEmpty { Self.say("! Reconnecting to the host: nothing is sent until it answers (q leaves).") }
            return true
        }
        if table.spectating, let number = Int(line.hasPrefix("p ") ? String(line.dropFirst(2)) : line) {
            // A watcher predicts the winner by the seat's number.
            if let predict = table.predict(number: number) {
                connection.send(predict)
            } else {
                Self.say("! Predictions are not open now.")
            }
            return true
        }
        if table.spectating {
            if !line.isEmpty { Self.say("! You are watching; spectators cannot move.") }
            return true
        }
        guard table.playing, let view = table.view else {
            if !line.isEmpty { Self.say("! \(idleAnswer)") }
            return true
        }
        switch play.read(line, view: view, table: table) {
        case .success(let message):
            connection.send(message)
        case .failure(let error):
            let lobbyWord = ["ready", "unready", "start"].contains(line.lowercased())
            Self.say("! \(lobbyWord ? "A game is running: " : "")\(error.message)")
        }
        return true
    }

    /// The answer to a move typed while no game runs: what to type instead.
    var idleAnswer: String {
        let state = table.lobby?.state ?? "lobby"
        if state == "over" || (state == "playing" && table.gameOver != nil) {
            return "The game is over: type r (or rematch) to play again, q to leave."
        }
        if state == "playing" { return "The game is starting; wait for the board." }
        let starting = table.me?.host == true ? "type ready (or start)" : "type ready"
        return (table.lobby?.gamesPlayed ?? 0) > 0
            ? "No game is running: \(starting) for the next one."
            : "No game is running yet: \(starting)."
    }
}
