import PartyKit
import PartyWire

/// Teams: several players hold one seat. The game never learns of it: the table turns the
/// members' proposals into one move for the seat, and every member gets the seat's view.
extension Table {
    // MARK: Who is in a team

    /// The indices of the players who hold `seat` in the running game.
    func members(of seat: Int) -> [Int] {
        players.indices.filter { players[$0].seat == seat && !players[$0].watching && seatsInGame.contains(seat) }
    }

    /// How many of `seat`'s players are connected.
    func connectedMembers(of seat: Int) -> Int {
        members(of: seat).filter { players[$0].connected }.count
    }

    /// The most players the table seats (and `welcome.maxPlayers`): the game's seats (a room's: its
    /// largest game's), or with teams `HostOptions.teamCapacity`, as far as `--max-connections` lets
    /// them in (never fewer than the game's seats).
    var tableCapacity: Int {
        Self.tableCapacity(descriptor: descriptor, options: options)
    }

    /// `tableCapacity` for a table of `descriptor` run with `options`.
    static func tableCapacity(descriptor: GameDescriptor, options: HostOptions) -> Int {
        options.teams ? max(descriptor.maxPlayers, min(HostOptions.teamCapacity, options.maxConnections)) : descriptor.maxPlayers
    }

    /// The seat a newcomer joins during a team game: the smallest team's (the first of equals).
    func smallestTeam() -> Int? {
        seatsInGame.sorted().min { members(of: $0).count < members(of: $1).count }
    }

    /// The player `member` joins the team of `seat` in the running game (a newcomer in a game
    /// with no free seat): they get the seat's view and propose from now on.
    mutating func joinTeam(_ seat: Int, member: Int) {
        guard let index = players.firstIndex(where: { $0.member == member }), game != nil else { return }
        let wasAway = connectedMembers(of: seat) == 0
        players[index].seat = seat
        players.sort { $0.seat < $1.seat }
        if teamNames[seat] == nil { renameTeam(seat) }
        if wasAway { gameConnectionChanged(seat: seat, connected: true) }
        broadcastLobby()
        sendTeam(seat)
        afterGameChange()
    }

    /// Names `seat`'s team from who holds it now (nil for one player).
    mutating func renameTeam(_ seat: Int) {
        let team = members(of: seat)
        let name = team.count > 1 ? TeamFormation.name(team.map { players[$0].name }) : nil
        changePlay { $0.teamNames[seat] = name }
    }

    // MARK: Proposals

    /// A move for a seat held by a team in the seat's turn: a proposal. The rules judge it first
    /// (a move they refuse is never proposed); a majority of the connected members plays it at once.
    mutating func propose(_ move: TableMove, seq: Int, from index: Int) {
        guard let game else { return }
        let seat = players[index].seat
        if case .rejected(let code, let message) = game.judge(move, seat: seat, at: now) {
            send(MoveRejected(inReplyTo: seq, reason: code, message: message), to: players[index].peer)
            return
        }
        let label = game.label(of: move, seat: seat, at: now)
        let (member, name, now) = (players[index].member, players[index].name, now)
        changePlay { $0.proposals[seat, default: SeatProposals()].propose(member: member, name: name, move: move, label: label, at: now) }
        if !playAgreed(seat) { sendTeam(seat) }
    }

    /// Plays `seat`'s move when a majority of its connected members agree on one. True when a
    /// move was played.
    @discardableResult
    mutating func playAgreed(_ seat: Int) -> Bool {
        guard let open = proposals[seat],
              let move = open.agreed(majority: SeatProposals.majority(of: max(1, connectedMembers(of: seat)))) else { return false }
        return playProposed(seat, first: move)
    }

    /// Plays the team's choice for `seat` (`first`, else the most proposed): the proposals close
    /// and everyone gets the new views. A move the rules no longer take is dropped and the next
    /// one tried. True when a move was played.
    /// `instant` is when the game takes it (now, or just before the game's own deadline).
    @discardableResult
    mutating func playProposed(_ seat: Int, first: TableMove? = nil, at instant: GameInstant? = nil) -> Bool {
        guard game != nil, var open = proposals[seat] else { return false }
        var candidates = open.ranked
        if let first { candidates.removeAll { $0 == first }; candidates.insert(first, at: 0) }
        let instant = instant ?? now
        for move in candidates {
            if case .played = gamePlay(move, seat: seat, at: instant) {
                changePlay { $0.proposals[seat] = nil }
                closePredictions()
                afterGameChange()
                sendTeam(seat)
                return true
            }
            open.drop(move)
        }
        changePlay { $0.proposals[seat] = open.isEmpty ? nil : open }
        sendTeam(seat)
        return false
    }

    /// Each team's proposals for its seat's next move, by seat.
    var proposals: [Int: SeatProposals] { play?.proposals ?? [:] }

    /// When the next proposal window ends, if any is open.
    var proposalDeadline: GameInstant? {
        let gameDeadline = game?.deadline
        return proposals.values.compactMap { $0.deadline(window: options.proposalMilliseconds, gameDeadline: gameDeadline) }.min()
    }

    /// Plays the most-proposed move of every team whose window has ended (before the game itself
    /// moves on at its own deadline).
    ///
    /// A window that ends at the game's deadline (a Rock Paper Scissors round, SunTouch's toss) is
    /// played as of 1 ms before it, whenever the clock wakes: at the deadline itself the rules
    /// would refuse it (`timeUp`) or have acted for the seat (the host's toss), and the team's
    /// choice would be lost.
    mutating func resolveDueProposals() {
        guard phase == .playing, game != nil else { return }
        let now = now
        let gameDeadline = game?.deadline
        let instant = gameDeadline.map { min(now, $0.adding(milliseconds: -1)) } ?? now
        for seat in proposals.keys.sorted() {
            guard let due = proposals[seat]?.deadline(window: options.proposalMilliseconds, gameDeadline: gameDeadline),
                  due <= now else { continue }
            playProposed(seat, at: instant)
            if phase != .playing { return }
        }
    }

    /// After the game changed: proposals of seats that may no longer move are closed.
    mutating func closeStaleProposals() {
        guard let game else { return }
        for seat in proposals.keys.sorted() where !game.allows(seat: seat) {
            changePlay { $0.proposals[seat] = nil }
            sendTeam(seat)
        }
    }

    /// `index`'s player no longer votes (dropped or gone): their proposal goes, and the others
    /// may now be a majority.
    mutating func withdrawProposal(of index: Int) {
        let seat = players[index].seat
        let member = players[index].member
        changePlay { $0.proposals[seat]?.withdraw(member: member) }
        if proposals[seat]?.isEmpty == true { changePlay { $0.proposals[seat] = nil } }
        if !playAgreed(seat) { sendTeam(seat) }
    }

    /// `player` (already off the table) left a seat that teammates still hold: the game is not
    /// told (unless none of them is connected now: then the seat is away), and their proposal
    /// goes. False when nobody else holds the seat (the game's leave rules apply).
    mutating func leftTeam(_ player: TablePlayer) -> Bool {
        let seat = player.seat
        guard phase == .playing, game != nil, !player.watching, seatsInGame.contains(seat), !members(of: seat).isEmpty else {
            return false
        }
        if player.connected && connectedMembers(of: seat) == 0 {
            gameConnectionChanged(seat: seat, connected: false)
        }
        changePlay { $0.proposals[seat]?.withdraw(member: player.member) }
        if proposals[seat]?.isEmpty == true { changePlay { $0.proposals[seat] = nil } }
        if !playAgreed(seat) {
            sendTeam(seat)
            afterGameChange()
        }
        return true
    }

    // MARK: Telling the team

    /// Sends `seat`'s team (its members who asked for it) who is in it and what each proposes.
    mutating func sendTeam(_ seat: Int) {
        guard phase == .playing, let running = game, let name = teamNames[seat] else { return }
        let team = members(of: seat)
        let open = proposals[seat]
        let list = (open?.entries ?? []).map { TeamProposal(name: $0.name, label: $0.label, votes: open?.votes(for: $0.move) ?? 1) }
        let window = open?.deadline(window: options.proposalMilliseconds, gameDeadline: running.deadline)
            .map { max(0, $0.milliseconds(since: now)) }
        let movesProposed = running.movesAreProposals ?? play?.teamMovesProposed ?? true
        changePlay { $0.teamMovesProposed = movesProposed }
        let message = TeamMessage(game: running.number, seat: seat, name: name,
                                  members: team.map { TeamMember(name: players[$0].name, connected: players[$0].connected) },
                                  proposals: list, windowMs: window,
                                  majority: SeatProposals.majority(of: max(1, team.filter { players[$0].connected }.count)),
                                  moves: movesProposed ? .proposed : .direct)
        // The same message for every member: encoded once (a team of 32 proposing at once sent
        // 32 × 32 encodings of a message that names all 32).
        sendMany(message, to: team.filter { players[$0].connected && players[$0].wantsTeams }.map { players[$0].peer })
    }

    /// Sends every team its `team` message (at a game's start).
    mutating func sendTeams() {
        for seat in teamNames.keys.sorted() { sendTeam(seat) }
    }

    /// Tells the teams again when the game's moves changed from proposals to moves played at once
    /// or back (Snap's deal is confirmed by proposals, its cards are turned and snapped at once).
    mutating func sendTeamsIfTheirMovesChanged() {
        guard !teamNames.isEmpty, let proposed = game?.movesAreProposals, proposed != play?.teamMovesProposed else { return }
        sendTeams()
    }
}
