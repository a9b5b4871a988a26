import PartyKit
import PartyTestSupport
import RockPaperScissors
import Testing

/// Rock Paper Scissors's rules as a pure state machine: hand-set instants, fixed seeds, no network, no clock.
@Suite("Rock Paper Scissors rules")
struct RockPaperScissorsRulesTests {
    let alice = Seat(id: SeatID(0), name: "Alice")
    let bob = Seat(id: SeatID(1), name: "Bob")
    let carol = Seat(id: SeatID(2), name: "Carol")

    /// A new game with the given seats and settings, started at time zero.
    func newGame(_ seats: [Seat]? = nil, _ configuration: RockPaperScissorsConfiguration = .init()) -> RockPaperScissors {
        RockPaperScissors(setup: GameSetup(seats: seats ?? [alice, bob], configuration: configuration, seed: 1))
    }

    /// Plays one round in which each seat shows the given shape (nil: that seat does not choose, and the timer ends the round).
    func play(_ game: inout RockPaperScissors, _ picks: [(Seat, Shape?)]) throws {
        let now = try #require(game.deadline).adding(milliseconds: -500)
        for case let (seat, shape?) in picks {
            try game.apply(RockPaperScissorsMove(shape: shape), from: seat.id, at: now)
        }
        if game.phase == .choosing, let deadline = game.deadline { game.advance(to: deadline) }
        if game.phase == .reveal, let deadline = game.deadline { game.advance(to: deadline) }
    }

    @Test func passesTheConformanceSuite() {
        #expect(GameConformance.check(RockPaperScissors.self) == [])
        let quick = RockPaperScissorsConfiguration(rounds: 3, roundSeconds: 3, revealSeconds: 1)
        #expect(GameConformance.check(RockPaperScissors.self, configuration: quick, playerCounts: [2, 5, 8], seeds: 20..<30) == [])
        let long = RockPaperScissorsConfiguration(rounds: 25)
        #expect(GameConformance.check(RockPaperScissors.self, configuration: long, playerCounts: [2, 3], seeds: 40..<44, leaveProbability: 0.01) == [])
    }

    @Test func theDescriptorNamesTheGame() {
        #expect(RockPaperScissors.descriptor.id == "rps")
        #expect(RockPaperScissors.descriptor.minPlayers == 2)
        #expect(RockPaperScissors.descriptor.maxPlayers == 8)
        #expect(RockPaperScissorsGame.descriptor == RockPaperScissors.descriptor)
    }

    @Test(arguments: [
        (Shape.rock, Shape.scissors), (.scissors, .paper), (.paper, .rock),
    ])
    func eachShapeBeatsExactlyOneOther(winner: Shape, loser: Shape) {
        #expect(winner.beats(loser))
        #expect(!loser.beats(winner))
        #expect(!winner.beats(winner))
        #expect(winner.beats(nil), "any shape beats no choice")
    }

    /// Picks in seat order (nil: no choice in time) and the points each scores.
    @Test(arguments: [
        ([Shape.rock, .scissors], [1, 0]),
        ([.paper, .scissors], [0, 1]),
        ([.rock, .rock], [0, 0]),
        ([.rock, .paper, .scissors], [1, 1, 1]),
        ([.rock, .rock, .scissors], [1, 1, 0]),
        ([.paper, .rock, .rock, .scissors], [2, 1, 1, 1]),
        ([.paper, .paper, .paper, .paper], [0, 0, 0, 0]),
    ] as [([Shape], [Int])])
    func scoringGivesAPointForEveryOpponentBeaten(shapes: [Shape], expected: [Int]) {
        let picks = shapes.enumerated().map { (seat: SeatID($0.offset), shape: Optional($0.element)) }
        let points = RockPaperScissors.points(for: picks)
        #expect(picks.map { points[$0.seat] } == expected)
    }

    @Test(arguments: [
        ([nil, Shape.rock], [0, 1]),
        ([nil, nil], [0, 0]),
        ([.scissors, nil, .paper], [2, 0, 1]),
    ] as [([Shape?], [Int])])
    func noChoiceLosesToEveryChoice(shapes: [Shape?], expected: [Int]) {
        let picks = shapes.enumerated().map { (seat: SeatID($0.offset), shape: $0.element) }
        let points = RockPaperScissors.points(for: picks)
        #expect(picks.map { points[$0.seat] } == expected)
    }

    @Test func twoPlayersEndAsSoonAsTheLeaderCannotBeCaught() throws {
        var game = newGame()
        #expect(game.schedule == Schedule(turn: .seats([alice.id, bob.id]), deadline: .seconds(15)))
        try play(&game, [(alice, .rock), (bob, .scissors)])
        try play(&game, [(alice, .rock), (bob, .rock)])
        try play(&game, [(alice, .paper), (bob, .rock)])
        #expect(game.outcome == nil, "2-0 with 2 of 5 rounds left: Bob can still draw level")
        try play(&game, [(alice, .scissors), (bob, .paper)])
        #expect(game.round == 4)
        #expect(game.outcome == GameOutcome(winners: [alice.id], reason: .won, summary: "Alice wins after 4 of 5 rounds: Alice 3, Bob 0",
                                            standings: [Standing(seat: alice.id, place: 1, score: 3), Standing(seat: bob.id, place: 2, score: 0)]))
        #expect(game.schedule == .idle)
        #expect(throws: RockPaperScissorsRejection.gameOver) { try game.apply(RockPaperScissorsMove(shape: .rock), from: bob.id, at: .seconds(70)) }
    }

    @Test func bestOfNEndsAfterNRoundsWithADrawWhenLevel() throws {
        var game = newGame(nil, RockPaperScissorsConfiguration(rounds: 3))
        try play(&game, [(alice, .rock), (bob, .scissors)])
        try play(&game, [(alice, .rock), (bob, .paper)])
        #expect(game.outcome == nil)
        try play(&game, [(alice, .rock), (bob, .rock)])
        #expect(game.outcome == GameOutcome(winners: [], reason: .draw, summary: "Draw after 3 rounds: Alice 1, Bob 1",
                                            standings: [Standing(seat: alice.id, place: 1, score: 1), Standing(seat: bob.id, place: 1, score: 1)]))
    }

    @Test func playersLevelAtTheTopShareTheWin() throws {
        var game = newGame([alice, bob, carol], RockPaperScissorsConfiguration(rounds: 1))
        try play(&game, [(alice, .rock), (bob, .rock), (carol, .scissors)])
        #expect(game.outcome == GameOutcome(winners: [alice.id, bob.id], reason: .won,
                                            summary: "Alice and Bob share the win after 1 round: Alice 1, Bob 1, Carol 0",
                                            standings: [Standing(seat: alice.id, place: 1, score: 1), Standing(seat: bob.id, place: 1, score: 1),
                                                        Standing(seat: carol.id, place: 3, score: 0)]))
    }

    @Test func whenTheRoundTimerEndsThoseWithoutAChoiceLose() throws {
        var game = newGame([alice, bob, carol], RockPaperScissorsConfiguration(rounds: 5, roundSeconds: 10, revealSeconds: 3))
        try game.apply(RockPaperScissorsMove(shape: .paper), from: alice.id, at: .seconds(2))
        #expect(game.schedule == Schedule(turn: .seats([bob.id, carol.id]), deadline: .seconds(10)))
        game.advance(to: .seconds(9.999))
        #expect(game.phase == .choosing, "nothing happens before the deadline")
        game.advance(to: .seconds(10))
        #expect(game.phase == .reveal)
        #expect(game.lastRound == RockPaperScissorsView.Reveal(round: 1, picks: [
            .init(seat: alice.id, shape: .paper, points: 2), .init(seat: bob.id, shape: nil, points: 0),
            .init(seat: carol.id, shape: nil, points: 0),
        ]))
        #expect(game.schedule == Schedule(turn: .nobody, deadline: .seconds(13)))
        #expect(game.view(for: .spectator, at: .seconds(11.5)).remainingMs == 1500)
        game.advance(to: .seconds(13))
        #expect(game.round == 2)
        #expect(game.schedule == Schedule(turn: .seats([alice.id, bob.id, carol.id]), deadline: .seconds(23)))
    }

    @Test func aPlayerLeavingMidRoundLetsTheRoundResolveAmongThoseLeft() throws {
        var game = newGame([alice, bob, carol])
        try game.apply(RockPaperScissorsMove(shape: .rock), from: alice.id, at: .seconds(1))
        try game.apply(RockPaperScissorsMove(shape: .paper), from: bob.id, at: .seconds(2))
        game.leave(carol.id, at: .seconds(3))
        #expect(game.phase == .reveal, "everyone still seated had chosen")
        #expect(game.lastRound?.picks.map(\.seat) == [alice.id, bob.id])
        #expect(game.players.map(\.score) == [0, 1])
        #expect(game.schedule.deadline == .seconds(7))
    }

    @Test func aPlayerLeavingBeforeChoosingDoesNotStallTheRound() throws {
        var game = newGame([alice, bob, carol])
        try game.apply(RockPaperScissorsMove(shape: .rock), from: alice.id, at: .seconds(1))
        game.leave(alice.id, at: .seconds(2))
        #expect(game.phase == .choosing)
        #expect(game.schedule == Schedule(turn: .seats([bob.id, carol.id]), deadline: .seconds(15)))
        game.leave(bob.id, at: .seconds(3))
        #expect(game.outcome == GameOutcome(winners: [carol.id], reason: .playersLeft, summary: "Carol wins: Bob left the game",
                                            standings: [Standing(seat: carol.id, place: 1, score: 0), Standing(seat: alice.id, place: 2, score: 0),
                                                        Standing(seat: bob.id, place: 2, score: 0)]))
        #expect(game.schedule == .idle)
    }

    @Test func aLateJoinerWaitsForTheNextRound() throws {
        var game = newGame()
        let dave = Seat(id: SeatID(3), name: "Dave")
        game.join(dave, at: .seconds(1))
        #expect(throws: RockPaperScissorsRejection.notInRound) { try game.apply(RockPaperScissorsMove(shape: .rock), from: dave.id, at: .seconds(2)) }
        #expect(game.view(for: .seat(dave.id), at: .seconds(2)).players.last == .init(seat: dave.id, score: 0, chosen: false, waiting: true))
        try game.apply(RockPaperScissorsMove(shape: .rock), from: alice.id, at: .seconds(2))
        try game.apply(RockPaperScissorsMove(shape: .paper), from: bob.id, at: .seconds(3))
        #expect(game.phase == .reveal, "the round does not wait for the newcomer")
        game.advance(to: .seconds(7))
        #expect(game.schedule.turn == .seats([alice.id, bob.id, dave.id]))
    }

    @Test func rejectionsChangeNothing() throws {
        var game = newGame(nil, RockPaperScissorsConfiguration(rounds: 5, roundSeconds: 10, revealSeconds: 3))
        try game.apply(RockPaperScissorsMove(shape: .rock), from: alice.id, at: .seconds(1))
        var cases: [(SeatID, GameInstant, RockPaperScissorsRejection)] = [
            (alice.id, .seconds(2), .alreadyChosen),
            (SeatID(7), .seconds(2), .notInRound),
            (bob.id, .seconds(10), .timeUp),
        ]
        for (seat, now, rejection) in cases {
            let before = game
            #expect(throws: rejection) { try game.apply(RockPaperScissorsMove(shape: .paper), from: seat, at: now) }
            #expect(game == before)
        }
        game.advance(to: .seconds(10))
        cases = [(bob.id, .seconds(11), .roundRevealed)]
        for (seat, now, rejection) in cases {
            let before = game
            #expect(throws: rejection) { try game.apply(RockPaperScissorsMove(shape: .paper), from: seat, at: now) }
            #expect(game == before)
        }
        #expect(RockPaperScissorsRejection.alreadyChosen.description == "You have already chosen this round.")
    }
}
