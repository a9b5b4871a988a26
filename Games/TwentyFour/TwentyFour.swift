import PartyKit

/// The rules of TwentyFour: timed rounds in which everyone makes 24 from the same four numbers.
///
/// - Every round deals four numbers from 1 to 9 that the solver proved solvable.
/// - The host checks every answer and measures its time from the moment that player got the
///   challenge (the round's start, or the moment they joined it).
/// - A round ends when its time is up, or early when nobody is still guessing; a pause follows,
///   then the next round. The game never ends on its own (`outcome` stays nil).
/// - A newcomer with more than 20 seconds left gets the challenge at once; otherwise they wait.
/// - Players who leave are forgotten at once (results and scores), so leaving never stalls a round;
///   the round is won by the fastest solver still seated when it ends.
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
        howToPlay: "Make 24 from the four numbers, each used once, with + − × / and ( ); Enter."
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
        }
        startRound(at: setup.now)
    }

    public var schedule: Schedule {
        Schedule(turn: phase == .round ? .everyone : .nobody, deadline: deadline)
    }

    /// TwentyFour never ends on its own; the host stops it when everybody leaves.
    public var outcome: GameOutcome? { nil }

    public mutating func apply(_ move: TwentyFourMove, from seat: SeatID, at now: GameInstant) throws(TwentyFourRejection) {
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
        guard now >= deadline else { return }
        switch phase {
        case .round: endRound(at: now)
        case .pause: startRound(at: now)
        }
    }

    public mutating func join(_ seat: Seat, at now: GameInstant) {
        if players[seat.id] != nil {
            players[seat.id]?.name = seat.name
            return
        }
        var player = Player(name: seat.name, standing: .waiting, since: now)
        if phase == .round, deadline.milliseconds(since: now) > Self.joinCutoffMs {
            player.standing = .newGuessing
        }
        players[seat.id] = player
    }

    public mutating func leave(_ seat: SeatID, at now: GameInstant) {
        players[seat] = nil
        endRoundIfNobodyGuessing(at: now)
    }

    /// The four numbers of the current (or just finished) round.
    public var numbers: [Int] { challenge.numbers }

    /// The round number, from 1.
    public var roundNumber: Int { round }

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
