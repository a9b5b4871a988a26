import PartyKit

/// The party room as a pure state machine: choosing the next game, playing it, back to choosing,
/// with a scoreboard across games. The session owns it and feeds it joins, votes, time and
/// results; it never sees a socket, and no game knows it exists.
///
/// Between games the room is `choosing`: members vote (or the host's player chooses, or the
/// playlist proposes the next game and members confirm it by voting for it). The room picks when
/// every human present has voted or, with `RoomChoice.vote`, when the countdown started by the
/// first vote ends; `plan` then says which game, who plays and who watches, and the session starts
/// it and calls `gameStarted`. When the game ends the session reports its standings with
/// `gameEnded`, the scoreboard grows, and the room is choosing again.
public struct PartyRoom: Hashable, Sendable {
    /// Where the room is.
    public enum Phase: Hashable, Sendable {
        /// Between games: votes are open.
        case choosing
        /// A game runs; the plan says which and who plays.
        case playing(RoomPlan)
    }

    /// The games the room offers, in menu order.
    public let menu: [GameDescriptor]
    /// How the next game is chosen.
    public let choice: RoomChoice
    /// The members present, in the order they arrived.
    public internal(set) var members: [RoomMember] = []
    /// Where the room is.
    public internal(set) var phase: Phase = .choosing
    /// Each voter's game, for the game being chosen.
    public internal(set) var votes: [Int: String] = [:]
    /// Voters in the order of their latest vote.
    public internal(set) var voteOrder: [Int] = []
    /// When the countdown ends, while one runs.
    public internal(set) var deadline: GameInstant?
    /// The game picked and not yet started (the session starts it and calls `gameStarted`).
    public internal(set) var plan: RoomPlan?
    /// Everyone who ever sat in the room, with their points.
    public internal(set) var scores: [RoomScore] = []
    /// Every finished game, in order.
    public internal(set) var results: [RoomResult] = []
    /// The next position in a playlist.
    public internal(set) var playlistIndex = 0
    /// Whether a seat is kept for the host's own player (`partyhost` without `--dedicated`): with
    /// `RoomChoice.host` nobody else chooses, even before that player sits down. Without it, a
    /// room told to let the host choose lets everyone vote while no host's player is there.
    public let hostSeatReserved: Bool
    /// Whether a game that seats fewer than the members present is played by teams (all play)
    /// rather than by some while the rest watch.
    public var teams = false
    /// Whether bots vote too, so that a room of bots plays game after game by itself (for tests
    /// and benchmarks). Off, a bot's vote is refused and the room waits for its people.
    public var botsVote = false
    /// Who was in a team with whom in the last team game (the next teams mix them).
    public internal(set) var lastTeammates: [Int: Set<Int>] = [:]
    /// Draws lots for ties that nothing else breaks.
    var random: SeededRandom

    /// A room offering `menu`, choosing by `choice`, with ties drawn from `seed`.
    public init(menu: [GameDescriptor], choice: RoomChoice, seed: UInt64, hostSeatReserved: Bool = true) {
        self.menu = menu
        self.choice = choice
        self.hostSeatReserved = hostSeatReserved
        random = SeededRandom(seed: seed)
    }

    /// Whether only the host's player chooses now: `RoomChoice.host`, with that player present
    /// or a seat kept for them.
    var hostDecides: Bool {
        guard case .host = choice else { return false }
        return hostSeatReserved || members.contains(where: \.isHost)
    }

    /// The number of the game being chosen or played (1 for the room's first).
    public var gameNumber: Int { results.count + 1 }

    /// Whether a game runs.
    public var isPlaying: Bool {
        if case .playing = phase { return true }
        return false
    }

    /// The members who must vote before the room picks without a countdown: every human present
    /// (only the host's player when the host chooses: nobody until a reserved host's seat is taken).
    /// Bots never vote.
    public var voters: [RoomMember] {
        if hostDecides { return members.filter(\.isHost) }
        return members.filter { botsVote || !$0.isBot }
    }

    /// The game a playlist proposes next: the first from `playlistIndex` on that the people present
    /// can play; nil for other rooms or when none can be played.
    public var proposal: String? {
        guard case .playlist(let list) = choice, !list.isEmpty else { return nil }
        for offset in 0..<list.count {
            let id = list[(playlistIndex + offset) % list.count]
            if let game = descriptor(id), playable(game) { return id }
        }
        return nil
    }

    /// The menu entry with `id`.
    public func descriptor(_ id: String) -> GameDescriptor? { menu.first { $0.id == id } }

    /// Whether the members present are enough for `game` (more than it seats is fine: the rest watch).
    public func playable(_ game: GameDescriptor) -> Bool { members.count >= game.minPlayers }

    /// What `game` needs, for the menu: "exactly 2 players", "2–4 players", "1–16 players".
    public static func requirement(_ game: GameDescriptor) -> String {
        game.minPlayers == game.maxPlayers ? "exactly \(game.minPlayers) players" : "\(game.minPlayers)–\(game.maxPlayers) players"
    }

    // MARK: Members

    /// A member sits down (or comes back); the scoreboard gets a line the first time. A newcomer
    /// while a game is picked plays it when it has a free seat, and watches it otherwise.
    public mutating func join(_ member: RoomMember) {
        if let index = members.firstIndex(where: { $0.id == member.id }) {
            members[index] = member
        } else {
            members.append(member)
            seatNewcomer(member)
        }
        if let index = scores.firstIndex(where: { $0.member == member.id }) {
            scores[index].name = member.name
        } else {
            scores.append(RoomScore(member: member.id, name: member.name, points: 0, played: 0, wins: 0, lastGame: 0))
        }
        if let index = scores.firstIndex(where: { $0.member == member.id }) {
            scores[index].isBot = member.isBot
            scores[index].level = member.level
        }
    }

    /// A member leaves the room for good: their vote goes; their points stay on the scoreboard.
    /// A pending plan is made again without them (or dropped when too few are left).
    public mutating func leave(_ member: Int, at now: GameInstant) {
        members.removeAll { $0.id == member }
        votes[member] = nil
        voteOrder.removeAll { $0 == member }
        if votes.isEmpty { deadline = nil }
        if let pending = plan {
            plan = nil
            if let game = descriptor(pending.game), playable(game) {
                plan = makePlan(game: game, announcement: pending.headline)
            }
        }
        pickIfDue(at: now)
    }
}
