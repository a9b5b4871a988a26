/// A player's vote for the next game of a party room (protocol 2).
public struct Vote: WireMessage, Hashable {
    public static let type = MessageType.vote
    /// The game id voted for (one of the room's `menu` ids).
    public var game: String

    /// Creates a vote.
    public init(game: String) {
        self.game = game
    }
}

/// The party room: its menu, the votes, the game on or coming, and the scoreboard (protocol 2).
///
/// Sent by a party room (never by a session locked to one game) to every player and spectator
/// whenever any of it changes, and once a second while a countdown runs.
public struct RoomMessage: WireMessage, Hashable {
    public static let type = MessageType.room
    /// `choosing` (votes open), `starting` (a game is picked and starts when `countdownMs` runs
    /// out), or `playing`.
    public var state: String
    /// How the next game is chosen: `vote`, `host` (the host's player decides) or `playlist`.
    public var choice: String
    /// The number of the game being chosen, starting or played (1 for the room's first).
    public var number: Int
    /// Every game the room offers, in menu order.
    public var menu: [RoomMenuEntry]
    /// Each vote cast for the game being chosen, in the order cast.
    public var votes: [RoomVote]
    /// Names of the players whose vote is still awaited (empty when nobody's is).
    public var waitingFor: [String]
    /// While `choosing`: milliseconds before the countdown picks; while `starting`: before the game
    /// starts. Absent when no countdown runs.
    public var countdownMs: Int64?
    /// With a playlist: the game it proposes next (vote for it to confirm).
    public var proposal: String?
    /// The game picked (`starting`) or on (`playing`); absent while `choosing`.
    public var current: RoomGame?
    /// The latest news for people ("Snap! has the most votes (3).", "Tie between …").
    public var message: String
    /// The party scoreboard, best first.
    public var scoreboard: [RoomScoreLine]
    /// The last game's result, once one has ended.
    public var last: RoomGameResult?
    /// The receiving client's member id (stable for the whole room); absent for spectators.
    public var you: Int?
    /// The member id of the VIP (the member who holds the host's role); absent while nobody does.
    public var vip: Int?
    /// What the receiving client may do as the VIP (`start`, `choose`, `remove`, `end`); absent
    /// for everyone else.
    public var rights: [String]?

    /// Creates a room message.
    public init(state: String, choice: String, number: Int, menu: [RoomMenuEntry], votes: [RoomVote], waitingFor: [String],
                countdownMs: Int64?, proposal: String?, current: RoomGame?, message: String,
                scoreboard: [RoomScoreLine], last: RoomGameResult?, you: Int?, vip: Int? = nil, rights: [String]? = nil) {
        self.vip = vip
        self.rights = rights
        self.state = state
        self.choice = choice
        self.number = number
        self.menu = menu
        self.votes = votes
        self.waitingFor = waitingFor
        self.countdownMs = countdownMs
        self.proposal = proposal
        self.current = current
        self.message = message
        self.scoreboard = scoreboard
        self.last = last
        self.you = you
    }
}

/// One game on a party room's menu.
public struct RoomMenuEntry: Codable, Hashable, Sendable {
    /// The game id (`snap`).
    public var id: String
    /// Its title (`Snap!`).
    public var title: String
    /// The fewest players it needs.
    public var minPlayers: Int
    /// The most it seats (more people than that: the rest watch).
    public var maxPlayers: Int
    /// Whether the players present can play it now.
    public var playable: Bool
    /// What it needs, for people: `exactly 2 players`, `2–4 players`.
    public var requirement: String
    /// Votes it has for the game being chosen.
    public var votes: Int

    /// Creates a menu entry.
    public init(id: String, title: String, minPlayers: Int, maxPlayers: Int, playable: Bool, requirement: String, votes: Int) {
        self.id = id
        self.title = title
        self.minPlayers = minPlayers
        self.maxPlayers = maxPlayers
        self.playable = playable
        self.requirement = requirement
        self.votes = votes
    }
}

/// One vote cast in a party room.
public struct RoomVote: Codable, Hashable, Sendable {
    /// The voter's member id.
    public var member: Int
    /// The voter's name.
    public var name: String
    /// The game id voted for.
    public var game: String

    /// Creates a vote entry.
    public init(member: Int, name: String, game: String) {
        self.member = member
        self.name = name
        self.game = game
    }
}

/// The game a party room has picked or is playing, and who plays it.
public struct RoomGame: Codable, Hashable, Sendable {
    /// The game id.
    public var game: String
    /// Its title.
    public var title: String
    /// The member ids who play, in seat order (the first takes seat 0).
    public var players: [Int]
    /// The member ids present who watch it (more people than it seats, or joined after it began).
    public var watchers: [Int]
    /// When the game is played by teams: the member ids holding each seat, in seat order (the
    /// first list holds seat 0); absent when every player has a seat of their own.
    public var teams: [[Int]]?

    /// Creates a room game.
    public init(game: String, title: String, players: [Int], watchers: [Int], teams: [[Int]]? = nil) {
        self.teams = teams
        self.game = game
        self.title = title
        self.players = players
        self.watchers = watchers
    }
}

/// One line of the party scoreboard.
public struct RoomScoreLine: Codable, Hashable, Sendable {
    /// 1 for the leader; members with equal points, wins and games share a place.
    public var place: Int
    /// The member id.
    public var member: Int
    /// Their name (kept after they leave the room).
    public var name: String
    /// Points so far.
    public var points: Int
    /// Games they played in this room.
    public var played: Int
    /// Games they won.
    public var wins: Int
    /// Whether they are still in the room.
    public var present: Bool
    /// `true` for a bot; absent for people.
    public var bot: Bool?
    /// A bot's level, when it gave one.
    public var level: String?

    /// Creates a scoreboard line.
    public init(place: Int, member: Int, name: String, points: Int, played: Int, wins: Int, present: Bool,
                bot: Bool? = nil, level: String? = nil) {
        self.bot = bot
        self.level = level
        self.place = place
        self.member = member
        self.name = name
        self.points = points
        self.played = played
        self.wins = wins
        self.present = present
    }
}

/// How one finished game of a party room went: each player's place and the points it earned.
public struct RoomGameResult: Codable, Hashable, Sendable {
    /// The game's number in the room, from 1.
    public var number: Int
    /// The game id.
    public var game: String
    /// Its title.
    public var title: String
    /// The players, best first.
    public var placements: [RoomPlacement]

    /// Creates a game result.
    public init(number: Int, game: String, title: String, placements: [RoomPlacement]) {
        self.number = number
        self.game = game
        self.title = title
        self.placements = placements
    }
}

/// One player's place in one game of a party room.
public struct RoomPlacement: Codable, Hashable, Sendable {
    /// The member id.
    public var member: Int
    /// Their name.
    public var name: String
    /// 1 for the best; tied players share a place.
    public var place: Int
    /// The game's own score, when it keeps one.
    public var score: Int?
    /// Party points earned.
    public var points: Int
    /// `true` for a bot; absent for people.
    public var bot: Bool?
    /// A bot's level, when it gave one.
    public var level: String?

    /// Creates a placement.
    public init(member: Int, name: String, place: Int, score: Int?, points: Int, bot: Bool? = nil, level: String? = nil) {
        self.bot = bot
        self.level = level
        self.member = member
        self.name = name
        self.place = place
        self.score = score
        self.points = points
    }
}

/// One seat's place in a finished game (`gameOver.standings`).
public struct StandingInfo: Codable, Hashable, Sendable {
    /// The seat.
    public var seat: Int
    /// 1 for the best; tied seats share a place.
    public var place: Int
    /// The game's own score, when it keeps one.
    public var score: Int?

    /// Creates a standing.
    public init(seat: Int, place: Int, score: Int?) {
        self.seat = seat
        self.place = place
        self.score = score
    }
}
