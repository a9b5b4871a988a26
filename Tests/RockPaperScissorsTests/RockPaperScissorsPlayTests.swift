import PartyKit
import RockPaperScissors
import Testing

/// Rock Paper Scissors as clients see it: bots playing whole games from views, the presenter and the plain text.
@Suite("Rock Paper Scissors bot, presenter and plain text")
struct RockPaperScissorsPlayTests {
    typealias S = SampleGames
    var context: PresenterContext { S.context(for: .seat(S.alice.id)) }

    /// Bots for every seat play a whole game; each is asked after every change, as the client's driver does.
    @Test(arguments: [(2, UInt64(1)), (3, 2), (8, 3)])
    func botsFinishAGameUsingOnlyTheirViews(players: Int, seed: UInt64) throws {
        let seats = (0..<players).map { Seat(id: SeatID($0), name: "Bot \($0)") }
        var game = RockPaperScissors(setup: GameSetup(seats: seats, seed: seed))
        var bots = seats.map { RockPaperScissorsBot(seat: $0.id, seed: seed &+ UInt64($0.id.index)) }
        var now = GameInstant.zero
        var moves = 0
        for _ in 0..<500 where !game.isOver {
            let plans = bots.indices.compactMap { index in
                bots[index].plan(for: game.view(for: .seat(seats[index].id), at: now), at: now).map { (seats[index].id, $0) }
            }
            let deadline = try #require(game.deadline)
            if let (seat, plan) = plans.min(by: { $0.1.at < $1.1.at }), plan.at < deadline {
                #expect(plan.at > now)
                now = plan.at
                try game.apply(plan.move, from: seat, at: now)
                moves += 1
            } else {
                now = deadline
                game.advance(to: now)
            }
        }
        #expect(game.outcome != nil)
        #expect(moves >= 2 * players, "bots choose in time: every seat chose in at least two rounds")
    }

    @Test func aBotKeepsItsPlanAndStopsOnceItHasChosen() throws {
        var game = S.fresh()
        var bot = RockPaperScissorsBot(seat: S.bob.id, seed: 5)
        let planned = bot.plan(for: game.view(for: .seat(S.bob.id), at: .zero), at: .zero)
        let first = try #require(planned)
        #expect(first.at <= .seconds(7.5), "inside the round's time")
        try game.apply(RockPaperScissorsMove(shape: .rock), from: S.alice.id, at: .seconds(0.2))
        #expect(bot.plan(for: game.view(for: .seat(S.bob.id), at: .seconds(0.2)), at: .seconds(0.2)) == first)
        try game.apply(first.move, from: S.bob.id, at: first.at)
        #expect(bot.plan(for: game.view(for: .seat(S.bob.id), at: first.at), at: first.at) == nil)
    }

    @Test(arguments: [("rock", Shape.rock), ("2", .paper), ("  Scissors ", .scissors), ("pa", .paper), ("play sc", .scissors), ("ROCK", .rock)])
    func typedLinesBecomeMoves(line: String, shape: Shape) {
        let view = S.fresh().view(for: .seat(S.alice.id), at: .zero)
        #expect(RockPaperScissorsPresenter().parse(line: line, view: view, context: context) == .success(RockPaperScissorsMove(shape: shape)))
    }

    @Test(arguments: ["", "4", "lizard", "rock paper", "x"])
    func otherLinesAreExplained(line: String) {
        let view = S.fresh().view(for: .seat(S.alice.id), at: .zero)
        guard case .failure(let error) = RockPaperScissorsPresenter().parse(line: line, view: view, context: context) else {
            Issue.record("\(line) should not be a move")
            return
        }
        #expect(!error.message.isEmpty)
    }

    @Test func keysChooseOnceAndExplainWhyNot() throws {
        var game = S.fresh()
        var presenter = RockPaperScissorsPresenter()
        var view = game.view(for: .seat(S.alice.id), at: .zero)
        #expect(presenter.handle(.character("3"), view: view, context: context) == .send(RockPaperScissorsMove(shape: .scissors)))
        #expect(presenter.handle(.arrow(.right, shift: false), view: view, context: context) == .redraw)
        #expect(presenter.cursor == .rock)
        #expect(presenter.handle(.enter, view: view, context: context) == .send(RockPaperScissorsMove(shape: .rock)))
        #expect(presenter.handle(.character("x"), view: view, context: context) == .none)
        try game.apply(RockPaperScissorsMove(shape: .rock), from: S.alice.id, at: .seconds(1))
        view = game.view(for: .seat(S.alice.id), at: .seconds(1))
        #expect(presenter.handle(.character("2"), view: view, context: context) == .message("You have already chosen this round."))
        let spectator = S.context(for: .spectator)
        #expect(presenter.handle(.character("1"), view: game.view(for: .spectator, at: .zero), context: spectator)
                == .message("You are watching this game; only the players can choose."))
    }

    @Test(arguments: [(80, 20), (80, 24), (46, 13), (40, 12), (3, 2), (0, 0)])
    func drawingFitsAnySize(width: Int, height: Int) throws {
        let seats = (0..<8).map { Seat(id: SeatID($0), name: "Player \($0 + 1)") }
        var game = RockPaperScissors(setup: GameSetup(seats: seats, seed: 1))
        try game.apply(RockPaperScissorsMove(shape: .paper), from: SeatID(0), at: .seconds(1))
        for view in [S.fresh().view(for: .seat(S.alice.id), at: .zero), game.view(for: .seat(SeatID(0)), at: .seconds(1))] {
            var canvas = Canvas(width: width, height: height)
            RockPaperScissorsPresenter().draw(view, context: context, on: &canvas)
            if width >= 40 && height >= 12 {
                #expect(canvas.text.contains("Round 1 of 5"))
                #expect(canvas.text.contains("Scissors"))
            }
        }
    }

    @Test func onceOverTheResultIsSaidOnceByTheShell() throws {
        var game = RockPaperScissors(setup: GameSetup(seats: [Seat(id: SeatID(0), name: "Alice"), Seat(id: SeatID(1), name: "Bob")], seed: 1))
        var now = GameInstant.zero
        while !game.isOver, let deadline = game.schedule.deadline {
            now = deadline
            game.advance(to: now)
        }
        let view = game.view(for: .seat(SeatID(0)), at: now)
        let outcome = try #require(game.outcome?.summary)
        for (width, height) in [(80, 21), (40, 7)] {
            var canvas = Canvas(width: width, height: height)
            RockPaperScissorsPresenter().draw(view, context: PresenterContext(seat: SeatID(0), names: [SeatID(0): "Alice", SeatID(1): "Bob"]), on: &canvas)
            #expect(canvas.text.contains("Game over") && !canvas.text.contains(String(outcome.prefix(12))), "\(canvas.text)")
        }
    }

    @Test func theFullScreenShowsWhoHasChosenAndThenTheReveal() throws {
        var game = try S.aliceChose(.paper)
        var canvas = Canvas(width: 80, height: 20)
        RockPaperScissorsPresenter().draw(game.view(for: .seat(S.alice.id), at: .seconds(2)), context: context, on: &canvas)
        #expect(canvas.text.contains("your choice"))
        #expect(canvas.text.contains("✓ chosen"))
        #expect(canvas.text.contains("… choosing"))
        try game.apply(RockPaperScissorsMove(shape: .rock), from: S.bob.id, at: .seconds(3))
        try game.apply(RockPaperScissorsMove(shape: .rock), from: S.carol.id, at: .seconds(4))
        canvas = Canvas(width: 80, height: 20)
        RockPaperScissorsPresenter().draw(game.view(for: .seat(S.bob.id), at: .seconds(4)), context: S.context(for: .seat(S.bob.id)), on: &canvas)
        #expect(canvas.text.contains("Paper +2"))
        #expect(canvas.text.contains("Round 2 of 5 starts in 4 s."))
    }

    @Test func thePlainTextAndMenuFollowTheRound() throws {
        let game = try S.aliceChose(.rock)
        let bobs = game.view(for: .seat(S.bob.id), at: .seconds(5))
        let text = RockPaperScissors.plainText(of: bobs, context: S.context(for: .seat(S.bob.id)))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= PlainText.width })
        #expect(text.contains("Alice: 0 points, has chosen"))
        #expect(text.contains("Round 1 of 5: choose your shape (10 s left)"))
        #expect(RockPaperScissors.labelledMoves(in: bobs, for: S.bob.id).map(\.label) == ["Rock", "Paper", "Scissors"])
        #expect(RockPaperScissors.labelledMoves(in: game.view(for: .seat(S.alice.id), at: .seconds(5)), for: S.alice.id).isEmpty)
        #expect(RockPaperScissors.plainText(of: game.view(for: .seat(S.alice.id), at: .seconds(5)), context: context)
                .contains("You chose Rock. Waiting for Bob and Carol (10 s left)"))
    }
}
