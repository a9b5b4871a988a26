import PartyKit

/// What one viewer sees of a Rock Paper Scissors game; the host sends it to that viewer's client as JSON.
///
/// While a round is open it says *who* has chosen (`chosen`) but never *what*: the only shape in
/// it is the viewer's own (`mine`). Shapes appear in `last` once a round is revealed. For example
/// `{"round":2,"rounds":5,"phase":"choosing","remainingMs":9500,"you":0,"mine":"rock",
/// "players":[{"seat":0,"score":1,"chosen":true,"waiting":false},…],"last":{"round":1,"picks":[…]}}`.
public struct RockPaperScissorsView: Hashable, Codable, Sendable {
    /// The current round, from 1.
    public var round: Int
    /// The most rounds the game lasts.
    public var rounds: Int
    /// Choosing, looking at a reveal, or over.
    public var phase: Phase
    /// Milliseconds left to choose (or of the reveal) when the host sent the view; nil once over.
    public var remainingMs: Int64?
    /// The viewer's own seat; nil for a spectator.
    public var you: SeatID?
    /// The viewer's own choice this round, if made; never anyone else's.
    public var mine: Shape?
    /// Everyone at the table, in seat order.
    public var players: [Row]
    /// The last revealed round.
    public var last: Reveal?
    /// The winners, once the game is over.
    public var winners: [SeatID]
    /// The result for people; nil while the game runs.
    public var outcome: String?

    /// Creates a view.
    public init(
        round: Int, rounds: Int, phase: Phase, remainingMs: Int64?, you: SeatID?, mine: Shape?,
        players: [Row], last: Reveal? = nil, winners: [SeatID] = [], outcome: String? = nil
    ) {
        self.round = round
        self.rounds = rounds
        self.phase = phase
        self.remainingMs = remainingMs
        self.you = you
        self.mine = mine
        self.players = players
        self.last = last
        self.winners = winners
        self.outcome = outcome
    }

    /// Where the game is.
    public enum Phase: String, Hashable, Codable, Sendable {
        /// Players are choosing in secret.
        case choosing
        /// The last round is shown; the next starts soon.
        case reveal
        /// The game has ended.
        case over
    }

    /// One player as everyone may see them.
    public struct Row: Hashable, Codable, Sendable {
        /// Their seat.
        public var seat: SeatID
        /// Their points.
        public var score: Int
        /// Whether they have chosen in the open round (not what).
        public var chosen: Bool
        /// Whether they sit out the current round (they joined during it).
        public var waiting: Bool

        /// Creates a row.
        public init(seat: SeatID, score: Int, chosen: Bool, waiting: Bool) {
            self.seat = seat
            self.score = score
            self.chosen = chosen
            self.waiting = waiting
        }
    }

    /// A revealed round: every shape shown, and the points it scored.
    public struct Reveal: Hashable, Codable, Sendable {
        /// Which round.
        public var round: Int
        /// One pick per player who was in the round, in seat order.
        public var picks: [Pick]

        /// Creates a reveal.
        public init(round: Int, picks: [Pick]) {
            self.round = round
            self.picks = picks
        }
    }

    /// What one player showed in a revealed round.
    public struct Pick: Hashable, Codable, Sendable {
        /// Who.
        public var seat: SeatID
        /// Their shape; nil when they did not choose in time.
        public var shape: Shape?
        /// The points it scored.
        public var points: Int

        /// Creates a pick.
        public init(seat: SeatID, shape: Shape?, points: Int) {
            self.seat = seat
            self.shape = shape
            self.points = points
        }
    }

    /// Whether the game has ended.
    public var isOver: Bool { phase == .over }

    /// The viewer's row, if they are seated.
    public var myRow: Row? { players.first { $0.seat == you } }

    /// Whether `seat` may choose now according to this view: a player in the open round who has not chosen.
    public func mayChoose(_ seat: SeatID?) -> Bool {
        guard phase == .choosing, (remainingMs ?? 0) > 0, let seat, seat == you, mine == nil,
              let row = players.first(where: { $0.seat == seat }) else { return false }
        return !row.waiting && !row.chosen
    }

    /// Seconds left, `elapsedMilliseconds` after the view arrived, rounded up.
    public func secondsLeft(elapsedMilliseconds: Int64) -> Int64? {
        remainingMs.map { (max(0, $0 - max(0, elapsedMilliseconds)) + 999) / 1000 }
    }

    /// Players in the open round who have not chosen yet.
    public var stillChoosing: [SeatID] {
        guard phase == .choosing else { return [] }
        return players.filter { !$0.waiting && !$0.chosen }.map(\.seat)
    }

    /// "Alice: Rock +1, Bob: Scissors, Carol: —".
    public func revealSentence(context: PresenterContext) -> String? {
        guard let last else { return nil }
        return "Round \(last.round): " + last.picks.map { pick in
            let shape = pick.shape?.name ?? "no choice"
            return "\(context.name(of: pick.seat)) \(shape) +\(pick.points)"
        }.joined(separator: ", ")
    }

    /// What is going on, for the status line and plain text: the result, a prompt with the time
    /// left, whom the round waits for, or the countdown to the next round.
    public func status(context: PresenterContext, elapsedMilliseconds: Int64) -> String {
        if let outcome { return outcome }
        let seconds = secondsLeft(elapsedMilliseconds: elapsedMilliseconds) ?? 0
        switch phase {
        case .over:
            return "The game is over."
        case .reveal:
            return round >= rounds ? "Last round." : "Round \(round + 1) of \(rounds) starts in \(seconds) s."
        case .choosing:
            let viewer = context.seat ?? you
            if mayChoose(viewer) { return "Round \(round) of \(rounds): choose your shape (\(seconds) s left)" }
            let waitingFor = stillChoosing.map { context.name(of: $0) }
            let prefix = mine.map { "You chose \($0.name). " } ?? (myRow?.waiting == true ? "You play from the next round. " : "")
            let list = waitingFor.count > 3 ? "\(waitingFor.count) players" : RockPaperScissors.list(waitingFor)
            return "\(prefix)Waiting for \(list) (\(seconds) s left)"
        }
    }
}
