import PartyKit
import Synchronization

/// The one rule a `RaceGame` variant breaks on purpose, to prove `GameConformance` notices.
enum Flaw: Sendable {
    /// None: the game follows the `GameRules` contract.
    case none
    /// A refused move still counts a mistake in the state.
    case rejectionMutates
    /// Once the total reaches 5 nobody may act and no deadline is set.
    case stalls
    /// Every view shows every player's secret.
    case leaksSecrets
    /// Each new game takes a number from a process-wide counter, so a replay differs.
    case nondeterministic
    /// Moves are accepted from any seat, whoever's turn it is.
    case ignoresTurn
    /// The race has no finish line.
    case neverEnds
    /// The outcome has an empty summary.
    case silentOutcome
    /// The menu for a client without a presenter offers "Add 3", which the rules refuse.
    case mislabels
    /// The menu for a client without a presenter is always empty, so such a client cannot play.
    case emptyMenu
    /// The plain text has a line wider than 72 columns.
    case wideText
    /// The standings leave out the loser.
    case partialStandings
}

/// Chooses the flaw of a `RaceGame`.
protocol FlawChoice: Sendable {
    /// The flaw.
    static var flaw: Flaw { get }
}

/// The correct game.
enum NoFlaw: FlawChoice { static let flaw = Flaw.none }
/// See `Flaw.rejectionMutates`.
enum RejectionMutates: FlawChoice { static let flaw = Flaw.rejectionMutates }
/// See `Flaw.stalls`.
enum Stalls: FlawChoice { static let flaw = Flaw.stalls }
/// See `Flaw.leaksSecrets`.
enum LeaksSecrets: FlawChoice { static let flaw = Flaw.leaksSecrets }
/// See `Flaw.nondeterministic`.
enum Nondeterministic: FlawChoice { static let flaw = Flaw.nondeterministic }
/// See `Flaw.ignoresTurn`.
enum IgnoresTurn: FlawChoice { static let flaw = Flaw.ignoresTurn }
/// See `Flaw.neverEnds`.
enum NeverEnds: FlawChoice { static let flaw = Flaw.neverEnds }
/// See `Flaw.silentOutcome`.
enum SilentOutcome: FlawChoice { static let flaw = Flaw.silentOutcome }
/// See `Flaw.mislabels`.
enum Mislabels: FlawChoice { static let flaw = Flaw.mislabels }
/// See `Flaw.emptyMenu`.
enum EmptyMenu: FlawChoice { static let flaw = Flaw.emptyMenu }
/// See `Flaw.wideText`.
enum WideText: FlawChoice { static let flaw = Flaw.wideText }
/// See `Flaw.partialStandings`.
enum PartialStandings: FlawChoice { static let flaw = Flaw.partialStandings }

/// Counts games created by `Flaw.nondeterministic` variants: deliberately shared state, the very
/// thing the conformance suite must catch. An `Atomic` keeps it data-race free.
let raceGamesCreated = Atomic<UInt64>(0)

/// A tiny turn-based race to 10: on your turn add 1 or 2 to the total; whoever reaches 10 wins.
/// Each player also holds a secret number only they may see. `Choice` picks one broken rule.
struct RaceGame<Choice: FlawChoice>: GameRules {
    /// Add `amount` to the total.
    struct Move: Codable, Hashable, Sendable {
        /// 1 or 2 (3 is a candidate the rules refuse).
        var amount: Int
    }

    /// What one viewer sees.
    struct View: Codable, Hashable, Sendable {
        /// The total so far.
        var total: Int
        /// Whose turn it is.
        var turn: SeatID?
        /// The secrets this viewer may see, by seat index.
        var secrets: [Int: Int]
    }

    /// Why a move is refused.
    enum Rejection: GameRejection {
        /// Not this seat's turn.
        case notYourTurn
        /// Only 1 or 2 may be added.
        case badAmount(Int)
        /// The race is over.
        case over

        var code: String {
            switch self {
            case .notYourTurn: "notYourTurn"
            case .badAmount: "badAmount"
            case .over: "over"
            }
        }

        var description: String {
            switch self {
            case .notYourTurn: "It is not your turn."
            case .badAmount(let amount): "You may add 1 or 2, not \(amount)."
            case .over: "The race is over."
            }
        }
    }

    static var descriptor: GameDescriptor {
        GameDescriptor(id: "race", title: "Race to 10", minPlayers: 2, maxPlayers: 3, joinInProgress: false,
                       summary: "Add 1 or 2 in turn; whoever reaches 10 wins.",
                       howToPlay: "Press 1 or 2 on your turn; reach 10 first.")
    }

    var seats: [SeatID]
    var gone: Set<SeatID> = []
    var secrets: [Int]
    var total = 0
    var current: Int
    var mistakes = 0
    var instance: UInt64 = 0
    var outcome: GameOutcome?

    init(setup: GameSetup<NoConfiguration>) {
        var random = SeededRandom(seed: setup.seed)
        seats = setup.seats.map(\.id)
        secrets = seats.map { _ in Int.random(in: 0..<1000, using: &random) }
        current = setup.gameNumber % seats.count
        if Choice.flaw == .nondeterministic {
            instance = raceGamesCreated.add(1, ordering: .relaxed).newValue
        }
    }

    mutating func apply(_ move: Move, from seat: SeatID, at now: GameInstant) throws(Rejection) {
        guard outcome == nil else { throw .over }
        guard Choice.flaw == .ignoresTurn || seat == seats[current] else { throw .notYourTurn }
        guard (1...2).contains(move.amount) else {
            if Choice.flaw == .rejectionMutates { mistakes += 1 }
            throw .badAmount(move.amount)
        }
        total += move.amount
        if total >= 10 && Choice.flaw != .neverEnds {
            let summary = Choice.flaw == .silentOutcome ? "" : "\(seat) reached 10"
            let standings = Standing.winnersFirst([seat], of: seats)
            outcome = GameOutcome(winners: [seat], reason: .won, summary: summary,
                                  standings: Choice.flaw == .partialStandings ? Array(standings.prefix(1)) : standings)
        } else {
            passTurn()
        }
    }

    mutating func passTurn() {
        repeat { current = (current + 1) % seats.count } while gone.contains(seats[current])
    }

    mutating func advance(to now: GameInstant) {}

    mutating func leave(_ seat: SeatID, at now: GameInstant) {
        guard outcome == nil, seats.contains(seat), !gone.contains(seat) else { return }
        gone.insert(seat)
        let remaining = seats.filter { !gone.contains($0) }
        if remaining.count < 2 {
            outcome = GameOutcome(winners: remaining, reason: .playersLeft, summary: "Too few players are left",
                                  standings: Standing.winnersFirst(remaining, of: seats))
        } else if seats[current] == seat {
            passTurn()
        }
    }

    var schedule: Schedule {
        if outcome != nil { return .idle }
        if Choice.flaw == .stalls && total >= 5 { return Schedule(turn: .nobody) }
        return Schedule(turn: .seat(seats[current]))
    }

    func view(for viewer: Viewer, at now: GameInstant) -> View {
        var visible: [Int: Int] = [:]
        for (index, secret) in secrets.enumerated() where Choice.flaw == .leaksSecrets || viewer.seat?.index == index {
            visible[index] = secret
        }
        return View(total: total, turn: outcome == nil ? seats[current] : nil, secrets: visible)
    }

    func candidateMoves(for seat: SeatID) -> [Move] {
        [Move(amount: 1), Move(amount: 2), Move(amount: 3)]
    }

    static func plainText(of view: View, context: PresenterContext) -> String {
        var lines = ["Race to 10: the total is \(view.total)."]
        if let turn = view.turn {
            lines.append(turn == context.seat ? "Your turn: add 1 or 2." : "\(context.name(of: turn)) to add 1 or 2.")
        }
        for (index, secret) in view.secrets.sorted(by: { $0.key < $1.key }) {
            lines.append("\(context.name(of: SeatID(index)))'s secret: \(secret).")
        }
        if Choice.flaw == .wideText { lines.append(String(repeating: "=", count: 80)) }
        return lines.joined(separator: "\n")
    }

    static func labelledMoves(in view: View, for seat: SeatID) -> [LabelledMove<Move>] {
        guard view.turn == seat, Choice.flaw != .emptyMenu else { return [] }
        let amounts = Choice.flaw == .mislabels ? [1, 2, 3] : [1, 2]
        return amounts.map { LabelledMove("Add \($0)", Move(amount: $0)) }
    }

    func hidingInformation(from viewer: Viewer, using random: inout SeededRandom) -> Self {
        var copy = self
        for index in secrets.indices where viewer.seat?.index != index {
            copy.secrets[index] = Int.random(in: 0..<1000, using: &random)
        }
        return copy
    }
}
