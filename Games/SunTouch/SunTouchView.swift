import PartyKit

/// What one viewer of a SunTouch game may see: every strike and every captured sun, never an
/// uncaptured sun. All times are relative (game milliseconds since play began, or remaining).
public struct SunTouchView: Codable, Hashable, Sendable {
    /// The stage of the game.
    public enum Phase: String, Codable, Hashable, Sendable {
        /// The coin toss that seeds the layout.
        case toss
        /// Strikes are flying.
        case playing
        /// The game has ended.
        case over
    }

    /// One player's public state.
    public struct Player: Codable, Hashable, Sendable {
        /// Their seat.
        public var seat: SeatID
        /// Suns captured so far.
        public var score: Int
        /// Milliseconds of game time until they may strike again (0 when ready).
        public var cool: Int64
        /// Whether they tossed in the current round of the coin toss.
        public var tossed: Bool
        /// Whether their connection dropped and the game waits for them.
        public var away: Bool

        /// Creates a player entry.
        public init(seat: SeatID, score: Int, cool: Int64, tossed: Bool, away: Bool) {
            self.seat = seat
            self.score = score
            self.cool = cool
            self.tossed = tossed
            self.away = away
        }
    }

    /// A strike as everyone sees it.
    public struct Strike: Codable, Hashable, Sendable {
        /// The strike's number in the game (0, 1, 2, …), increasing with time.
        public var n: Int
        /// Who struck.
        public var seat: SeatID
        /// The centre's x (0…1, rightward).
        public var x: Double
        /// The centre's y (0…1, downward).
        public var y: Double
        /// The radius.
        public var r: Double
        /// Milliseconds of game time since the strike.
        public var age: Int64

        /// Creates a strike entry.
        public init(n: Int, seat: SeatID, x: Double, y: Double, r: Double, age: Int64) {
            self.n = n
            self.seat = seat
            self.x = x
            self.y = y
            self.r = r
            self.age = age
        }
    }

    /// A captured sun.
    public struct Sun: Codable, Hashable, Sendable {
        /// Its x (0…1).
        public var x: Double
        /// Its y (0…1).
        public var y: Double
        /// Who captured it.
        public var seat: SeatID
        /// When, in game milliseconds since play began.
        public var at: Int64

        /// Creates a captured-sun entry.
        public init(x: Double, y: Double, seat: SeatID, at: Int64) {
            self.x = x
            self.y = y
            self.seat = seat
            self.at = at
        }
    }

    /// The coin toss as the viewer sees it.
    public struct Toss: Codable, Hashable, Sendable {
        /// The round: 1, then 2, 3, … after equal tosses.
        public var round: Int
        /// The viewer's own toss in this round, if sent.
        public var mine: UInt32?
        /// Milliseconds until the host tosses for whoever has not.
        public var left: Int64

        /// Creates a toss entry.
        public init(round: Int, mine: UInt32?, left: Int64) {
            self.round = round
            self.mine = mine
            self.left = left
        }
    }

    /// The stage.
    public var phase: Phase
    /// The viewer's seat; nil for spectators.
    public var you: SeatID?
    /// How many suns are hidden in all.
    public var suns: Int
    /// Game milliseconds since play began (frozen while paused and once over).
    public var clock: Int64
    /// Game milliseconds until the time limit.
    public var left: Int64
    /// A strike's whole animation in milliseconds; it reaches its radius halfway.
    public var dur: Int64
    /// The players in seat order.
    public var players: [Player]
    /// The most recent strikes, oldest first.
    public var strikes: [Strike]
    /// The captured suns, in capture order.
    public var captured: [Sun]
    /// The coin toss, while it runs.
    public var toss: Toss?
    /// Whether the game is paused while a dropped player's seat is held for them (the host's grace
    /// period, counted down in the lobby's `graceMs`; the game has no countdown of its own).
    public var paused: Bool
    /// The result, once over.
    public var end: String?

    /// Creates a view.
    public init(
        phase: Phase, you: SeatID?, suns: Int, clock: Int64, left: Int64, dur: Int64, players: [Player],
        strikes: [Strike], captured: [Sun], toss: Toss?, paused: Bool, end: String?
    ) {
        self.phase = phase
        self.you = you
        self.suns = suns
        self.clock = clock
        self.left = left
        self.dur = dur
        self.players = players
        self.strikes = strikes
        self.captured = captured
        self.toss = toss
        self.paused = paused
        self.end = end
    }

    /// The entry of `seat`, if it plays.
    public func player(_ seat: SeatID) -> Player? {
        players.first { $0.seat == seat }
    }

    /// The viewer's own entry, if the viewer plays.
    public var me: Player? {
        you.flatMap(player)
    }

    /// The viewer's opponent (for a spectator, the second player).
    public var opponent: Player? {
        guard let you else { return players.count > 1 ? players[1] : nil }
        return players.first { $0.seat != you }
    }
}
