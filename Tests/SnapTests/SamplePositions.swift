import PartyKit
@testable import Snap

/// Named sample positions and small helpers shared by the Snap tests.
enum Sample {
    /// The names used at the sample tables, in seat order.
    static let names = ["Alice", "Bob", "Carol", "Dave"]

    /// Seats for `count` players.
    static func seats(_ count: Int) -> [Seat] {
        (0..<count).map { Seat(id: SeatID($0), name: names[$0]) }
    }

    /// A freshly dealt game.
    static func dealt(players: Int, seed: UInt64 = 7, gameNumber: Int = 0,
                      configuration: SnapConfiguration = .init()) -> Snap {
        Snap(setup: GameSetup(seats: seats(players), configuration: configuration, seed: seed, gameNumber: gameNumber, now: .zero))
    }

    /// A game in play at t=0 with hand-set piles (bottom first, top last), `active` to turn.
    ///
    /// The piles need not hold all 52 cards; the rules only ever move the cards they hold.
    static func table(closed: [[String]], open: [[String]], active: Int = 0,
                      configuration: SnapConfiguration = .init(turnSeconds: 10, turnLimit: 1000)) -> Snap {
        var game = dealt(players: closed.count, configuration: configuration)
        for seat in 0..<closed.count { try! game.apply(.confirmDeal, from: SeatID(seat), at: .zero) }
        game.closed = closed.map(cards)
        game.open = open.map(cards)
        game.commitTable()
        game.active = SeatID(active)
        game.turnDeadline = GameInstant(milliseconds: configuration.turnMilliseconds)
        return game
    }

    /// Cards from their codes.
    static func cards(_ codes: [String]) -> [Card] { codes.map(card) }

    /// One card from its code ("QH", "TD").
    static func card(_ code: String) -> Card { Card(code: code)! }

    /// `count` filler cards of one suit (clubs by default), never a five.
    static func filler(_ count: Int, suit: String = "C") -> [String] {
        let ranks = ["2", "3", "4", "6", "7", "8", "9", "T", "J", "Q", "K", "A"]
        return (0..<count).map { ranks[$0 % ranks.count] + suit }
    }

    /// Instant `ms` milliseconds after the epoch.
    static func at(_ ms: Int64) -> GameInstant { GameInstant(milliseconds: ms) }

    /// Total cards a game holds.
    static func total(_ game: Snap) -> Int {
        game.closed.map(\.count).reduce(0, +) + game.open.map(\.count).reduce(0, +)
    }
}

/// A pure simulation of a table of bots: the host's rules plus each client's bot driver, one clock.
struct BotTable {
    /// The game.
    var game: Snap
    /// One bot per seat.
    var bots: [SnapBot]
    /// The latest plan per seat.
    var plans: [BotPlan<SnapMove>?]
    /// The current instant.
    var now = GameInstant.zero
    /// Every view sent to `watched`.
    var watchedViews: [SnapView] = []
    /// The seat whose views are recorded.
    let watched: SeatID
    /// Seats that will leave at a given turn number.
    var leaveAtTurn: [SeatID: Int] = [:]

    /// A table of `players` bots.
    init(players: Int, seed: UInt64, configuration: SnapConfiguration = .init(), watched: SeatID = SeatID(0)) {
        game = Snap(setup: GameSetup(seats: Sample.seats(players), configuration: configuration, seed: seed))
        bots = (0..<players).map { SnapBot(seat: SeatID($0), seed: seed &+ UInt64($0) &* 977) }
        plans = Array(repeating: nil, count: players)
        self.watched = watched
        sendViews()
    }

    /// Sends every present seat its view, and lets its bot plan.
    mutating func sendViews() {
        for index in bots.indices where !game.gone.contains(SeatID(index)) {
            let view = game.view(for: .seat(SeatID(index)), at: now)
            if SeatID(index) == watched { watchedViews.append(view) }
            plans[index] = bots[index].plan(for: view, at: now)
        }
    }

    /// Runs until the game ends or `maxSteps` events happened; returns the number of steps.
    @discardableResult
    mutating func run(maxSteps: Int = 100_000) -> Int {
        var steps = 0
        while !game.isOver, steps < maxSteps {
            steps += 1
            for (seat, turn) in leaveAtTurn where game.turnNumber >= turn && !game.gone.contains(seat) {
                game.leave(seat, at: now)
                plans[seat.index] = nil
                sendViews()
            }
            let due = plans.enumerated().compactMap { index, plan in plan.map { (index, $0) } }.min { $0.1.at < $1.1.at }
            let deadline = game.schedule.deadline
            if let (index, plan) = due, deadline == nil || plan.at < deadline! {
                now = max(now, plan.at)
                plans[index] = nil
                try? game.apply(plan.move, from: SeatID(index), at: now)
            } else if let deadline {
                now = max(now, deadline)
                game.advance(to: now)
            } else {
                break
            }
            sendViews()
        }
        return steps
    }
}
