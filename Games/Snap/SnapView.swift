import PartyKit

/// What one viewer sees of a Snap! table: counts and top open cards only, never a face-down card.
public struct SnapView: Hashable, Codable, Sendable {
    /// Dealing, playing or over.
    public var phase: SnapPhase
    /// The viewer's seat index; nil for a spectator.
    public var me: Int?
    /// Every player, the viewer first and then clockwise (a spectator gets seat 0 first).
    public var players: [Player]
    /// The active player's seat index while playing.
    public var active: Int?
    /// Milliseconds left of the active player's turn (frozen while `paused`).
    public var turnMs: Int64?
    /// Whether the turn timer is paused because the active player is disconnected.
    public var paused: Bool
    /// Milliseconds left until the deal is confirmed for everyone (while dealing).
    public var dealMs: Int64?
    /// Cards turned so far.
    public var turn: Int
    /// The turn limit.
    public var limit: Int
    /// The number of the table the viewer sees; a snap call sends it back (`snap(seen:)`).
    public var table: Int
    /// The latest event, if any.
    public var event: SnapEvent?
    /// How many events have happened, so a presenter notices a new one.
    public var events: Int
    /// Milliseconds since the latest event happened.
    public var eventAgeMs: Int64?
    /// The result line once the game is over.
    public var outcome: String?
    /// The winners' seat indices once the game is over.
    public var winners: [Int]

    /// Creates a view.
    public init(
        phase: SnapPhase, me: Int?, players: [Player], active: Int?, turnMs: Int64?, paused: Bool,
        dealMs: Int64?, turn: Int, limit: Int, table: Int, event: SnapEvent?, events: Int,
        eventAgeMs: Int64?, outcome: String?, winners: [Int]
    ) {
        self.phase = phase
        self.me = me
        self.players = players
        self.active = active
        self.turnMs = turnMs
        self.paused = paused
        self.dealMs = dealMs
        self.turn = turn
        self.limit = limit
        self.table = table
        self.event = event
        self.events = events
        self.eventAgeMs = eventAgeMs
        self.outcome = outcome
        self.winners = winners
    }

    /// One player as everybody may see them.
    public struct Player: Hashable, Codable, Sendable {
        /// The seat index.
        public var seat: Int
        /// The display name.
        public var name: String
        /// Cards in the face-down closed pile.
        public var closed: Int
        /// Cards in the face-up open pile.
        public var open: Int
        /// The top card of the open pile, if any.
        public var top: Card?
        /// Whether the player has no cards and is out.
        public var out: Bool
        /// Whether the player has left the game.
        public var gone: Bool
        /// Whether the player's connection is down (their turn timer is paused).
        public var away: Bool
        /// Whether the player has confirmed the deal.
        public var ready: Bool

        /// Creates a player entry.
        public init(seat: Int, name: String, closed: Int, open: Int, top: Card?, out: Bool, gone: Bool, away: Bool, ready: Bool) {
            self.seat = seat
            self.name = name
            self.closed = closed
            self.open = open
            self.top = top
            self.out = out
            self.gone = gone
            self.away = away
            self.ready = ready
        }

        /// All the player's cards.
        public var cards: Int { closed + open }
    }
}

extension SnapView {
    /// The viewer's own entry; nil for a spectator.
    public var mine: Player? { players.first { $0.seat == me } }

    /// The entry for seat index `seat`.
    public func player(_ seat: Int?) -> Player? { players.first { $0.seat == seat } }

    /// Whether two or more top open cards share a rank.
    public var hasMatch: Bool {
        let ranks = players.compactMap(\.top?.rank)
        return Set(ranks).count < ranks.count
    }
}
