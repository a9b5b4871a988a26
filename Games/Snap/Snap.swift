import PartyKit

/// The rules of Snap! for 2–4 players, as a pure state machine.
///
/// A shuffled deck is dealt clockwise from seat 0; after a short dealing phase the active player
/// turns cards from their face-down closed pile onto their face-up open pile, clockwise. When two
/// or more top open cards share a rank, anyone may call snap (`SnapMove.snap(seen:)`, an interrupt):
/// the first correct call wins every matching open pile. One player holding every card wins; after
/// the turn limit the most cards win (a tie is shared by the tied players, reason `limitReached`).
///
/// Cards that change hands (won piles, penalties, a leaver's cards) go face down under the
/// receiving closed pile; cards handed out one at a time go clockwise starting after the giver.
public struct Snap: GameRules {
    /// A turn, a snap call or a deal confirmation.
    public typealias Move = SnapMove
    /// Counts and top cards only.
    public typealias View = SnapView
    /// Why a move is refused.
    public typealias Rejection = SnapRejection
    /// Turn time and turn limit.
    public typealias Configuration = SnapConfiguration

    /// Snap!: 2–4 players, nobody joins once it runs.
    public static let descriptor = GameDescriptor(
        id: "snap", title: "Snap!", minPlayers: 2, maxPlayers: 4, joinInProgress: false,
        summary: "Turn cards in turn and be the first to call snap when two top cards match.",
        howToPlay: "Space turns your top card in turn; press s first when two top cards match.",
        rules: [
            "Players take turns turning their top card face up onto their own pile.",
            "Two top cards of one rank: call snap! The first right call wins those piles.",
            "A wrong call pays a card to each other player.",
            "Whoever holds every card wins (or the most cards at the turn limit).",
        ]
    )

    /// How long the dealing phase waits for confirmations, in milliseconds.
    public static let dealMilliseconds: Int64 = 5000
    /// How many tables back a snap call is still judged (older calls are refused as stale).
    public static let judgedTables = 64

    /// The players in seat order.
    var seats: [Seat]
    /// The settings.
    var configuration: SnapConfiguration
    /// Each seat's face-down pile; the last card is the top.
    var closed: [[Card]]
    /// Each seat's face-up pile; the last card is the top.
    var open: [[Card]]
    /// Seats that have left for good.
    var gone: Set<SeatID> = []
    /// Players without a card, with when they ran out (a count of the moments anyone did; those who
    /// ran out at the same moment share it); one who wins cards back is taken off.
    var outAt: [SeatID: Int] = [:]
    /// Seats whose connection is down.
    var away: Set<SeatID> = []
    /// Where the game is.
    var phase: SnapPhase = .dealing
    /// When dealing ends for those who did not confirm.
    var dealDeadline: GameInstant
    /// Seats that confirmed the deal.
    var confirmed: Set<SeatID> = []
    /// The first seat to play.
    var firstSeat: SeatID
    /// The seat whose turn it is while playing.
    var active: SeatID?
    /// When the active player's card is turned for them; nil while paused.
    var turnDeadline: GameInstant?
    /// Milliseconds left of a turn paused because the active player is away.
    var pausedRemaining: Int64?
    /// Cards turned so far.
    var turnNumber = 0
    /// The table number: grows whenever a top open card changes.
    var table = 0
    /// The top open cards at table `table`.
    var tops: [Card?]
    /// Recent table numbers that showed a match (the last `judgedTables`).
    var matchedTables: [Int] = []
    /// The first table of the current unbroken run of tables with a match; nil when there is none now.
    var matchSince: Int?
    /// The latest event.
    var event: SnapEvent?
    /// When the latest event happened.
    var eventAt = GameInstant.zero
    /// How many events happened.
    var eventCount = 0
    /// The result once the game is over.
    public internal(set) var outcome: GameOutcome?

    /// Shuffles the deck with the setup's seed and deals it clockwise from seat 0.
    public init(setup: GameSetup<SnapConfiguration>) {
        seats = setup.seats
        configuration = setup.configuration
        let count = setup.seats.count
        var random = SeededRandom(seed: setup.seed)
        var deck = Card.deck
        Self.shuffle(&deck, using: &random)
        closed = Array(repeating: [], count: count)
        open = Array(repeating: [], count: count)
        if count > 0 {
            for (index, card) in deck.enumerated() {
                closed[index % count].append(card)
            }
        }
        tops = Array(repeating: nil, count: count)
        dealDeadline = setup.now.adding(milliseconds: Self.dealMilliseconds)
        firstSeat = SeatID(count > 0 ? setup.gameNumber % count : 0)
        if count < 2 {
            phase = .over
            outcome = GameOutcome(winners: seats.map(\.id), reason: .playersLeft, summary: "Snap! needs at least two players.",
                                  standings: Standing.winnersFirst(seats.map(\.id), of: seats.map(\.id)))
        }
    }

    /// Fisher–Yates with the game's own generator, so a seed gives the same deck on every platform.
    static func shuffle(_ cards: inout [Card], using random: inout SeededRandom) {
        guard cards.count > 1 else { return }
        for index in stride(from: cards.count - 1, to: 0, by: -1) {
            let other = Int(random.next().multipliedFullWidth(by: UInt64(index + 1)).high)
            cards.swapAt(index, other)
        }
    }

    /// Dealing: the seats still to confirm; playing: the active seat plus snap interrupts.
    public var schedule: Schedule {
        switch phase {
        case .dealing:
            let waiting = seats.map(\.id).filter { !gone.contains($0) && !confirmed.contains($0) }
            return Schedule(turn: .seats(Set(waiting)), deadline: dealDeadline)
        case .playing:
            return Schedule(turn: active.map(Turn.seat) ?? .nobody, interrupts: true, deadline: turnDeadline)
        case .over:
            return .idle
        }
    }

    /// Snap calls are interrupts; turns and confirmations are not.
    public static func isInterrupt(_ move: SnapMove) -> Bool {
        if case .snap = move { return true }
        return false
    }

    /// The moves worth trying now: confirm, turn, and snap calls on the current and previous table.
    public func candidateMoves(for seat: SeatID) -> [SnapMove] {
        switch phase {
        case .dealing: [.confirmDeal]
        case .playing: [.turn, .snap(seen: table), .snap(seen: max(0, table - 1))]
        case .over: []
        }
    }

    // MARK: Counting

    /// Whether `seat` is a seat of this game.
    func isSeat(_ seat: SeatID) -> Bool { seat.index >= 0 && seat.index < seats.count }

    /// All the cards `seat` holds.
    func cardCount(_ seat: SeatID) -> Int { closed[seat.index].count + open[seat.index].count }

    /// Whether `seat` still plays: seated, not gone, holding cards.
    func isIn(_ seat: SeatID) -> Bool { isSeat(seat) && !gone.contains(seat) && cardCount(seat) > 0 }

    /// The seats after `seat`, clockwise, ending with `seat` itself.
    func clockwise(after seat: SeatID) -> [SeatID] {
        (1...seats.count).map { SeatID((seat.index + $0) % seats.count) }
    }

    /// The name of `seat`.
    func name(_ seat: SeatID) -> String { seats[seat.index].name }
}
