import PartyKit
import PartyWire

extension Table {
    // MARK: Members

    /// A newcomer sat down in the room: a member of it from now on. During a game they join it
    /// when it takes players mid-game and has room, and watch it otherwise; a member who left the
    /// running game and came back watches it too (their old seat keeps their result in it, and a
    /// second seat would list them twice in its standings).
    mutating func memberArrived(_ player: TablePlayer) {
        room?.join(RoomMember(id: player.member, name: player.name, isBot: player.isBot, isHost: player.isHost, level: player.level))
        if player.isHost, room != nil { hostMember = player.member }
        guard phase == .playing, let running = game, let index = players.firstIndex(where: { $0.member == player.member }) else {
            broadcastLobby()
            broadcastRoom()
            return
        }
        players[index].plainText = wantsPlainText(player.games)
        let seated = players.filter { !$0.watching && seatsInGame.contains($0.seat) }.count
        let playedIt = play?.seatMembers.values.contains { $0.contains(player.member) } == true
        if options.teams, !playedIt, !player.isBot, !teamNames.isEmpty || seated >= running.descriptor.maxPlayers && !running.descriptor.joinInProgress,
           let team = smallestTeam() {
            // A game played by teams (or full, with teams on): the newcomer joins the smallest team.
            changePlay { $0.seatMembers[team, default: []].append(player.member) }
            changePlay { $0.current?.players.append(player.member) }
            let seatMembers = play?.seatMembers ?? [:]
            let teams = seatsInGame.sorted().map { seatMembers[$0] ?? [] }
            changePlay { $0.current?.teams = teams }
            // The room (which names the game on) goes before the view, so that a page draws the
            // newcomer's first view with the game's own presenter.
            broadcastRoom()
            joinTeam(team, member: player.member)
        } else if running.descriptor.joinInProgress && seated < running.descriptor.maxPlayers && !playedIt {
            changePlay { $0.seats.insert(player.seat) }
            changePlay { $0.seatMembers[player.seat] = [player.member] }
            changePlay { $0.current?.players.append(player.member) }
            gameJoin(seat: player.seat, name: player.name)
            broadcastLobby()
            broadcastRoom()
            afterGameChange()
        } else {
            players[index].watching = true
            changePlay { $0.current?.watchers.append(player.member) }
            broadcastLobby()
            broadcastRoom()
            sendCurrentView(to: player.peer, seat: nil, plainText: players[index].plainText)
            if player.wantsPredictions { sendPredictions(to: player.peer) }
        }
    }

    /// A member left the room for good (`player` is already off the table): their points stay on
    /// the scoreboard; the game they played in goes on without them, or is abandoned when nobody
    /// who plays it is left.
    mutating func memberLeft(_ player: TablePlayer) {
        room?.leave(player.member, at: now)
        departed[player.token] = DepartedMember(member: player.member, name: player.name)
        changePlay { $0.current?.players.removeAll { $0 == player.member } }
        let member = player.member
        changePlay { play in
            // Read first: an assignment through `current?` holds `current` while its value is made.
            let teams = play.current?.teams?.map { $0.filter { $0 != member } }
            play.current?.teams = teams
        }
        changePlay { $0.current?.watchers.removeAll { $0 == player.member } }
        if leftTeam(player) {
            // Teammates still hold the seat: the game goes on as if nothing happened.
        } else if phase == .playing, !player.watching, seatsInGame.contains(player.seat) {
            gameLeave(seat: player.seat)
            // Nobody who plays it is left: abandoned, even when the rules ended it on the leave
            // (TwentyFour's `playersLeft`): nobody is there to be placed or scored.
            if !players.contains(where: { !$0.watching }) {
                finishGame(sendOutcome: false)
            } else {
                afterGameChange()
            }
            // When that ended the game, everyone already has the new room and table.
            if phase != .playing { return }
        } else if phase != .playing {
            planChanged()
        }
        broadcastLobby()
        broadcastRoom()
        publishStatus()
    }

    // MARK: Choosing

    mutating func vote(_ envelope: Envelope, from index: Int) {
        let player = players[index]
        guard let vote = decode(Vote.self, envelope, for: player.peer) else { return }
        do {
            try room?.vote(player.member, for: vote.game.lowercased(), at: now)
        } catch {
            send(ErrorMessage(.room(error), inReplyTo: envelope.seq), to: player.peer)
            return
        }
        if room?.plan != nil {
            planChanged()
        } else {
            broadcastRoom()
        }
    }

    /// `start` from the host's player in a room: ends the vote's countdown, or the start delay.
    mutating func roomStartRequested(by index: Int, seq: Int) {
        let player = players[index]
        guard phase != .playing, let room else {
            send(ErrorMessage(.cannotStart(detail: "A game is already running."), inReplyTo: seq), to: player.peer)
            return
        }
        if room.plan != nil {
            return startRoomGame()
        }
        guard !room.votes.isEmpty else {
            send(ErrorMessage(.cannotStart(detail: "Nobody has voted yet."), inReplyTo: seq), to: player.peer)
            return
        }
        self.room?.pick()
        if self.room?.plan != nil {
            planChanged()
        } else {
            broadcastRoom()
        }
    }

    /// The clock: the vote's countdown picks, the start delay starts the game, and a running
    /// countdown is re-sent once a second.
    mutating func roomTick() {
        guard phase != .playing, room != nil else { return }
        if room?.plan == nil, room?.deadline != nil {
            room?.advance(to: now)
            if room?.plan != nil { return planChanged() }
        }
        if let startsAt, startsAt <= now { return startRoomGame() }
        if startsAt != nil || room?.deadline != nil, now.milliseconds(since: lastRoomBroadcast) >= 1000 {
            broadcastRoom()
        }
    }

    /// Follows the room's plan: a new pick starts the start delay (or the game, with no delay); a
    /// plan dropped (too few left) stops it.
    mutating func planChanged() {
        guard let plan = room?.plan else {
            if startsAt != nil {
                startsAt = nil
                announcement = nil
                broadcastRoom()
                publishStatus()
            }
            return
        }
        announcement = plan.announcement
        if startsAt == nil {
            startsAt = now.adding(milliseconds: startDelayMilliseconds)
            log(.info, "picked \(plan.game): \(plan.announcement)")
        }
        broadcastRoom()
        publishStatus()
        if startDelayMilliseconds <= 0 { startRoomGame() }
    }

    // MARK: Games

    /// Starts the planned game: its players (those still here) take seats 0…n−1 in plan order,
    /// everyone else present watches.
    mutating func startRoomGame() {
        guard phase != .playing, let plan = room?.plan,
              let hosted = games.first(where: { $0.descriptor.id == plan.game }) else { return }
        startsAt = nil
        let present = Set(players.map(\.member))
        // Each seat's holders: one member, or a team.
        let holders = (plan.teams ?? plan.players.map { [$0] }).map { $0.filter(present.contains) }.filter { !$0.isEmpty }
        begin(hosted, holders: holders)
    }

    /// The room's game ended with `outcome`: the scoreboard grows and the game joins `results`
    /// (nothing at a locked table).
    mutating func recordResult(_ outcome: GameOutcome, title: String) {
        let seatMembers = play?.seatMembers ?? [:]
        let standings = outcome.standings.filter { seatMembers[$0.seat.index] != nil }
        let holders = Dictionary(standings.map { ($0.seat, seatMembers[$0.seat.index] ?? []) }, uniquingKeysWith: { first, _ in first })
        guard let result = room?.gameEnded(seatStandings: standings, members: holders) else { return }
        let names = Dictionary(room?.scores.map { ($0.member, $0) } ?? [], uniquingKeysWith: { first, _ in first })
        // Every member of a seat has the seat's score.
        let scores = Dictionary(standings.flatMap { standing in (holders[standing.seat] ?? []).map { ($0, standing.score) } },
                                uniquingKeysWith: { first, _ in first })
        results.append(RoomGameResult(number: result.number, game: result.game, title: title,
                                      placements: result.placements.map {
                                          RoomPlacement(member: $0.member, name: names[$0.member]?.name ?? "?", place: $0.place,
                                                        score: scores[$0.member] ?? nil, points: $0.points,
                                                        bot: names[$0.member]?.isBot == true ? true : nil,
                                                        level: names[$0.member]?.level)
                                      }))
    }
}
