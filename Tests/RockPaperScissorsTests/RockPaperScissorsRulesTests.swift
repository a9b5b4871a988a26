import PartyKit
import PartyTestSupport
import RockPaperScissors
import Testing

/// RockPaperScissors's rules as a pure state machine: hand-set instants, fixed seeds, no network, no clock.
@Suite("Rock Paper Scissors rules")
struct RockPaperScissorsRulesTests {
    let alice = Seat(id: SeatID(0), name: "Alice")
    let bob = Seat(id: SeatID(1), name: "Bob")

    /// A new two-player game (Alice first) with the given settings.
    func newGame(_ configuration: RockPaperScissorsConfiguration = .init()) -> RockPaperScissors {
        RockPaperScissors(setup: GameSetup(seats: [alice, bob], configuration: configuration, seed: 1))
    }

    @Test func passesTheConformanceSuite() {
        #expect(GameConformance.check(RockPaperScissors.self) == [])
        #expect(GameConformance.check(RockPaperScissors.self, configuration: RockPaperScissorsConfiguration(target: 10, turnSeconds: 5), seeds: 20..<30) == [])
    }

    @Test func theDescriptorNamesTheGame() {
        #expect(RockPaperScissors.descriptor.id == "rps")
        #expect(RockPaperScissorsGame.descriptor == RockPaperScissors.descriptor)
    }

    @Test func playersTakeTurnsAndTheExactTargetWins() throws {
        var game = newGame(RockPaperScissorsConfiguration(target: 10))
        #expect(game.schedule == Schedule(turn: .seat(alice.id), deadline: GameInstant(milliseconds: 30_000)))
        for (seat, amount) in [(alice, 3), (bob, 3), (alice, 2)] {
            try game.apply(RockPaperScissorsMove(amount: amount), from: seat.id, at: .seconds(1))
        }
        #expect(game.total == 8)
        #expect(game.currentSeat == bob.id)
        try game.apply(RockPaperScissorsMove(amount: 2), from: bob.id, at: .seconds(2))
        #expect(game.outcome == GameOutcome(winners: [bob.id], reason: .won, summary: "Bob reaches 10 and wins"))
        #expect(game.schedule == .idle)
    }

    @Test(arguments: [
        (RockPaperScissorsMove(amount: 0), RockPaperScissorsRejection.amountOutOfRange(amount: 0)),
        (RockPaperScissorsMove(amount: 4), RockPaperScissorsRejection.amountOutOfRange(amount: 4)),
    ])
    func badAmountsAreRejectedAndChangeNothing(move: RockPaperScissorsMove, rejection: RockPaperScissorsRejection) {
        var game = newGame()
        let before = game
        #expect(throws: rejection) { try game.apply(move, from: alice.id, at: .zero) }
        #expect(game == before)
    }

    @Test func movingOutOfTurnOrPastTheTargetIsRejected() throws {
        var game = newGame(RockPaperScissorsConfiguration(target: 10))
        #expect(throws: RockPaperScissorsRejection.notYourTurn) { try game.apply(RockPaperScissorsMove(amount: 1), from: bob.id, at: .zero) }
        for (seat, amount) in [(alice, 3), (bob, 3), (alice, 3)] {
            try game.apply(RockPaperScissorsMove(amount: amount), from: seat.id, at: .zero)
        }
        let before = game
        #expect(throws: RockPaperScissorsRejection.passesTarget(amount: 2, total: 9, target: 10)) {
            try game.apply(RockPaperScissorsMove(amount: 2), from: bob.id, at: .zero)
        }
        #expect(game == before)
        #expect(RockPaperScissorsRejection.passesTarget(amount: 2, total: 9, target: 10).description == "Adding 2 to 9 goes past 10.")
    }

    @Test func whenTheTurnRunsOutTheClockAddsOne() {
        var game = newGame(RockPaperScissorsConfiguration(target: 21, turnSeconds: 5))
        game.advance(to: .seconds(4.999))
        #expect(game.total == 0, "nothing happens before the deadline")
        game.advance(to: .seconds(5))
        #expect(game.total == 1)
        #expect(game.lastMove == RockPaperScissorsView.LastMove(seat: alice.id, amount: 1, timedOut: true))
        #expect(game.schedule == Schedule(turn: .seat(bob.id), deadline: .seconds(10)))
        #expect(game.view(for: .seat(bob.id), at: .seconds(7.5)).remainingMs == 2500)
    }

    @Test func whenOnlyOnePlayerIsLeftTheyWin() {
        let carol = Seat(id: SeatID(2), name: "Carol")
        var game = RockPaperScissors(setup: GameSetup(seats: [alice, bob, carol], seed: 1))
        game.leave(alice.id, at: .seconds(3))
        #expect(game.currentSeat == bob.id)
        #expect(game.schedule.deadline == .seconds(33), "the next player gets a full turn")
        game.leave(carol.id, at: .seconds(4))
        #expect(game.outcome?.winners == [bob.id])
        #expect(game.outcome?.reason == .playersLeft)
    }

    @Test func everyLabelledMoveIsAccepted() throws {
        for total in 0..<3 {
            var game = newGame(RockPaperScissorsConfiguration(target: 10))
            for _ in 0..<(total * 3) {
                guard let seat = game.currentSeat else { break }
                try game.apply(RockPaperScissorsMove(amount: 1), from: seat, at: .zero)
            }
            for seat in [alice.id, bob.id] {
                let view = game.view(for: .seat(seat), at: .zero)
                let labelled = RockPaperScissors.labelledMoves(in: view, for: seat)
                #expect(labelled.isEmpty == (game.currentSeat != seat))
                for choice in labelled {
                    var copy = game
                    #expect(throws: Never.self) { try copy.apply(choice.move, from: seat, at: .zero) }
                }
            }
        }
    }
}
