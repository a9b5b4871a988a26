import PartyKit
import PartyTestSupport
import Testing
@testable import TwentyFour

@Suite struct RulesTests {
    typealias S = Samples

    @Test func firstRoundStartsAtOnceWithASolvableChallenge() {
        let game = S.game()
        #expect(game.roundNumber == 1)
        #expect(game.schedule == Schedule(turn: .everyone, deadline: S.at(100)))
        #expect(TwentyFourSolver.isSolvable(game.numbers))
        #expect(game.outcome == nil)
        let view = game.view(for: .seat(S.alice), at: S.at(27))
        #expect(view.phase == .round && view.remainingMs == 73_000 && view.me == .guessing)
        #expect(view.solution == nil)
        #expect(TwentyFour.descriptor.id == "twentyfour" && TwentyFour.descriptor.maxPlayers == 16)
    }

    @Test func onlySolvableChallengesAreDealtAndTheSeedDecides() {
        var game = S.game(seed: 99, round: 10, pause: 1)
        var seen: [[Int]] = []
        for round in 0..<60 {
            #expect(TwentyFourSolver.isSolvable(game.numbers))
            seen.append(game.numbers)
            game.advance(to: S.at(Double(round) * 11 + 10))
            game.advance(to: S.at(Double(round) * 11 + 11))
        }
        #expect(game.roundNumber == 61)
        #expect(Set(seen).count > 20)
        var again = S.game(seed: 99, round: 10, pause: 1)
        #expect(again.numbers == seen[0])
        again.advance(to: S.at(10))
        again.advance(to: S.at(11))
        #expect(again.numbers == seen[1])
    }

    @Test func hostMeasuresTheTimeFromRoundStart() throws {
        var game = S.game(numbers: [3, 3, 8, 8])
        try game.apply(.submit(expression: "8/(3-8/3)"), from: S.alice, at: .init(milliseconds: 12_345))
        let view = game.view(for: .seat(S.alice), at: .init(milliseconds: 12_345))
        #expect(view.me == .solved)
        #expect(view.results.first?.line == "Alice: 12.34 seconds")
        #expect(view.reply == "Correct! 24 in 12.34 seconds.")
        #expect(view.results.first?.expression == "8/(3-8/3)")
        #expect(view.solution == nil)
    }

    @Test func joiningWith21SecondsLeftGetsTheChallengeAtOnce() throws {
        var game = S.game(numbers: [3, 3, 8, 8])
        game.join(Seat(id: S.dave, name: "Dave"), at: S.at(79))
        let view = game.view(for: .seat(S.dave), at: S.at(79))
        #expect(view.me == .newGuessing && view.canAnswer && view.remainingMs == 21_000)
        #expect(view.results.contains { $0.line == "Dave: New player, guessing…" })
        try game.apply(.submit(expression: "8 / (3 − 8/3)"), from: S.dave, at: S.at(84.5))
        #expect(game.view(for: .seat(S.dave), at: S.at(85)).results.first?.line == "Dave: 5.50 seconds")
    }

    @Test(arguments: [19.0, 20.0])
    func joiningWith20SecondsOrLessWaitsForTheNextRound(secondsLeft: Double) throws {
        var game = S.game(numbers: [3, 3, 8, 8])
        let now = S.at(100 - secondsLeft)
        game.join(Seat(id: S.dave, name: "Dave"), at: now)
        let view = game.view(for: .seat(S.dave), at: now)
        #expect(view.me == .waiting && !view.canAnswer)
        #expect(view.results.contains { $0.line == "Dave: Just joined, itching to play!" })
        #expect(throws: TwentyFourRejection.notInRound) {
            try game.apply(.submit(expression: "8/(3-8/3)"), from: S.dave, at: now)
        }
        game.advance(to: S.at(100))
        game.advance(to: S.at(110))
        #expect(game.view(for: .seat(S.dave), at: S.at(110)).me == .guessing)
    }

    @Test func roundEndsEarlyWhenNobodyIsGuessing() throws {
        var game = S.game(numbers: [3, 3, 8, 8])
        game.join(Seat(id: S.dave, name: "Dave"), at: S.at(90)) // waiting: does not hold the round up
        try game.apply(.submit(expression: "8/(3-8/3)"), from: S.alice, at: S.at(10))
        try game.apply(.giveUp, from: S.bob, at: S.at(20))
        #expect(game.schedule.deadline == S.at(100))
        try game.apply(.submit(expression: "8/(3-8/3)"), from: S.carol, at: S.at(30))
        #expect(game.schedule == Schedule(turn: .nobody, deadline: S.at(40)))
        let view = game.view(for: .seat(S.bob), at: S.at(31))
        #expect(view.phase == .pause && view.status == "Next round will start shortly…" && view.remainingMs == 9_000)
        game.advance(to: S.at(39.9))
        #expect(game.roundNumber == 1)
        game.advance(to: S.at(40))
        #expect(game.roundNumber == 2 && game.schedule == Schedule(turn: .everyone, deadline: S.at(140)))
        for seat in [S.alice, S.bob, S.carol, S.dave] {
            #expect(game.view(for: .seat(seat), at: S.at(40)).me == .guessing)
        }
    }

    @Test func roundTimesOut() throws {
        var game = S.game(numbers: [3, 3, 8, 8])
        try game.apply(.submit(expression: "8/(3-8/3)"), from: S.carol, at: S.at(50))
        game.advance(to: S.at(99.999))
        #expect(game.schedule.turn == .everyone)
        #expect(throws: TwentyFourRejection.timeUp) { try game.apply(.giveUp, from: S.alice, at: S.at(100)) }
        game.advance(to: S.at(100))
        let view = game.view(for: .seat(S.alice), at: S.at(100))
        #expect(view.phase == .pause && view.me == .ranOutOfTime)
        #expect(view.results.map(\.line) == ["Carol: 50.00 seconds", "Alice: Ran out of time", "bob: Ran out of time"])
        #expect(view.solution == "8 / (3 − 8/3)")
        #expect(view.reply == "Time is up.")
        #expect(game.view(for: .seat(S.carol), at: S.at(100)).solution == nil)
        #expect(game.view(for: .spectator, at: S.at(100)).solution == "8 / (3 − 8/3)")
    }

    @Test func resultsSolversFastestFirstThenOthersByNameIgnoringCase() throws {
        let seats = S.seats + [Seat(id: S.dave, name: "dave"), Seat(id: SeatID(4), name: "Eve")]
        var game = S.game(numbers: [1, 5, 5, 5], seats: seats)
        try game.apply(.submit(expression: "5*(5-1/5)"), from: SeatID(4), at: S.at(30))
        try game.apply(.submit(expression: "(5-1/5)*5"), from: S.carol, at: S.at(12.34))
        try game.apply(.giveUp, from: S.dave, at: S.at(40))
        let lines = game.view(for: .spectator, at: S.at(41)).results.map(\.line)
        #expect(lines == [
            "Carol: 12.34 seconds", "Eve: 30.00 seconds", "Alice: Still guessing…", "bob: Still guessing…", "dave: Gave up",
        ])
    }

    @Test func everyRejectionReasonLeavesTheStateUnchanged() throws {
        var game = S.game(numbers: [3, 3, 8, 8])
        try game.apply(.submit(expression: "8/(3-8/3)"), from: S.alice, at: S.at(1))
        try game.apply(.giveUp, from: S.bob, at: S.at(2))
        game.join(Seat(id: S.dave, name: "Dave"), at: S.at(90))
        let cases: [(TwentyFourMove, SeatID, Double, TwentyFourRejection)] = [
            (.giveUp, S.alice, 3, .alreadySolved),
            (.submit(expression: "8/(3-8/3)"), S.bob, 3, .gaveUp),
            (.giveUp, S.dave, 91, .notInRound),
            (.giveUp, SeatID(9), 3, .notInRound),
            (.giveUp, S.carol, 100, .timeUp),
            (.submit(expression: "8+8+3+3"), S.carol, 3, .wrongAnswer(.notTwentyFour(Rational(22)))),
            (.submit(expression: "8+8+3+"), S.carol, 3, .wrongAnswer(.incomplete)),
            (.submit(expression: "8 ? 3"), S.carol, 3, .wrongAnswer(.unexpectedCharacter("?", at: 3))),
            (.submit(expression: "8/(3-8/4)"), S.carol, 3, .wrongAnswer(.notInChallenge(number: 4, challenge: [3, 3, 8, 8]))),
            (.submit(expression: "8*3"), S.carol, 3, .wrongAnswer(.leftOut(number: 3))),
            (.submit(expression: "8*8*8/3/3"), S.carol, 3, .wrongAnswer(.usedTooOften(number: 8, used: 3, available: 2))),
            (.submit(expression: "8/(3-3)*8"), S.carol, 3, .wrongAnswer(.divisionByZero)),
        ]
        for (move, seat, seconds, expected) in cases {
            let before = game
            #expect(throws: expected) { try game.apply(move, from: seat, at: S.at(seconds)) }
            #expect(game == before)
            #expect(!expected.description.isEmpty && !expected.code.isEmpty)
        }
        // A wrong answer costs nothing but time: Carol may still answer, timed from the round start.
        try game.apply(.submit(expression: "8/(3-8/3)"), from: S.carol, at: S.at(4))
        #expect(game.view(for: .seat(S.carol), at: S.at(4)).results[1].line == "Carol: 4.00 seconds")
        // Between rounds nobody may answer.
        #expect(throws: TwentyFourRejection.notInRound) { try game.apply(.giveUp, from: S.alice, at: S.at(5)) }
        #expect(TwentyFourRejection.wrongAnswer(.notTwentyFour(Rational(22))).description.contains("that makes 22"))
        #expect(TwentyFourRejection.wrongAnswer(.divisionByZero).code == "divisionByZero")
    }

    @Test func scoresRunAcrossRounds() throws {
        var game = S.game(seats: Array(S.seats.prefix(2)))
        // Round 1: Alice fastest, bob also solves.
        try game.apply(.submit(expression: game.challenge.solution), from: S.alice, at: S.at(5))
        try game.apply(.submit(expression: game.challenge.solution), from: S.bob, at: S.at(6))
        game.advance(to: S.at(16))
        // Round 2: bob fastest, Alice gives up.
        try game.apply(.submit(expression: game.challenge.solution), from: S.bob, at: S.at(20))
        try game.apply(.giveUp, from: S.alice, at: S.at(21))
        game.advance(to: S.at(31))
        // Round 3: bob again, Alice runs out of time.
        try game.apply(.submit(expression: game.challenge.solution), from: S.bob, at: S.at(40))
        game.advance(to: S.at(131))
        let scores = game.view(for: .spectator, at: S.at(131)).scores
        #expect(scores == [
            TwentyFourView.Score(seat: S.bob, name: "bob", won: 2, solved: 3),
            TwentyFourView.Score(seat: S.alice, name: "Alice", won: 1, solved: 1),
        ])
    }

    @Test func tiedFastestSolversBothWin() throws {
        var game = S.game(numbers: [3, 3, 8, 8], seats: Array(S.seats.prefix(2)))
        try game.apply(.submit(expression: "8/(3-8/3)"), from: S.alice, at: S.at(5))
        try game.apply(.submit(expression: "8/(3-8/3)"), from: S.bob, at: S.at(5))
        #expect(game.view(for: .spectator, at: S.at(5)).scores.map(\.won) == [1, 1])
    }

    @Test func leavingMidRoundNeverStallsIt() throws {
        var game = S.game(numbers: [3, 3, 8, 8])
        try game.apply(.submit(expression: "8/(3-8/3)"), from: S.alice, at: S.at(5))
        game.leave(S.bob, at: S.at(6))
        #expect(game.phase == .round)
        #expect(!game.view(for: .spectator, at: S.at(6)).results.contains { $0.seat == S.bob })
        game.leave(S.carol, at: S.at(7)) // the last one still guessing
        #expect(game.schedule == Schedule(turn: .nobody, deadline: S.at(17)))
        #expect(game.view(for: .seat(S.alice), at: S.at(7)).scores.first?.won == 1)
    }

    @Test func anEmptyTableWaitsAndTheNextPlayerStartsARound() {
        var game = S.game(numbers: [3, 3, 8, 8])
        for seat in [S.alice, S.bob, S.carol] { game.leave(seat, at: S.at(1)) }
        #expect(game.schedule == Schedule(turn: .nobody, deadline: S.at(11)))
        game.advance(to: S.at(11))
        #expect(game.roundNumber == 1 && game.schedule == Schedule(turn: .nobody, deadline: S.at(21)))
        game.join(Seat(id: S.dave, name: "Dave"), at: S.at(15))
        #expect(game.view(for: .seat(S.dave), at: S.at(15)).me == .waiting)
        game.advance(to: S.at(21))
        #expect(game.roundNumber == 2 && game.view(for: .seat(S.dave), at: S.at(21)).canAnswer)
    }

    @Test func nobodySeesAnotherPlayersExpressionOrTheSolutionDuringTheRound() throws {
        var game = S.game(numbers: [3, 3, 8, 8])
        try game.apply(.submit(expression: "8/(3-8/3)"), from: S.alice, at: S.at(5))
        try game.apply(.giveUp, from: S.bob, at: S.at(6))
        for viewer in [Viewer.seat(S.bob), .seat(S.carol), .spectator] {
            let view = game.view(for: viewer, at: S.at(7))
            #expect(view.solution == nil)
            #expect(view.results.allSatisfy { $0.expression == nil })
            #expect(view.numbers == [3, 3, 8, 8])
        }
        #expect(game.view(for: .seat(S.bob), at: S.at(7)).reply?.contains("when the round ends") == true)
        game.advance(to: S.at(100))
        let after = game.view(for: .seat(S.bob), at: S.at(100))
        #expect(after.solution == "8 / (3 − 8/3)")
        #expect(after.reply == "You gave up.")
        #expect(after.results.first?.expression == "8/(3-8/3)")
    }

    @Test func candidateMovesHoldAGiveUpARightAndAWrongAnswer() throws {
        let game = S.game(numbers: [3, 3, 8, 8])
        let moves = game.candidateMoves(for: S.alice)
        #expect(moves.count == 3 && moves[0] == .giveUp)
        var right = game
        try right.apply(moves[1], from: S.alice, at: S.at(1))
        var wrong = game
        #expect(throws: TwentyFourRejection.self) { try wrong.apply(moves[2], from: S.alice, at: S.at(1)) }
        let nines = S.game(numbers: [3, 3, 9, 9])
        if case .submit(let text) = nines.candidateMoves(for: S.alice)[2] {
            #expect(text == "3 * 3 * 9 * 9")
        }
    }

    @Test func passesTheConformanceSuite() {
        let failures = GameConformance.check(
            TwentyFour.self, configuration: TwentyFourConfiguration(roundSeconds: 10, pauseSeconds: 1),
            playerCounts: [1, 2, 5], expectsEnd: false, leaveProbability: 0.01
        )
        #expect(failures.isEmpty, "\(failures)")
        #expect(GameConformance.check(TwentyFour.self, seeds: 0..<4, expectsEnd: false).isEmpty)
    }
}
