import PartyKit

/// The rules of TwentyFour: timed rounds in which everyone makes 24 from the same four numbers.
///
/// - Every round deals four numbers from 1 to 9 that the solver proved solvable.
/// - The host checks every answer and measures its time from the moment that player got the
///   challenge (the round's start, or the moment they joined it).
/// - A round ends when its time is up, or early when nobody is still guessing; a pause follows,
///   then the next round. With `rounds` set, the game is over when the last round ends (most
///   rounds won wins, ties share the win, nobody winning a round is a draw), or when everybody
///   has left; with `rounds` 0 it never ends on its own (`outcome` stays nil).
/// - A newcomer with more than 20 seconds left gets the challenge at once; otherwise they wait.
/// - Players who leave drop out of the results and scores at once, so leaving never stalls a
///   round and the round is won by the fastest solver still seated when it ends; their rounds won
///   are kept for the final standings, where they come last (until a newcomer gets that seat).
/// - The solution is shown only after the round has ended, to everyone who did not find one —
///   also to a player who gave up (they could otherwise pass it on to those still guessing).
public struct TwentyFour: GameRules {
    public typealias Move = TwentyFourMove
    public typealias View = TwentyFourView
    public typealias Rejection = TwentyFourRejection
    public typealias Configuration = TwentyFourConfiguration
    typealias Standing = TwentyFourView.Standing

    public static let descriptor = GameDescriptor(
        id: "twentyfour", title: "TwentyFour", minPlayers: 1, maxPlayers: 16, joinInProgress: true,
        summary: "Timed rounds for any number of players: make 24 from four numbers with + − × ÷.",
        howToPlay: "Make 24 from the four numbers, each used once, with + − × / and ( ); Enter.",
        rules: [
            "Everyone gets the same four numbers at once; the round has a time limit.",
            "Make 24 with + − × ÷ and brackets, using each number exactly once.",
            "The fastest right answer wins the round; the most rounds won wins.",
        ]
    )

    /// A newcomer gets the running round's challenge only with more than this much time left.
    public static let joinCutoffMs: Int64 = 20_000

    /// One seated player and their part in the current round.
    struct Player: Hashable, Sendable {
        var name: String
        var standing: Standing
        /// When this player got the current challenge.
        var since: GameInstant
        var ms: Int64?
        var expression: String?
        var reply: String?
        var won = 0
        var solved = 0
    }

    /// The round's challenge and the solution shown when it ends.
    struct Challenge: Hashable, Sendable {
        var numbers: [Int]
        var solution: String
    }

    let configuration: TwentyFourConfiguration
    var random: SeededRandom
    var players: [SeatID: Player] = [:]
    /// Players who left, kept for the final standings (until a newcomer is given the same seat).
    var leavers: [SeatID: Player] = [:]
    /// Every seat that started or joined, in that order (the standings' order within a tie).
    var order: [SeatID] = []
    /// How the game ended; nil while it runs (always, with `rounds` 0).
    public internal(set) var outcome: GameOutcome?
    var round = 0
    var phase: TwentyFourView.Phase = .pause
    var challenge = Challenge(numbers: [], solution: "")
    /// The end of the round (in a round) or of the pause (in a pause).
    var deadline: GameInstant

    public init(setup: GameSetup<TwentyFourConfiguration>) {
        configuration = setup.configuration
        random = SeededRandom(seed: setup.seed)
        deadline = setup.now
        for seat in setup.seats {
            players[seat.id] = Player(name: seat.name, standing: .waiting, since: setup.now)
            if !order.contains(seat.id) { order.append(seat.id) }
        }
        startRound(at: setup.now)
    }

    public var schedule: Schedule {
        guard outcome == nil else { return .idle }
        return Schedule(turn: phase == .round ? .everyone : .nobody, deadline: deadline)
    }

    public mutating func apply(_ move: TwentyFourMove, from seat: SeatID, at now: GameInstant) throws(TwentyFourRejection) {
        guard outcome == nil else { throw .gameOver }
        guard phase == .round, let player = players[seat] else { throw .notInRound }
        switch player.standing {
        case .waiting: throw .notInRound
        case .solved: throw .alreadySolved
        case .gaveUp: throw .gaveUp
        case .ranOutOfTime: throw .timeUp
        case .guessing, .newGuessing: break
        }
        guard now < deadline else { throw .timeUp }
        switch move {
        case .giveUp:
            players[seat]?.standing = .gaveUp
            players[seat]?.reply = "You gave up. A solution will be shown when the round ends."
        case .submit(let text):
            do {
                try ExpressionParser.check(text, numbers: challenge.numbers)
            } catch {
                throw .wrongAnswer(error)
            }
            let ms = max(0, now.milliseconds(since: player.since))
            players[seat]?.standing = .solved
            players[seat]?.ms = ms
            players[seat]?.expression = text.trimmingWhitespace()
            players[seat]?.solved += 1
            players[seat]?.reply = "Correct! 24 in \(TwentyFourView.seconds(ms)) seconds."
        }
        endRoundIfNobodyGuessing(at: now)
    }

    public mutating func advance(to now: GameInstant) {
        guard outcome == nil, now >= deadline else { return }
        switch phase {
        case .round: endRound(at: now)
        case .pause: startRound(at: now)
        }
    }

    public mutating func join(_ seat: Seat, at now: GameInstant) {
        guard outcome == nil else { return }
        if players[seat.id] != nil {
            players[seat.id]?.name = seat.name
            return
        }
        if !order.contains(seat.id) { order.append(seat.id) }
        // The host gives a freed seat number to the next newcomer: a fresh player, who takes the
        // leaver's place in the standings (a seat is listed once).
        leavers[seat.id] = nil
        var player = Player(name: seat.name, standing: .waiting, since: now)
        if phase == .round, deadline.milliseconds(since: now) > Self.joinCutoffMs {
            player.standing = .newGuessing
        }
        players[seat.id] = player
    }

    public mutating func leave(_ seat: SeatID, at now: GameInstant) {
        guard outcome == nil, let player = players.removeValue(forKey: seat) else { return }
        leavers[seat] = player
        if configuration.rounds > 0, players.isEmpty {
            finish(reason: .playersLeft)
            return
        }
        endRoundIfNobodyGuessing(at: now)
    }

    /// The four numbers of the current (or just finished) round.
    public var numbers: [Int] { challenge.numbers }

    /// The round number, from 1.
    public var roundNumber: Int { round }

    /// The number of rounds in the game, nil when it has no end.
    public var roundCount: Int? { configuration.rounds > 0 ? configuration.rounds : nil }

    // MARK: - Rounds

    private mutating func startRound(at now: GameInstant) {
        guard !players.isEmpty else {
            // Nobody to deal to: wait another pause rather than deal puzzles nobody plays.
            phase = .pause
            deadline = now.adding(seconds: Double(configuration.pauseSeconds))
            return
        }
        round += 1
        challenge = Self.deal(using: &random)
        for seat in players.keys {
            players[seat]?.standing = .guessing
            players[seat]?.since = now
            players[seat]?.ms = nil
            players[seat]?.expression = nil
            players[seat]?.reply = nil
        }
        phase = .round
        deadline = now.adding(seconds: Double(configuration.roundSeconds))
    }

    private mutating func endRound(at now: GameInstant) {
        for (seat, player) in players where player.standing.isGuessing {
            players[seat]?.standing = .ranOutOfTime
            players[seat]?.reply = "Time is up."
        }
        // The solution is shown now: no more "will be shown".
        for (seat, player) in players where player.standing == .gaveUp {
            players[seat]?.reply = "You gave up."
        }
        let fastest = players.values.compactMap(\.ms).min()
        if let fastest {
            for (seat, player) in players where player.ms == fastest {
                players[seat]?.won += 1
            }
        }
        phase = .pause
        if configuration.rounds > 0, round >= configuration.rounds {
            finish(reason: .won)
            return
        }
        deadline = now.adding(seconds: Double(configuration.pauseSeconds))
    }

    private mutating func endRoundIfNobodyGuessing(at now: GameInstant) {
        guard phase == .round, !players.values.contains(where: { $0.standing.isGuessing }) else { return }
        endRound(at: now)
    }

    /// Deals four numbers from 1 to 9 that can make 24, ascending.
    static func deal(using random: inout SeededRandom) -> Challenge {
        let (a, b, c, d, solution) = SolvableChallenges.all[Int(random.next() % UInt64(SolvableChallenges.all.count))]
        return Challenge(numbers: [a, b, c, d], solution: solution)
    }
}
