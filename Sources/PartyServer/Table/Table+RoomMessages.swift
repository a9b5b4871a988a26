import PartyKit
import PartyWire

extension Table {
    /// `choosing`, `starting` (a game is picked) or `playing`.
    var roomState: String {
        if phase == .playing { return "playing" }
        return room?.plan != nil ? "starting" : "choosing"
    }

    /// Sends every player and spectator the room as it is now (nothing at a locked table).
    mutating func broadcastRoom() {
        guard !ended, let message = roomMessage() else { return }
        lastRoomBroadcast = now
        for player in players where player.connected {
            var mine = message
            mine.you = player.member
            if player.isHost { mine.rights = vipRights.map(\.rawValue) }
            send(mine, to: player.peer)
        }
        sendToSpectators(message)
    }

    /// The room as everyone sees it (`you` is set per receiver).
    func roomMessage() -> RoomMessage? {
        guard let room else { return nil }
        let now = now
        let state = roomState
        let names = Dictionary(room.members.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        var tally: [String: Int] = [:]
        for game in room.votes.values { tally[game, default: 0] += 1 }
        let menu = room.menu.map {
            RoomMenuEntry(id: $0.id, title: $0.title, minPlayers: $0.minPlayers, maxPlayers: $0.maxPlayers, playable: room.playable($0),
                          requirement: PartyRoom.requirement($0), votes: tally[$0.id] ?? 0)
        }
        let votes = room.voteOrder.compactMap { member in
            room.votes[member].map { RoomVote(member: member, name: names[member] ?? "?", game: $0) }
        }
        let choosing = state == "choosing"
        let waiting = choosing ? room.voters.filter { room.votes[$0.id] == nil }.map(\.name) : []
        var countdown: Int64?
        if let due = choosing ? room.deadline : state == "starting" ? startsAt : nil {
            countdown = max(0, due.milliseconds(since: now))
        }
        var game: RoomGame?
        if state == "starting", let plan = room.plan {
            game = RoomGame(game: plan.game, title: room.descriptor(plan.game)?.title ?? plan.game, players: plan.players,
                            watchers: room.members.map(\.id).filter { !plan.players.contains($0) }, teams: plan.teams)
        } else if state == "playing" {
            game = play?.current
        }
        return RoomMessage(state: state, choice: choiceName, number: room.gameNumber, menu: menu, votes: votes, waitingFor: waiting,
                           countdownMs: countdown, proposal: room.proposal, current: game,
                           message: choosing ? choosingText(voted: votes.count) : announcement ?? "",
                           scoreboard: scoreboardLines(), last: results.last, you: nil,
                           vip: players.first(where: \.isHost)?.member)
    }

    /// `vote`, `host` or `playlist`.
    var choiceName: String {
        switch room?.choice {
        case .host: "host"
        case .playlist: "playlist"
        default: "vote"
        }
    }

    /// What the room waits for while choosing.
    func choosingText(voted: Int) -> String {
        guard let room else { return "" }
        switch room.choice {
        case .host:
            if let host = room.members.first(where: \.isHost) { return "\(host.name) (the host) chooses the next game." }
            if room.hostSeatReserved { return "The host chooses the next game; waiting for the host's player to sit down." }
        case .playlist:
            guard let proposal = room.proposal, let game = room.descriptor(proposal) else {
                return "Nobody here can play any game on the playlist yet; waiting for more players."
            }
            return "Next on the playlist: \(game.title) — vote for it to start."
        case .vote:
            break
        }
        let voters = room.voters.count
        guard voters > 0 else { return "Waiting for players to join." }
        return "Vote for the next game: \(voted) of \(voters) ha\(voted == 1 ? "s" : "ve") voted."
    }

    /// The party scoreboard, best first; equal points, wins and games share a place.
    func scoreboardLines() -> [RoomScoreLine] {
        guard let room else { return [] }
        let present = Set(room.members.map(\.id) + (hostMember.map { [$0] } ?? []))
        var lines: [RoomScoreLine] = []
        var previous: RoomScore?
        for (offset, score) in room.standings.enumerated() {
            var place = offset + 1
            if let previous, let last = lines.last, previous.points == score.points, previous.wins == score.wins,
               previous.played == score.played {
                place = last.place
            }
            lines.append(RoomScoreLine(place: place, member: score.member, name: score.name, points: score.points, played: score.played,
                                       wins: score.wins, present: present.contains(score.member),
                                       bot: score.isBot ? true : nil, level: score.level))
            previous = score
        }
        return lines
    }

    /// The lobby's line in a room: the game on, or what the room waits for.
    func roomLobbyMessage() -> String {
        if phase == .playing, let current = play?.current { return "\(current.title) is on." }
        if let announcement { return announcement }
        return choosingText(voted: room?.votes.count ?? 0)
    }

    /// The evening so far: every finished game and the scoreboard.
    func report() -> RoomReport {
        RoomReport(sessionName: options.sessionName, session: sessionID, games: results, standings: scoreboardLines())
    }
}
