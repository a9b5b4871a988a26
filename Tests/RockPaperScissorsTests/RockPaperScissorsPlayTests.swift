import PartyKit
import RockPaperScissors
import Testing

/// RockPaperScissors as clients see it: bots playing whole games from views, the presenter and the plain text.
@Suite("Rock Paper Scissors bot, presenter and plain text")
struct RockPaperScissorsPlayTests {
    let seats = [Seat(id: SeatID(0), name: "Alice"), Seat(id: SeatID(1), name: "Bob"), Seat(id: SeatID(2), name: "Carol")]
    var context: PresenterContext { PresenterContext(seat: SeatID(0), names: [SeatID(0): "Alice", SeatID(1): "Bob", SeatID(2): "Carol"]) }

    @Test(arguments: [UInt64(1), 2, 3])
    func botsFinishAGameUsingOnlyTheirViews(seed: UInt64) throws {
        var game = RockPaperScissors(setup: GameSetup(seats: seats, seed: seed))
        var bots = seats.map { RockPaperScissorsBot(seat: $0.id, seed: seed &+ UInt64($0.id.index)) }
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
        #expect(game.total == RockPaperScissorsConfiguration().target)
    }

    @Test func aBotWaitsWhenItIsNotItsTurn() {
        let game = RockPaperScissors(setup: GameSetup(seats: seats, seed: 1))
        var bot = RockPaperScissorsBot(seat: SeatID(1), seed: 1)
        let plan = bot.plan(for: game.view(for: .seat(SeatID(1)), at: .zero), at: .zero)
        #expect(plan == nil)
    }

    @Test(arguments: [("2", 2), ("add 3", 3), ("  ADD 1 ", 1)])
    func typedLinesBecomeMoves(line: String, amount: Int) {
        let view = RockPaperScissors(setup: GameSetup(seats: seats, seed: 1)).view(for: .seat(SeatID(0)), at: .zero)
        #expect(RockPaperScissorsPresenter().parse(line: line, view: view, context: context) == .success(RockPaperScissorsMove(amount: amount)))
    }

    @Test(arguments: ["", "add", "5", "two", "add 1 2"])
    func otherLinesAreExplained(line: String) throws {
        let view = RockPaperScissors(setup: GameSetup(seats: seats, seed: 1)).view(for: .seat(SeatID(0)), at: .zero)
        guard case .failure(let error) = RockPaperScissorsPresenter().parse(line: line, view: view, context: context) else {
            Issue.record("\(line) should not be a move")
            return
        }
        #expect(!error.message.isEmpty)
    }

    @Test func keysSendMovesOnlyOnYourTurn() {
        let view = RockPaperScissors(setup: GameSetup(seats: seats, seed: 1)).view(for: .seat(SeatID(0)), at: .zero)
        var presenter = RockPaperScissorsPresenter()
        #expect(presenter.handle(.character("2"), view: view, context: context) == .send(RockPaperScissorsMove(amount: 2)))
        #expect(presenter.handle(.character("x"), view: view, context: context) == .none)
        let bobs = PresenterContext(seat: SeatID(1), names: context.names)
        #expect(presenter.handle(.character("2"), view: view, context: bobs) == .message("It is not your turn."))
    }

    @Test(arguments: [(80, 20), (40, 12), (3, 2), (0, 0)])
    func drawingFitsAnySize(width: Int, height: Int) {
        let view = RockPaperScissors(setup: GameSetup(seats: seats, seed: 1)).view(for: .seat(SeatID(0)), at: .zero)
        var canvas = Canvas(width: width, height: height)
        RockPaperScissorsPresenter().draw(view, context: context, on: &canvas)
        if width >= 40 { #expect(canvas.text.contains("0 of 21")) }
    }

    @Test func thePlainTextIsShortAndCountsDown() {
        let game = RockPaperScissors(setup: GameSetup(seats: seats, seed: 1))
        let text = RockPaperScissors.plainText(of: game.view(for: .seat(SeatID(0)), at: .seconds(10)), context: context)
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 72 })
        #expect(text.contains("Total: 0 of 21"))
        #expect(text.contains("Your turn: add 1, 2 or 3 (20 s left)"))
    }
}
