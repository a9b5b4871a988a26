import PartyKit

/// The audience's predictions for one game, as a pure value: who predicted which seat, whether
/// predictions are still open, and who was right. The session owns it from the game's start to
/// its end; it never sees a connection.
struct AudiencePredictions: Sendable {
    /// The game number the predictions are for.
    let game: Int
    /// When predictions close by time (they close earlier at the first move).
    let closesAt: GameInstant
    /// False once the first move was played or `closesAt` passed.
    private(set) var isOpen = true
    /// Each predictor's seat, in the order they predicted.
    private(set) var picks: [(predictor: Predictor, seat: Int)] = []
    /// Predictions per seat.
    private(set) var votes: [Int: Int] = [:]
    /// Each predictor's seat, for finding it at once (ten thousand predictions a second).
    private var seats: [Predictor: Int] = [:]

    /// Predictions for game `game`, open until `closesAt`.
    init(game: Int, closesAt: GameInstant) {
        self.game = game
        self.closesAt = closesAt
    }

    /// How many predictions there are.
    var total: Int { picks.count }

    /// The seat `predictor` chose, if any.
    func seat(of predictor: Predictor) -> Int? {
        seats[predictor]
    }

    /// Records `predictor`'s prediction for `seat` (one of `seats`, named by `name`), or says why not.
    mutating func predict(_ predictor: Predictor, seat: Int, seats: Set<Int>, name: (Int) -> String) throws(PredictionRejection) {
        guard isOpen else { throw .closed }
        if let earlier = self.seat(of: predictor) { throw .alreadyPredicted(name: name(earlier)) }
        guard seats.contains(seat) else { throw .unknownSeat(seat) }
        picks.append((predictor, seat))
        self.seats[predictor] = seat
        votes[seat, default: 0] += 1
    }

    /// Closes predictions (at the first move, or when the time ran out). False when already closed.
    @discardableResult
    mutating func close() -> Bool {
        guard isOpen else { return false }
        isOpen = false
        return true
    }

    /// `votes` as a whole percentage of all predictions, rounded half up (0 while there are none).
    func percent(_ votes: Int) -> Int {
        total == 0 ? 0 : (votes * 200 + total) / (2 * total)
    }
}
