import PartyKit

/// The rules of Rock Paper Scissors for 2–8 players: simultaneous secret choices, best of N rounds.
///
/// - **Rounds.** Every seated player secretly chooses Rock, Paper or Scissors within
///   `round-seconds` (15 by default). A choice is final. The round is revealed as soon as everyone
///   in it has chosen, or when its time runs out; the reveal stays up for `reveal-seconds`, then the
///   next round starts.
/// - **Secrecy.** Until the reveal, nobody (other players, spectators, plain-text clients) sees
///   *what* anyone chose; views show only *who* has chosen. A player sees their own choice.
/// - **Scoring.** Each player scores one point for every opponent whose shape theirs beats (rock
///   beats scissors, scissors beat paper, paper beats rock). A player who has not chosen when the
///   time runs out shows nothing: they score nothing, and every player who did choose scores a point
///   against them. With two players this is simply one point for the round's winner; a round where
///   all show the same shape (or, with three or more, the points cancel out) scores nothing but
///   still counts as a round.
/// - **End.** The game lasts at most `rounds` rounds (5 by default: "best of 5"), and ends early as
///   soon as the leader can no longer be caught: every other player, even scoring the most possible
///   (one point per opponent) in every round left, would stay below them. The highest score wins;
///   players level at the top share the win; if everyone is level, it is a draw.
/// - **Joining and leaving.** Players may join a running game: they sit out the current round
///   (shown as waiting) and play from the next one with 0 points. A player who leaves is removed at
///   once with their score and their choice; the round is then revealed among those left if they
///   have all chosen. When fewer than two players remain, the game ends and the one left wins.
public struct RockPaperScissors: GameRules {
    /// A move shows a shape.
    public typealias Move = RockPaperScissorsMove
    /// What one viewer sees.
    public typealias View = RockPaperScissorsView
    /// Why a move is refused.
    public typealias Rejection = RockPaperScissorsRejection
    /// The number of rounds, the round time and the reveal pause.
    public typealias Configuration = RockPaperScissorsConfiguration
    /// The phase of the game.
    public typealias Phase = RockPaperScissorsView.Phase

    /// Rock Paper Scissors's id (as typed after `--game`), title and player counts.
    public static let descriptor = GameDescriptor(
        id: "rps",
        title: "Rock Paper Scissors",
        minPlayers: 2,
        maxPlayers: 8,
        joinInProgress: true,
        summary: "Best of N rounds of secret, simultaneous Rock, Paper or Scissors for 2 to 8 players.",
        howToPlay: "Pick 1 rock, 2 paper or 3 scissors in secret: rock > scissors > paper > rock",
        rules: [
            "Everyone picks rock, paper or scissors in secret, then all are shown.",
            "Rock beats scissors, scissors beat paper, paper beats rock.",
            "You score a point for every other player your shape beats.",
            "The most points after the last round wins.",
        ]
    )

    /// One player at the table.
    public struct Player: Hashable, Sendable {
        /// Where they sit and their name.
        public var seat: Seat
        /// Points so far.
        public var score: Int
        /// Whether they play in the current round (false for someone who joined during it).
        public var inRound: Bool
    }

    /// The settings this game was started with.
    public let configuration: RockPaperScissorsConfiguration
    /// The players still in the game, in seat order.
    public internal(set) var players: [Player]
    /// The current round, from 1.
    public internal(set) var round: Int
    /// Choosing, looking at a reveal, or over.
    public internal(set) var phase: Phase
    /// The secret choices made so far in the current round. Never put into a view for another seat.
    public internal(set) var choices: [SeatID: Shape]
    /// The end of the current round (while choosing) or of the reveal; nil once the game is over.
    public internal(set) var deadline: GameInstant?
    /// The last revealed round, public to everyone.
    public internal(set) var lastRound: RockPaperScissorsView.Reveal?
    /// The result, once the game is over.
    public internal(set) var outcome: GameOutcome?
    /// Players who left, in the order they left (placed last in the standings).
    var leavers: [Player] = []

    /// Starts round 1 at `setup.now` with everyone at 0 points.
    public init(setup: GameSetup<RockPaperScissorsConfiguration>) {
        configuration = setup.configuration
        players = setup.seats.sorted { $0.id < $1.id }.map { Player(seat: $0, score: 0, inRound: false) }
        round = 0
        phase = .choosing
        choices = [:]
        deadline = nil
        lastRound = nil
        outcome = nil
        if players.count < 2 {
            finish(GameOutcome(winners: players.map(\.seat.id), reason: .playersLeft,
                               summary: "Not enough players to play Rock Paper Scissors", standings: standings()))
            return
        }
        startRound(at: setup.now)
    }

    /// Seats in the current round that have not chosen yet (empty outside a round).
    public var pendingSeats: Set<SeatID> {
        guard outcome == nil, phase == .choosing else { return [] }
        return Set(players.filter { $0.inRound && choices[$0.seat.id] == nil }.map(\.seat.id))
    }

    /// Records `move.shape` as `seat`'s secret choice, revealing the round when it was the last one missing.
    public mutating func apply(_ move: RockPaperScissorsMove, from seat: SeatID, at now: GameInstant) throws(RockPaperScissorsRejection) {
        // Every check comes first: a rejected move leaves the state exactly as it was.
        guard outcome == nil else { throw .gameOver }
        guard let player = players.first(where: { $0.seat.id == seat }) else { throw .notInRound }
        guard phase == .choosing else { throw .roundRevealed }
        guard player.inRound else { throw .notInRound }
        guard choices[seat] == nil else { throw .alreadyChosen }
        guard let deadline, now < deadline else { throw .timeUp }
        choices[seat] = move.shape
        if pendingSeats.isEmpty { resolve(at: now) }
    }

    /// Reveals the round when its time is up, or starts the next one when the reveal is over.
    public mutating func advance(to now: GameInstant) {
        guard outcome == nil, let deadline, now >= deadline else { return }
        switch phase {
        case .choosing: resolve(at: now)
        case .reveal: startRound(at: now)
        case .over: return
        }
    }

    /// Seats a newcomer, who waits for the next round and starts with 0 points.
    public mutating func join(_ seat: Seat, at now: GameInstant) {
        guard outcome == nil else { return }
        if let index = players.firstIndex(where: { $0.seat.id == seat.id }) {
            players[index].seat.name = seat.name
            return
        }
        players.append(Player(seat: seat, score: 0, inRound: false))
        players.sort { $0.seat.id < $1.seat.id }
    }

    /// Removes a player for good; the round goes on among those left, and the game ends below two players.
    public mutating func leave(_ seat: SeatID, at now: GameInstant) {
        guard outcome == nil, let index = players.firstIndex(where: { $0.seat.id == seat }) else { return }
        let leaver = players.remove(at: index)
        leavers.append(leaver)
        choices[seat] = nil
        if players.count < 2 {
            let summary = players.first.map { "\($0.seat.name) wins: \(leaver.seat.name) left the game" }
                ?? "\(leaver.seat.name) left the game"
            finish(GameOutcome(winners: players.map(\.seat.id), reason: .playersLeft, summary: summary, standings: standings()))
            return
        }
        if phase == .choosing && pendingSeats.isEmpty { resolve(at: now) }
    }

    /// While choosing, those who have not chosen may act until the round's end; during a reveal
    /// nobody may act until it ends; once over, nothing.
    public var schedule: Schedule {
        guard outcome == nil else { return .idle }
        switch phase {
        case .choosing: return Schedule(turn: .seats(pendingSeats), deadline: deadline)
        case .reveal: return Schedule(turn: .nobody, deadline: deadline)
        case .over: return .idle
        }
    }

    /// The three shapes: legal for a seat that still has to choose, rejected otherwise.
    public func candidateMoves(for seat: SeatID) -> [RockPaperScissorsMove] {
        Shape.allCases.map(RockPaperScissorsMove.init(shape:))
    }

    /// Starts the next round: everyone seated plays in it, nobody has chosen.
    private mutating func startRound(at now: GameInstant) {
        round += 1
        phase = .choosing
        choices = [:]
        for index in players.indices { players[index].inRound = true }
        deadline = now.adding(milliseconds: configuration.roundMilliseconds)
    }

    /// Reveals the round: scores it, makes its choices public, then ends the game or pauses for the reveal.
    private mutating func resolve(at now: GameInstant) {
        let picks = players.filter(\.inRound).map { (seat: $0.seat.id, shape: choices[$0.seat.id]) }
        let points = Self.points(for: picks)
        for index in players.indices {
            players[index].score += points[players[index].seat.id] ?? 0
            players[index].inRound = false
        }
        lastRound = RockPaperScissorsView.Reveal(
            round: round,
            picks: picks.map { RockPaperScissorsView.Pick(seat: $0.seat, shape: $0.shape, points: points[$0.seat] ?? 0) }
        )
        choices = [:]
        if let result = decidedOutcome() {
            finish(result)
        } else {
            phase = .reveal
            deadline = now.adding(milliseconds: configuration.revealMilliseconds)
        }
    }

    /// Records the result; with no deadline and nobody to move, the schedule becomes idle.
    private mutating func finish(_ result: GameOutcome) {
        outcome = result
        phase = .over
        deadline = nil
        choices = [:]
    }
}
