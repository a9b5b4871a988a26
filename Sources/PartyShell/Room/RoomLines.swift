import PartyClient
import PartyKit
import PartyWire

/// Line mode of a party room: the room's news as lines (the menu when a game is being chosen,
/// votes, the pick, results and the scoreboard), commands and moves read line by line.
struct RoomLines {
    let connection: PartySession
    let games: [String: any PartyGame.Type]
    var base: TableState<JSONValue>
    var room = RoomState()
    var game: (any RoomGameTable)?
    var lastView = ""
    var lastLobbyLine = ""

    init(connection: PartySession, welcome: Welcome, games: [any PartyGame.Type]) {
        self.connection = connection
        self.games = Dictionary(games.map { ($0.descriptor.id, $0) }, uniquingKeysWith: { a, _ in a })
        base = TableState(welcome: welcome)
    }

    static func say(_ line: String) { Console.say(line) }

    /// Runs until the person types quit, input ends, or the session ends; returns why it ended.
    mutating func run() async -> String {
        let welcome = base.welcome
        let place = welcome.role == "spectator" ? "watching" : "a player"
        Self.say("Joined \(welcome.sessionName) (party room) as \(welcome.name), \(place). Type help for commands.")
        let events = connection.events
        return await withTaskGroup(of: Void.self) { group in
            let (inputs, feed) = ShellInput.merge(into: &group, events: events, terminal: nil)
            var outcome = base.me?.host == true ? "You ended the party." : "You left the party."
            loop: for await input in inputs {
                switch input {
                case .event(let event):
                    if let why = apply(event) {
                        outcome = why
                        break loop
                    }
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

    /// Applies an event and prints what it says; returns why the session ended, if it did.
    mutating func apply(_ event: ClientEvent) -> String? {
        let change = base.apply(event)
        if case .closed(let why) = change {
            // `ended` brings the final scoreboard; RoomShell puts it before the last word.
            room.apply(event)
            return why
        }
        let previous = room.room
        let roomChange = room.apply(event)
        for line in Self.news(roomChange, room: room, previous: previous, host: base.me?.host == true) { Self.say(line) }
        if roomChange == .state, let current = room.current, game?.gameID != current.game || room.phase == "starting" {
            game = RoomShell.table(for: current.game, title: current.title, games: games, welcome: base.welcome, lobby: base.lobby)
            lastView = ""
        }
        if var table = game {
            let gameChange = table.apply(event)
            game = table
            switch gameChange {
            case .view:
                if let text = table.describe(), text != lastView {
                    lastView = text
                    Self.say(text)
                }
            case .gameOver:
                lastView = ""
                Self.say("Game over: \(table.gameOver?.summary ?? "")")
            default:
                break
            }
        }
        switch change {
        case .notice(let text):
            Self.say("! \(text)")
        case .lobby:
            if let lobby = base.lobby {
                let names = lobby.players.map { "\($0.label)\($0.watching == true ? " (watching)" : "")\($0.connected ? "" : " (reconnecting)")" }
                let spectators = lobby.spectators > 0 ? " (\(lobby.spectators) spectating)" : ""
                let line = "In the room: \(names.joined(separator: ", "))\(spectators)"
                if line != lastLobbyLine {
                    lastLobbyLine = line
                    Self.say(line)
                }
            }
        default:
            break
        }
        return nil
    }

    /// The lines a room message brings, given the one before it; `host`: we are the host's player.
    static func news(_ change: RoomState.Change, room: RoomState, previous: RoomMessage?, host: Bool = false) -> [String] {
        guard let message = room.room, change != .none else { return [] }
        var lines: [String] = []
        let viewer = RoomPainter.Viewer(member: room.you, host: host, cursor: nil)
        switch change {
        case .state:
            if message.state == "choosing", let last = message.last, last != previous?.last {
                lines.append(RoomPainter.resultLine(last))
                lines += ["Scoreboard:"] + scoreLines(message.scoreboard, you: room.you)
            }
            lines.append(RoomPainter.sentence(RoomPainter.headline(room, viewer: viewer)))
            if message.state == "choosing" {
                lines += menuLines(room)
                if room.you != nil, message.choice == "playlist", let proposal = message.proposal,
                   let index = message.menu.firstIndex(where: { $0.id == proposal }) {
                    lines.append("Type vote \(proposal) (or vote \(index + 1)) to start it.")
                } else if room.you != nil, message.choice != "host" || host {
                    lines.append(message.choice == "host" ? "Type vote and a game's name or number to choose it (vote snap, vote 2)."
                                                          : "Type vote and a game's name or number (vote snap, vote 2).")
                }
            }
            if let current = room.current { lines.append(RoomPainter.sentence(RoomPainter.lineup(current, room: room, you: room.you))) }
            if !message.message.isEmpty { lines.append("Room: \(message.message)") }
        case .updated:
            if message.votes != previous?.votes || message.waitingFor != previous?.waitingFor {
                lines.append(votesLine(room))
            }
            if message.message != previous?.message, !message.message.isEmpty { lines.append("Room: \(message.message)") }
            if message.menu.map(\.playable) != previous?.menu.map(\.playable) { lines += menuLines(room) }
        case .countdown:
            if previous?.countdownMs == nil, let seconds = room.countdownSeconds(), message.state == "choosing" {
                lines.append("The vote closes in \(seconds) s.")
            }
        case .none:
            break
        }
        return lines
    }

    /// The menu, numbered: "2. Snap! — 2–4 players, playable — 1 vote: Bob".
    static func menuLines(_ room: RoomState) -> [String] {
        room.menu.enumerated().map { index, entry in
            let voters = room.voters(for: entry.id)
            let votes = voters.isEmpty ? "" : " — \(voters.count) vote\(voters.count == 1 ? "" : "s"): \(voters.joined(separator: ", "))"
            return "  \(index + 1). \(entry.title) — \(entry.requirement), \(entry.playable ? "playable" : "not playable now")\(votes)"
        }
    }

    /// The votes and who is awaited: "Votes: Alice → Snap!, Bob → Snap!; waiting for Cy."
    static func votesLine(_ room: RoomState) -> String {
        let votes = room.votes.map { "\($0.name) → \(room.title(of: $0.game))" }
        let waiting = room.room?.waitingFor ?? []
        let cast = votes.isEmpty ? "Votes: none yet" : "Votes: \(votes.joined(separator: ", "))"
        return cast + (waiting.isEmpty ? "." : "; waiting for \(waiting.joined(separator: ", ")).")
    }

    /// The scoreboard as lines: "  1. Bob — 16 points, 2 games, 1 win".
    static func scoreLines(_ scoreboard: [RoomScoreLine], you: Int?) -> [String] {
        if scoreboard.isEmpty { return ["  (nobody has played yet)"] }
        return scoreboard.map { line in
            let left = line.present ? "" : " (left)"
            let mine = line.member == you ? " (you)" : ""
            return "  \(line.place). \(line.label)\(mine)\(left) — \(line.points) point\(line.points == 1 ? "" : "s"), "
                + "\(line.played) game\(line.played == 1 ? "" : "s"), \(line.wins) win\(line.wins == 1 ? "" : "s")"
        }
    }

    /// Handles one typed line; false means leave.
    mutating func handle(_ raw: String) -> Bool {
        let line = raw.trimmingWhitespace()
        let lower = line.lowercased()
        let words = lower.split(separator: " ", maxSplits: 1).map(String.init)
        switch words.first ?? "" {
        case "q", "quit", "exit", "leave":
            return false
        case "help", "?":
            Self.say("Room commands: vote GAME (a name or menu number: vote snap, vote 2), menu, scores, start (host: now), quit, help.")
            if room.youAreVIP { Self.say("You are the VIP: remove NAME (removes a player), end party (ends it for everyone).") }
            if let game { Self.say("Moves in \(room.title(of: game.gameID)): \(game.lineHelp)") }
            return true
        case "scores", "score", "scoreboard":
            if let last = room.last { Self.say(RoomPainter.resultLine(last)) }
            Self.say("Scoreboard:")
            Self.scoreLines(room.scoreboard, you: room.you).forEach(Self.say)
            return true
        case "menu":
            Self.say(RoomPainter.sentence(RoomPainter.headline(room, viewer: RoomPainter.Viewer(member: room.you, host: base.me?.host == true,
                                                                                                 cursor: nil))))
            Self.menuLines(room).forEach(Self.say)
            if room.phase == "choosing" { Self.say(Self.votesLine(room)) }
            return true
        case "vote":
            vote(words.count > 1 ? words[1] : "")
            return true
        case "remove":
            remove(words.count > 1 ? String(line.dropFirst(6)).trimmingWhitespace() : "")
            return true
        case "end" where words.count > 1 && words[1] == "party":
            if room.youAreVIP {
                connection.send(EndParty())
            } else {
                Self.say("! Only the VIP can end the party.")
            }
            return true
        case "start" where room.phase != "playing":
            connection.send(Start())
            return true
        case "r" where !(game?.playing ?? false), "rematch" where !(game?.playing ?? false):
            Self.say("! In a party room, vote for the next game (the same one again if you like): vote \(game?.gameID ?? "snap").")
            return true
        default:
            break
        }
        if base.isReconnecting {
            if !line.isEmpty { Self.say("! Reconnecting to the host: nothing is sent until it answers (q leaves).") }
            return true
        }
        guard let game, room.phase == "playing", game.playing else {
            if !line.isEmpty { Self.say("! \(idleAnswer)") }
            return true
        }
        switch game.read(line) {
        case .success(let message): connection.send(message)
        case .failure(let error): Self.say("! \(error.message)")
        }
        return true
    }

    /// Asks the host to remove the member named `name` (the VIP only), or says why not.
    func remove(_ name: String) {
        if !room.youAreVIP { return Self.say("! Only the VIP can remove a player.") }
        if name.isEmpty { return Self.say("! Remove whom? remove NAME (as the scoreboard shows it).") }
        guard let member = room.presentMember(named: name) else { return Self.say("! Nobody in the room is called \(name).") }
        if member.member == room.you { return Self.say("! You cannot remove yourself; quit to leave the party.") }
        connection.send(Remove(member: member.member))
    }

    /// Sends a vote for the game `text` names, or says why not.
    func vote(_ text: String) {
        if base.welcome.role == "spectator" { return Self.say("! You are watching; spectators do not vote.") }
        if room.phase != "choosing" {
            return Self.say("! \(RoomShell.notChoosing(room))")
        }
        switch room.entry(named: text) {
        case .success(let entry):
            connection.send(Vote(game: entry.id))
        case .failure(let error):
            Self.say("! \(error.message)")
        }
    }

    /// The answer to a line that is no command while no game of ours runs.
    var idleAnswer: String {
        switch room.phase {
        case "starting": return "\(room.current?.title ?? "The game") is about to start; wait for it."
        case "playing": return game?.spectating == true ? "You are watching this game; you play from the next one on." : "The game is starting; wait for the board."
        default: return "No game is on: vote for the next one (vote snap, vote 2; menu shows the games)."
        }
    }
}
