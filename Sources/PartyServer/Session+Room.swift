import PartyKit
import PartyWire

extension Session {
    // MARK: Members

    /// A newcomer sat down in the room: a member of it from now on. During a game they join it
    /// when it takes players mid-game and has room, and watch it otherwise; a member who left the
    /// running game and came back watches it too (their old seat keeps their result in it, and a
    /// second seat would list them twice in its standings).
    func memberArrived(_ player: TablePlayer) {
        room?.join(RoomMember(id: player.member, name: player.name, isBot: player.isBot, isHost: player.isHost, level: player.level))
        if player.isHost, room != nil { hostMember = player.member }
        guard phase == .playing, let running = game, let index = players.firstIndex(where: { $0.member == player.member }) else {
            broadcastLobby()
            broadcastRoom()
            return
        }
        players[index].plainText = wantsPlainText(player.games)
        let seated = players.filter { !$0.watching && seatsInGame.contains($0.seat) }.count
        let playedIt = seatMembers.values.contains { $0.contains(player.member) }
        if options.teams, !playedIt, !player.isBot, !teamNames.isEmpty || seated >= running.descriptor.maxPlayers && !running.descriptor.joinInProgress,
           let team = smallestTeam() {
            // A game played by teams (or full, with teams on): the newcomer joins the smallest team.
            seatMembers[team, default: []].append(player.member)
            current?.players.append(player.member)
            current?.teams = seatsInGame.sorted().map { seatMembers[$0] ?? [] }
            // The room (which names the game on) goes before the view, so that a page draws the
            // newcomer's first view with the game's own presenter.
            broadcastRoom()
            joinTeam(team, member: player.member)
        } else if running.descriptor.joinInProgress && seated < running.descriptor.maxPlayers && !playedIt {
            seatsInGame.insert(player.seat)
            seatMembers[player.seat] = [player.member]
            current?.players.append(player.member)
            running.join(seat: player.seat, name: player.name, at: now())
            broadcastLobby()
            broadcastRoom()
            afterGameChange()
        } else {
            players[index].watching = true
            current?.watchers.append(player.member)
            broadcastLobby()
            broadcastRoom()
            sendCurrentView(to: player.peer, seat: nil, plainText: players[index].plainText)
            if player.wantsPredictions { sendPredictions(to: player.peer) }
        }
    }

    /// A member left the room for good (`player` is already off the table): their points stay on
    /// the scoreboard; the game they played in goes on without them, or is abandoned when nobody
    /// who plays it is left.
    func memberLeft(_ player: TablePlayer) {
        room?.leave(player.member, at: now())
        departed[player.token] = DepartedMember(member: player.member, name: player.name)
        current?.players.removeAll { $0 == player.member }
        // Read first: an assignment through `current?` holds `current` while its value is made.
        if let teams = current?.teams { current?.teams = teams.map { $0.filter { $0 != player.member } } }
        current?.watchers.removeAll { $0 == player.member }
        if leftTeam(player) {
            // Teammates still hold the seat: the game goes on as if nothing happened.
        } else if phase == .playing, let running = game, !player.watching, seatsInGame.contains(player.seat) {
            running.leave(seat: player.seat, at: now())
            // Nobody who plays it is left: abandoned, even when the rules ended it on the leave
            // (TwentyFour's `playersLeft`): nobody is there to be placed or scored.
            if !players.contains(where: { !$0.watching }) {
                abandonRoomGame()
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

    func vote(_ envelope: Envelope, from index: Int) {
        let player = players[index]
        guard let vote = decode(Vote.self, envelope, for: player.peer) else { return }
        do {
            try room?.vote(player.member, for: vote.game.lowercased(), at: now())
        } catch {
            player.peer.send(ErrorMessage(.room(error), inReplyTo: envelope.seq))
            return
        }
        if room?.plan != nil {
            planChanged()
        } else {
            broadcastRoom()
        }
    }

    /// `start` from a player: the host's player ends the vote's countdown, or the start delay.
    func roomStartRequested(by index: Int, seq: Int) {
        let player = players[index]
        guard player.isHost else {
            player.peer.send(ErrorMessage(.notHost, inReplyTo: seq))
            return
        }
        guard phase != .playing, let room else {
            player.peer.send(ErrorMessage(.cannotStart(detail: "A game is already running."), inReplyTo: seq))
            return
        }
        if room.plan != nil {
            return startRoomGame()
        }
        guard !room.votes.isEmpty else {
            player.peer.send(ErrorMessage(.cannotStart(detail: "Nobody has voted yet."), inReplyTo: seq))
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
    func roomTick() {
        guard phase != .playing, room != nil else { return }
        let now = now()
        if room?.plan == nil, room?.deadline != nil {
            room?.advance(to: now)
            if room?.plan != nil { return planChanged() }
        }
        if let startsAt, startsAt <= now { return startRoomGame() }
        if startsAt != nil || room?.deadline != nil, ContinuousClock.now - lastRoomBroadcast >= .seconds(1) {
            broadcastRoom()
        }
    }

    /// Follows the room's plan: a new pick starts the start delay (or the game, with no delay); a
    /// plan dropped (too few left) stops it.
    func planChanged() {
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
            startsAt = now().adding(milliseconds: startDelayMilliseconds)
            logger.info("picked \(plan.game): \(plan.announcement)")
        }
        broadcastRoom()
        publishStatus()
        if startDelayMilliseconds <= 0 { startRoomGame() }
    }

    // MARK: Games

    /// Starts the planned game: its players take seats 0…n−1 in plan order, everyone else present
    /// watches from the seats after them.
    func startRoomGame() {
        guard phase != .playing, let plan = room?.plan,
              let hosted = games.first(where: { $0.descriptor.id == plan.game }) else { return }
        startsAt = nil
        var next = 0
        // Each seat's holders: one member, or a team.
        let holders = plan.teams ?? plan.players.map { [$0] }
        for team in holders {
            let present = team.filter { member in players.contains { $0.member == member } }
            guard !present.isEmpty else { continue }
            for member in present {
                guard let index = players.firstIndex(where: { $0.member == member }) else { continue }
                players[index].seat = next
                players[index].watching = false
            }
            next += 1
        }
        let playing = Set(plan.players)
        for index in players.indices where !playing.contains(players[index].member) {
            players[index].seat = next
            players[index].watching = true
            next += 1
        }
        // Within a seat, a team's members in the plan's order (arrival order), which names the team
        // as the room's announcement did; watchers keep their order.
        let order = Dictionary(holders.joined().enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        players.sort { ($0.seat, order[$0.member] ?? 0) < ($1.seat, order[$1.member] ?? 0) }
        let seated = players.filter { !$0.watching }
        seatsInGame = Set(seated.map(\.seat))
        seatMembers = Dictionary(grouping: seated, by: \.seat).mapValues { $0.map(\.member) }
        nameTeams(seatsInGame.sorted().map { seat in players.indices.filter { players[$0].seat == seat && !players[$0].watching } })
        let seats = seatsInGame.sorted().map { seat in
            Seat(id: SeatID(seat), name: teamNames[seat] ?? seated.first { $0.seat == seat }?.name ?? "?")
        }
        let running = hosted.start(seats, random.next(), gamesPlayed, now(), gamesPlayed + 1)
        game = running
        gamesPlayed += 1
        phase = .playing
        room?.gameStarted()
        current = RoomGame(game: hosted.descriptor.id, title: hosted.descriptor.title, players: seated.map(\.member),
                           watchers: players.filter(\.watching).map(\.member),
                           teams: teamNames.isEmpty ? nil : seatsInGame.sorted().map { seatMembers[$0] ?? [] })
        for index in players.indices {
            players[index].ready = false
            players[index].plainText = wantsPlainText(players[index].games)
        }
        for index in spectators.indices { spectators[index].plainText = wantsPlainText(spectators[index].games) }
        for seat in seatsInGame.sorted() where connectedMembers(of: seat) == 0 {
            running.connectionChanged(seat: seat, connected: false, at: now())
        }
        logger.info("game \(gamesPlayed) (\(hosted.descriptor.title)) started with \(seated.count) players")
        broadcastRoom()
        broadcastLobby()
        sendTeams()
        openPredictions()
        afterGameChange()
        publishStatus()
    }

    /// The running game is over: everyone gets `gameOver` with the standings, the scoreboard
    /// grows, and the room is choosing again.
    func finishRoomGame() {
        guard let running = game, let outcome = running.outcome else { return }
        Self.send(gameOverMessage(outcome), to: players.map(\.peer) + spectators.map(\.peer))
        logger.info("game \(gamesPlayed) over: \(outcome.summary)")
        let standings = outcome.standings.filter { seatMembers[$0.seat.index] != nil }
        let holders = Dictionary(standings.map { ($0.seat, seatMembers[$0.seat.index] ?? []) }, uniquingKeysWith: { first, _ in first })
        if let result = room?.gameEnded(seatStandings: standings, members: holders) {
            let names = Dictionary(room?.scores.map { ($0.member, $0) } ?? [], uniquingKeysWith: { first, _ in first })
            // Every member of a seat has the seat's score.
            let scores = Dictionary(standings.flatMap { standing in (holders[standing.seat] ?? []).map { ($0, standing.score) } },
                                    uniquingKeysWith: { first, _ in first })
            results.append(RoomGameResult(number: result.number, game: result.game, title: running.descriptor.title,
                                          placements: result.placements.map {
                                              RoomPlacement(member: $0.member, name: names[$0.member]?.name ?? "?", place: $0.place,
                                                            score: scores[$0.member] ?? nil, points: $0.points,
                                                            bot: names[$0.member]?.isBot == true ? true : nil,
                                                            level: names[$0.member]?.level)
                                          }))
        }
        settlePredictions(outcome)
        backToChoosing()
    }

    /// Nobody who plays the running game is left: it ends without a result and scores nothing.
    func abandonRoomGame() {
        logger.info("game \(gamesPlayed) abandoned: nobody who played it is left")
        room?.gameAbandoned()
        predictions = nil
        backToChoosing()
    }

    /// Between games: no game, nobody watches, and the room is choosing (it may pick at once).
    func backToChoosing() {
        game = nil
        phase = .lobby
        current = nil
        announcement = nil
        seatsInGame = []
        seatMembers = [:]
        teamNames = [:]
        proposals = [:]
        for index in players.indices { players[index].watching = false }
        broadcastRoom()
        broadcastLobby()
        publishStatus()
    }
}
