// The template of a new game, written by `new-game` with `__NAME__`, `__ID__` and `__TITLE__`
// replaced. It is a real game that compiles and passes its tests; edit it as Swift source here.

extension GameTemplate {
    /// The rules tests: the conformance suite and a few rules.
    static let rulesTests = #"""
    import PartyKit
    import PartyTestSupport
    import __NAME__
    import Testing

    /// __NAME__'s rules as a pure state machine: hand-set instants, fixed seeds, no network, no clock.
    @Suite("__TITLE__ rules")
    struct __NAME__RulesTests {
        let alice = Seat(id: SeatID(0), name: "Alice")
        let bob = Seat(id: SeatID(1), name: "Bob")

        /// A new two-player game (Alice first) with the given settings.
        func newGame(_ configuration: __NAME__Configuration = .init()) -> __NAME__ {
            __NAME__(setup: GameSetup(seats: [alice, bob], configuration: configuration, seed: 1))
        }

        @Test func passesTheConformanceSuite() {
            #expect(GameConformance.check(__NAME__.self) == [])
            #expect(GameConformance.check(__NAME__.self, configuration: __NAME__Configuration(target: 10, turnSeconds: 5), seeds: 20..<30) == [])
        }

        @Test func theDescriptorNamesTheGame() {
            #expect(__NAME__.descriptor.id == "__ID__")
            #expect(__NAME__Game.descriptor == __NAME__.descriptor)
            #expect(!__NAME__.descriptor.howToPlay.isEmpty)
            #expect(__NAME__.descriptor.howToPlay.count <= GameDescriptor.howToPlayWidth)
            #expect(!__NAME__.descriptor.rules.isEmpty)
        }

        @Test func playersTakeTurnsAndTheExactTargetWins() throws {
            var game = newGame(__NAME__Configuration(target: 10))
            #expect(game.schedule == Schedule(turn: .seat(alice.id), deadline: GameInstant(milliseconds: 30_000)))
            for (seat, amount) in [(alice, 3), (bob, 3), (alice, 2)] {
                try game.apply(__NAME__Move(amount: amount), from: seat.id, at: .seconds(1))
            }
            #expect(game.total == 8)
            #expect(game.currentSeat == bob.id)
            try game.apply(__NAME__Move(amount: 2), from: bob.id, at: .seconds(2))
            #expect(game.outcome == GameOutcome(winners: [bob.id], reason: .won, summary: "Bob reaches 10 and wins",
                                                standings: [Standing(seat: bob.id, place: 1), Standing(seat: alice.id, place: 2)]))
            #expect(game.schedule == .idle)
        }

        @Test(arguments: [
            (__NAME__Move(amount: 0), __NAME__Rejection.amountOutOfRange(amount: 0)),
            (__NAME__Move(amount: 4), __NAME__Rejection.amountOutOfRange(amount: 4)),
        ])
        func badAmountsAreRejectedAndChangeNothing(move: __NAME__Move, rejection: __NAME__Rejection) {
            var game = newGame()
            let before = game
            #expect(throws: rejection) { try game.apply(move, from: alice.id, at: .zero) }
            #expect(game == before)
        }

        @Test func movingOutOfTurnOrPastTheTargetIsRejected() throws {
            var game = newGame(__NAME__Configuration(target: 10))
            #expect(throws: __NAME__Rejection.notYourTurn) { try game.apply(__NAME__Move(amount: 1), from: bob.id, at: .zero) }
            for (seat, amount) in [(alice, 3), (bob, 3), (alice, 3)] {
                try game.apply(__NAME__Move(amount: amount), from: seat.id, at: .zero)
            }
            let before = game
            #expect(throws: __NAME__Rejection.passesTarget(amount: 2, total: 9, target: 10)) {
                try game.apply(__NAME__Move(amount: 2), from: bob.id, at: .zero)
            }
            #expect(game == before)
            #expect(__NAME__Rejection.passesTarget(amount: 2, total: 9, target: 10).description == "Adding 2 to 9 goes past 10.")
        }

        @Test func whenTheTurnRunsOutTheClockAddsOne() {
            var game = newGame(__NAME__Configuration(target: 21, turnSeconds: 5))
            game.advance(to: .seconds(4.999))
            #expect(game.total == 0, "nothing happens before the deadline")
            game.advance(to: .seconds(5))
            #expect(game.total == 1)
            #expect(game.lastMove == __NAME__View.LastMove(seat: alice.id, amount: 1, timedOut: true))
            #expect(game.schedule == Schedule(turn: .seat(bob.id), deadline: .seconds(10)))
            #expect(game.view(for: .seat(bob.id), at: .seconds(7.5)).remainingMs == 2500)
        }

        @Test func whenOnlyOnePlayerIsLeftTheyWin() {
            let carol = Seat(id: SeatID(2), name: "Carol")
            var game = __NAME__(setup: GameSetup(seats: [alice, bob, carol], seed: 1))
            game.leave(alice.id, at: .seconds(3))
            #expect(game.currentSeat == bob.id)
            #expect(game.schedule.deadline == .seconds(33), "the next player gets a full turn")
            game.leave(carol.id, at: .seconds(4))
            #expect(game.outcome?.winners == [bob.id])
            #expect(game.outcome?.reason == .playersLeft)
        }

        @Test func everyLabelledMoveIsAccepted() throws {
            for total in 0..<3 {
                var game = newGame(__NAME__Configuration(target: 10))
                for _ in 0..<(total * 3) {
                    guard let seat = game.currentSeat else { break }
                    try game.apply(__NAME__Move(amount: 1), from: seat, at: .zero)
                }
                for seat in [alice.id, bob.id] {
                    let view = game.view(for: .seat(seat), at: .zero)
                    let labelled = __NAME__.labelledMoves(in: view, for: seat)
                    #expect(labelled.isEmpty == (game.currentSeat != seat))
                    for choice in labelled {
                        var copy = game
                        #expect(throws: Never.self) { try copy.apply(choice.move, from: seat, at: .zero) }
                    }
                }
            }
        }
    }
    """#

    /// The bot, presenter and plain-text tests.
    static let playTests = #"""
    import PartyKit
    import PartyTestSupport
    import __NAME__
    import Testing

    /// __NAME__ as clients see it: bots playing whole games from views, the presenter and the plain text.
    @Suite("__TITLE__ bot, presenter and plain text")
    struct __NAME__PlayTests {
        let seats = [Seat(id: SeatID(0), name: "Alice"), Seat(id: SeatID(1), name: "Bob"), Seat(id: SeatID(2), name: "Carol")]
        var context: PresenterContext { PresenterContext(seat: SeatID(0), names: [SeatID(0): "Alice", SeatID(1): "Bob", SeatID(2): "Carol"]) }

        @Test(arguments: [UInt64(1), 2, 3])
        func botsFinishAGameUsingOnlyTheirViews(seed: UInt64) throws {
            var game = __NAME__(setup: GameSetup(seats: seats, seed: seed))
            var bots = seats.map { __NAME__Bot(seat: $0.id, seed: seed &+ UInt64($0.id.index)) }
            var now = GameInstant.zero
            for _ in 0..<100 where !game.isOver {
                let seat = try #require(game.currentSeat)
                let index = try #require(seats.firstIndex { $0.id == seat })
                let planned = bots[index].plan(for: game.view(for: .seat(seat), at: now), at: now)
                let plan = try #require(planned)
                #expect(plan.at > now)
                now = plan.at
                try game.apply(plan.move, from: seat, at: now)
            }
            #expect(game.outcome?.reason == .won)
            #expect(game.total == __NAME__Configuration().target)
        }

        @Test func aBotWaitsWhenItIsNotItsTurn() {
            let game = __NAME__(setup: GameSetup(seats: seats, seed: 1))
            var bot = __NAME__Bot(seat: SeatID(1), seed: 1)
            let plan = bot.plan(for: game.view(for: .seat(SeatID(1)), at: .zero), at: .zero)
            #expect(plan == nil)
        }

        @Test(arguments: [("2", 2), ("add 3", 3), ("  ADD 1 ", 1)])
        func typedLinesBecomeMoves(line: String, amount: Int) {
            let view = __NAME__(setup: GameSetup(seats: seats, seed: 1)).view(for: .seat(SeatID(0)), at: .zero)
            #expect(__NAME__Presenter().parse(line: line, view: view, context: context) == .success(__NAME__Move(amount: amount)))
        }

        @Test(arguments: ["", "add", "5", "two", "add 1 2"])
        func otherLinesAreExplained(line: String) throws {
            let view = __NAME__(setup: GameSetup(seats: seats, seed: 1)).view(for: .seat(SeatID(0)), at: .zero)
            guard case .failure(let error) = __NAME__Presenter().parse(line: line, view: view, context: context) else {
                Issue.record("\(line) should not be a move")
                return
            }
            #expect(!error.message.isEmpty)
        }

        @Test func keysSendMovesOnlyOnYourTurn() {
            let view = __NAME__(setup: GameSetup(seats: seats, seed: 1)).view(for: .seat(SeatID(0)), at: .zero)
            var presenter = __NAME__Presenter()
            #expect(presenter.handle(.character("2"), view: view, context: context) == .send(__NAME__Move(amount: 2)))
            #expect(presenter.handle(.character("x"), view: view, context: context) == .none)
            let bobs = PresenterContext(seat: SeatID(1), names: context.names)
            #expect(presenter.handle(.character("2"), view: view, context: bobs) == .message("It is not your turn."))
        }

        @Test(arguments: [(80, 20), (40, 12), (3, 2), (0, 0)])
        func drawingFitsAnySize(width: Int, height: Int) {
            let view = __NAME__(setup: GameSetup(seats: seats, seed: 1)).view(for: .seat(SeatID(0)), at: .zero)
            var canvas = Canvas(width: width, height: height)
            __NAME__Presenter().draw(view, context: context, on: &canvas)
            if width >= 40 { #expect(canvas.text.contains("0 of 21")) }
        }

        @Test func laysOutCleanlyAt80x24And60x15And40x10() {
            let problems = LayoutCheck.check(__NAME__Game.self)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }

        @Test func thePlainTextIsShortAndCountsDown() {
            let game = __NAME__(setup: GameSetup(seats: seats, seed: 1))
            let text = __NAME__.plainText(of: game.view(for: .seat(SeatID(0)), at: .seconds(10)), context: context)
            #expect(text.split(separator: "\n").allSatisfy { $0.count <= 72 })
            #expect(text.contains("Total: 0 of 21"))
            #expect(text.contains("Your turn: add 1, 2 or 3 (20 s left)"))
        }
    }
    """#
}
