import PartyKit

/// What one viewer sees of a RockPaperScissors game; the host sends it to that viewer's client as JSON.
///
/// Keep views small with simple field names, for example
/// `{"total":14,"target":21,"players":[0,1],"turn":1,"you":0,"remainingMs":29500,
/// "last":{"seat":0,"amount":3,"timedOut":false}}`.
public struct RockPaperScissorsView: Hashable, Codable, Sendable {
    /// The running total.
    public var total: Int
    /// The total to reach.
    public var target: Int
    /// The players still in the game, in turn order.
    public var players: [SeatID]
    /// Whose turn it is; nil once the game is over.
    public var turn: SeatID?
    /// The viewer's own seat; nil for a spectator.
    public var you: SeatID?
    /// Milliseconds left in the current turn when the host sent the view; nil once the game is over.
    public var remainingMs: Int64?
    /// The last move made, if any.
    public var last: LastMove?
    /// The winner, once someone has won.
    public var winner: SeatID?
    /// The result for people ("Alice reaches 21 and wins"); nil while the game runs.
    public var outcome: String?

    /// Creates a view.
    public init(
        total: Int, target: Int, players: [SeatID], turn: SeatID?, you: SeatID?, remainingMs: Int64?,
        last: LastMove? = nil, winner: SeatID? = nil, outcome: String? = nil
    ) {
        self.total = total
        self.target = target
        self.players = players
        self.turn = turn
        self.you = you
        self.remainingMs = remainingMs
        self.last = last
        self.winner = winner
        self.outcome = outcome
    }

    /// A move as the view reports it.
    public struct LastMove: Hashable, Codable, Sendable {
        /// Who moved.
        public var seat: SeatID
        /// How much was added.
        public var amount: Int
        /// Whether the clock added it because the turn ran out.
        public var timedOut: Bool

        /// Creates a report of a move.
        public init(seat: SeatID, amount: Int, timedOut: Bool) {
            self.seat = seat
            self.amount = amount
            self.timedOut = timedOut
        }

        /// "Bob added 3" or "Bob ran out of time: +1".
        public func sentence(context: PresenterContext) -> String {
            let name = context.name(of: seat)
            return timedOut ? "\(name) ran out of time: +\(amount)" : "\(name) added \(amount)"
        }
    }

    /// Whether the game has ended.
    public var isOver: Bool { outcome != nil }

    /// The amounts `seat` may add now according to this view: none unless it is their turn.
    public func legalAmounts(for seat: SeatID?) -> [Int] {
        guard !isOver, let seat, turn == seat else { return [] }
        return (RockPaperScissors.smallestStep...RockPaperScissors.largestStep).filter { total + $0 <= target }
    }

    /// Seconds left in the turn, `elapsedMilliseconds` after the view arrived, rounded up.
    public func secondsLeft(elapsedMilliseconds: Int64) -> Int64? {
        remainingMs.map { (max(0, $0 - max(0, elapsedMilliseconds)) + 999) / 1000 }
    }

    /// Whose turn it is and how long is left, or the result: "Your turn: add 1, 2 or 3 (12 s left)".
    public func status(context: PresenterContext, elapsedMilliseconds: Int64) -> String {
        if let outcome { return outcome }
        guard let turn else { return "" }
        let clock = secondsLeft(elapsedMilliseconds: elapsedMilliseconds).map { " (\($0) s left)" } ?? ""
        let viewer = context.seat ?? you
        if turn == viewer {
            let amounts = legalAmounts(for: turn).map(String.init)
            let choices = amounts.count > 1
                ? amounts.dropLast().joined(separator: ", ") + " or " + amounts[amounts.count - 1]
                : amounts.joined()
            return "Your turn: add \(choices)\(clock)"
        }
        return "\(context.name(of: turn)) to move\(clock)"
    }
}
