import PartyKit

extension PartyRoom {
    /// `member` votes for `game` (with the host choosing, the host's player decides, and nobody
    /// else even before that player sits down; with a playlist, voting for the proposed game
    /// confirms it). Picks at once when every voter has voted. The checks come in the order of
    /// `RoomRejection`'s cases: the first that fails is the answer.
    public mutating func vote(_ member: Int, for game: String, at now: GameInstant) throws(RoomRejection) {
        guard !isPlaying, plan == nil else { throw .notChoosing }
        guard let voter = members.first(where: { $0.id == member }), botsVote || !voter.isBot else { throw .notAPlayer }
        guard let descriptor = descriptor(game) else { throw .unknownGame(game) }
        switch choice {
        case .host where hostDecides && !voter.isHost:
            throw .hostChooses
        case .playlist where game != proposal:
            throw .playlist
        default:
            break
        }
        guard playable(descriptor) else {
            throw .notPlayable(title: descriptor.title, requirement: Self.requirement(descriptor))
        }
        votes[member] = game
        voteOrder.removeAll { $0 == member }
        voteOrder.append(member)
        if deadline == nil, case .vote(let seconds) = choice {
            deadline = now.adding(milliseconds: Int64(seconds) * 1000)
        }
        pickIfDue(at: now)
    }

    /// Lets time pass: the countdown ending picks the game.
    public mutating func advance(to now: GameInstant) {
        if let deadline, now >= deadline { pick() }
    }

    /// Picks when every voter has voted.
    mutating func pickIfDue(at now: GameInstant) {
        guard !isPlaying, plan == nil, !votes.isEmpty else { return }
        let waiting = voters.filter { votes[$0.id] == nil }
        if waiting.isEmpty { pick() }
    }

    /// Picks the game with most votes among those still playable; ties go to the game played least,
    /// then longest ago, then by lot.
    mutating func pick() {
        deadline = nil
        var tally: [String: Int] = [:]
        for (_, game) in votes where descriptor(game).map(playable) == true { tally[game, default: 0] += 1 }
        guard let most = tally.values.max() else {
            votes = [:]
            voteOrder = []
            return
        }
        let top = menu.filter { tally[$0.id] == most }
        var chosen = top[0]
        var announcement = "\(chosen.title) has the most votes (\(most))."
        if top.count > 1 {
            let history = results
            let played = { (game: GameDescriptor) in history.filter { $0.game == game.id }.count }
            let last = { (game: GameDescriptor) in history.last { $0.game == game.id }?.number ?? 0 }
            let names = Self.list(top.map(\.title))
            let fewest = top.map(played).min() ?? 0
            let least = top.filter { played($0) == fewest }
            let oldest = least.map(last).min() ?? 0
            let candidates = least.filter { last($0) == oldest }
            if least.count == 1 {
                chosen = least[0]
                announcement = "Tie between \(names): \(chosen.title) was played least."
            } else if candidates.count == 1 {
                chosen = candidates[0]
                announcement = "Tie between \(names): \(chosen.title) was played longest ago."
            } else {
                chosen = candidates[Int(random.next() % UInt64(candidates.count))]
                announcement = "Tie between \(names): \(chosen.title) was drawn by lot."
            }
        }
        if case .playlist = choice { announcement = "Next on the playlist: \(chosen.title)." }
        if case .host = choice, members.contains(where: \.isHost) { announcement = "The host chose \(chosen.title)." }
        plan = makePlan(game: chosen, announcement: announcement)
    }

    /// Who plays `game` and who watches: everyone when it seats them all; otherwise humans before
    /// bots, then who has played least in this room, then who played longest ago, then who voted
    /// for it first, then who arrived first.
    func makePlan(game: GameDescriptor, announcement: String) -> RoomPlan {
        let score = { (member: Int) in self.scores.first { $0.member == member } }
        let ranked = members.enumerated().sorted { lhs, rhs in
            let (left, right) = (lhs.element, rhs.element)
            if left.isBot != right.isBot { return !left.isBot }
            let (leftScore, rightScore) = (score(left.id), score(right.id))
            if leftScore?.played != rightScore?.played { return (leftScore?.played ?? 0) < (rightScore?.played ?? 0) }
            if leftScore?.lastGame != rightScore?.lastGame { return (leftScore?.lastGame ?? 0) < (rightScore?.lastGame ?? 0) }
            let leftVote = votes[left.id] == game.id ? voteOrder.firstIndex(of: left.id) ?? Int.max : Int.max
            let rightVote = votes[right.id] == game.id ? voteOrder.firstIndex(of: right.id) ?? Int.max : Int.max
            if leftVote != rightVote { return leftVote < rightVote }
            return lhs.offset < rhs.offset
        }.map(\.element)
        let humans = members.filter { !$0.isBot }
        if teams, humans.count > game.maxPlayers {
            // Every person plays, in balanced teams (arrival order, mixing last time's teammates);
            // bots never join a team (they would outpace the people's proposals), they watch.
            let split = TeamFormation.balanced(humans.map(\.id), seats: game.maxPlayers, lastTeammates: lastTeammates)
            let name = { (id: Int) in self.members.first { $0.id == id }?.name ?? "?" }
            let names = split.map { TeamFormation.name($0.map(name)) }
            let bots = members.filter(\.isBot)
            let watching = bots.isEmpty ? "" : " \(Self.list(bots.map(\.name))) \(bots.count == 1 ? "watches" : "watch")."
            return RoomPlan(game: game.id, players: split.flatMap { $0 }, watchers: bots.map(\.id), teams: split,
                            announcement: announcement + " \(game.title) seats \(game.maxPlayers): everyone plays, in teams: \(Self.list(names))."
                                + watching,
                            headline: announcement)
        }
        let players = Array(ranked.prefix(game.maxPlayers))
        let watchers = Array(ranked.dropFirst(game.maxPlayers))
        // Seats in arrival order, so the table looks the same from game to game.
        let chosen = Set(players.map(\.id))
        return RoomPlan(game: game.id, players: members.map(\.id).filter(chosen.contains),
                        watchers: members.map(\.id).filter { !chosen.contains($0) },
                        announcement: announcement + seating(game, players: players.map(\.name), watchers: watchers.map(\.name)),
                        headline: announcement)
    }

    /// " Four in a Row seats 2: Ann and Bob play (who played least first); Cy watches." — empty
    /// when nobody watches.
    func seating(_ game: GameDescriptor, players: [String], watchers: [String]) -> String {
        guard !watchers.isEmpty else { return "" }
        return " \(game.title) seats \(game.maxPlayers): \(Self.list(players)) play (who played least first);"
            + " \(Self.list(watchers)) \(watchers.count == 1 ? "watches" : "watch")."
    }

    /// Someone new arrived while a game is picked: they play it when it has a free seat, and watch
    /// it otherwise.
    mutating func seatNewcomer(_ member: RoomMember) {
        guard var pending = plan, let game = descriptor(pending.game) else { return }
        if member.isBot, pending.teams != nil {
            pending.watchers.append(member.id)
        } else if var split = pending.teams, let smallest = split.indices.min(by: { split[$0].count < split[$1].count }) {
            // A team game: the newcomer joins the smallest team.
            split[smallest].append(member.id)
            pending.teams = split
            pending.players = split.flatMap { $0 }
        } else if teams, !member.isBot, members.filter({ !$0.isBot }).count > game.maxPlayers {
            // One more than the seats: the game is played by teams now.
            plan = nil
            plan = makePlan(game: game, announcement: pending.headline)
            return
        } else if pending.players.count < game.maxPlayers {
            pending.players.append(member.id)
        } else {
            pending.watchers.append(member.id)
            let name = { (id: Int) in self.members.first { $0.id == id }?.name ?? "?" }
            pending.announcement = pending.headline
                + seating(game, players: pending.players.map(name), watchers: pending.watchers.map(name))
        }
        plan = pending
    }

    /// The session started the planned game.
    public mutating func gameStarted() {
        guard let plan else { return }
        phase = .playing(plan)
        self.plan = nil
        votes = [:]
        voteOrder = []
        deadline = nil
    }

    /// The running game ended with `standings` (member ids as seats, best first): points are
    /// added, and the room is choosing again. Returns the result recorded.
    @discardableResult
    public mutating func gameEnded(standings: [Standing]) -> RoomResult? {
        gameEnded(seatStandings: standings, members: Dictionary(standings.map { ($0.seat, [$0.seat.index]) }, uniquingKeysWith: { first, _ in first }))
    }

    /// The running game ended with `seatStandings` (the game's seats, best first), each seat held
    /// by `members` (a team, or one member): every member of a seat gets the seat's place and
    /// points, as if they had played it alone. Returns the result recorded.
    @discardableResult
    public mutating func gameEnded(seatStandings: [Standing], members seatMembers: [SeatID: [Int]]) -> RoomResult? {
        guard case .playing(let current) = phase else { return nil }
        phase = .choosing
        let number = gameNumber
        let points = PartyScoring.points(for: seatStandings)
        // A first place is a win when someone placed below it: a draw (all first) is nobody's win.
        let decided = seatStandings.contains { $0.place != 1 }
        var placements: [RoomResult.Placement] = []
        for standing in seatStandings {
            let earned = points[standing.seat] ?? 0
            for member in seatMembers[standing.seat] ?? [] {
                placements.append(.init(member: member, place: standing.place, points: earned))
                if let index = scores.firstIndex(where: { $0.member == member }) {
                    scores[index].points += earned
                    scores[index].played += 1
                    scores[index].lastGame = number
                    if standing.place == 1 && decided { scores[index].wins += 1 }
                }
            }
        }
        if current.teams != nil { lastTeammates = TeamFormation.teammates(Array(seatMembers.values)) }
        let result = RoomResult(number: number, game: current.game, placements: placements)
        results.append(result)
        if case .playlist(let list) = choice, let position = list.firstIndex(of: current.game) {
            playlistIndex = (position + 1) % max(1, list.count)
        }
        return result
    }

    /// The running game was abandoned (the room is choosing again; nothing is scored).
    public mutating func gameAbandoned() {
        guard isPlaying else { return }
        phase = .choosing
    }

    /// The scoreboard, best first: most points, then most wins, then fewest games, then name.
    public var standings: [RoomScore] {
        scores.sorted { lhs, rhs in
            if lhs.points != rhs.points { return lhs.points > rhs.points }
            if lhs.wins != rhs.wins { return lhs.wins > rhs.wins }
            if lhs.played != rhs.played { return lhs.played < rhs.played }
            return lhs.name < rhs.name
        }
    }

    /// "Ann", "Ann and Bob", "Ann, Bob and Cy".
    static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
}
