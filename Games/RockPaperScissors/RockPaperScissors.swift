import PartyKit

/// The rules of RockPaperScissors: players take turns adding 1, 2 or 3 to a running total, and whoever brings
/// it to exactly the target (21 by default) wins.
///
/// This is the game `new-game` generated: small, but it uses every part of the API a real game
/// needs. Seats move in turn order (seat order, the start rotating with `GameSetup.gameNumber`);
/// each turn has a time limit (`turn-seconds`), and when it runs out the host calls
/// `advance(to:)` and the rules add 1 for the player. Nothing is hidden. Replace it with your game.
public struct RockPaperScissors: GameRules {
    /// A move adds an amount to the total.
    public typealias Move = RockPaperScissorsMove
    /// What one viewer sees.
    public typealias View = RockPaperScissorsView
    /// Why a move is refused.
    public typealias Rejection = RockPaperScissorsRejection
    /// The target and the turn time limit.
    public typealias Configuration = RockPaperScissorsConfiguration

    /// The smallest amount a move may add.
    public static let smallestStep = 1
    /// The largest amount a move may add.
    public static let largestStep = 3

    /// RockPaperScissors's id (as typed after `--game`), title and player counts.
    public static let descriptor = GameDescriptor(
        id: "rps",
        title: "Rock Paper Scissors",
        minPlayers: 2,
        maxPlayers: 6,
        joinInProgress: false,
        summary: "Take turns adding 1, 2 or 3 to a running total; whoever reaches the target exactly wins."
    )

    /// The settings this game was started with.
    public let configuration: RockPaperScissorsConfiguration
    /// The players still in the game, in turn order.
    public private(set) var players: [Seat]
    /// The running total.
    public private(set) var total: Int
    /// The index in `players` of the player to move.
    public private(set) var turnIndex: Int
    /// When the current turn runs out; nil once the game is over.
    public private(set) var turnDeadline: GameInstant?
    /// The last move made, if any: who, how much, and whether the clock made it for them.
    public private(set) var lastMove: RockPaperScissorsView.LastMove?
    /// The result, once the game is over.
    public private(set) var outcome: GameOutcome?

    /// Starts a game at total 0; the first player rotates with every rematch.
    public init(setup: GameSetup<RockPaperScissorsConfiguration>) {
        configuration = setup.configuration
        players = setup.seats
        total = 0
        turnIndex = setup.seats.isEmpty ? 0 : setup.gameNumber % setup.seats.count
        lastMove = nil
        outcome = nil
        turnDeadline = setup.now.adding(milliseconds: configuration.turnMilliseconds)
        if players.count < 2 {
            finish(GameOutcome(winners: players.map(\.id), reason: .playersLeft, summary: "Not enough players to play Rock Paper Scissors"))
        }
    }

    /// The seat whose turn it is, while the game runs.
    public var currentSeat: SeatID? {
        guard outcome == nil, players.indices.contains(turnIndex) else { return nil }
        return players[turnIndex].id
    }

    /// Adds `move.amount` for `seat`, or throws why it cannot (leaving the state unchanged).
    public mutating func apply(_ move: RockPaperScissorsMove, from seat: SeatID, at now: GameInstant) throws(RockPaperScissorsRejection) {
        // Check everything first and change the state only after the last check: a rejected move
        // must leave the state exactly as it was.
        guard outcome == nil, let current = currentSeat else { throw .gameOver }
        guard current == seat else { throw .notYourTurn }
        guard (Self.smallestStep...Self.largestStep).contains(move.amount) else {
            throw .amountOutOfRange(amount: move.amount)
        }
        guard total + move.amount <= configuration.target else {
            throw .passesTarget(amount: move.amount, total: total, target: configuration.target)
        }
        add(move.amount, timedOut: false, at: now)
    }

    /// Ends the current turn when its time is up: the clock adds 1 for the player to move.
    public mutating func advance(to now: GameInstant) {
        // The host may call this at any time, so do something only when the deadline has passed.
        guard outcome == nil, let deadline = turnDeadline, now >= deadline else { return }
        add(Self.smallestStep, timedOut: true, at: now)
    }

    /// A player left for good: they drop out of the turn order; the last one left wins.
    public mutating func leave(_ seat: SeatID, at now: GameInstant) {
        guard outcome == nil, let index = players.firstIndex(where: { $0.id == seat }) else { return }
        let leaver = players.remove(at: index)
        if players.count < 2 {
            let summary = players.first.map { "\($0.name) wins: \(leaver.name) left the game" }
                ?? "\(leaver.name) left the game"
            finish(GameOutcome(winners: players.map(\.id), reason: .playersLeft, summary: summary))
            return
        }
        if index < turnIndex {
            turnIndex -= 1
        } else if index == turnIndex {
            // The next player's turn starts now, with a full clock.
            turnIndex %= players.count
            turnDeadline = now.adding(milliseconds: configuration.turnMilliseconds)
        }
    }

    /// The player to move may act until the turn runs out; nobody may act once the game is over.
    public var schedule: Schedule {
        guard let seat = currentSeat else { return .idle }
        return Schedule(turn: .seat(seat), deadline: turnDeadline)
    }

    /// Every move worth trying, including illegal amounts so the conformance suite tests rejections.
    public func candidateMoves(for seat: SeatID) -> [RockPaperScissorsMove] {
        (Self.smallestStep - 1...Self.largestStep + 1).map { RockPaperScissorsMove(amount: $0) }
    }

    /// Adds `amount` for the player to move, then ends the game or passes the turn on.
    private mutating func add(_ amount: Int, timedOut: Bool, at now: GameInstant) {
        let mover = players[turnIndex]
        total += amount
        lastMove = RockPaperScissorsView.LastMove(seat: mover.id, amount: amount, timedOut: timedOut)
        if total >= configuration.target {
            finish(GameOutcome(winners: [mover.id], reason: .won, summary: "\(mover.name) reaches \(total) and wins"))
            return
        }
        turnIndex = (turnIndex + 1) % players.count
        turnDeadline = now.adding(milliseconds: configuration.turnMilliseconds)
    }

    /// Records the result; with no deadline and nobody to move, the schedule becomes idle.
    private mutating func finish(_ result: GameOutcome) {
        outcome = result
        turnDeadline = nil
    }
}
