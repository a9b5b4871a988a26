import PartyKit
import PartyTestSupport
import Testing
@testable import TwentyFour

/// `--rounds N`: after the N-th round the game is over, with winners, a summary and standings for
/// every seat that played (issue 18).
@Suite struct RoundsTests {
    typealias S = Samples

    /// Plays the current round with `solvers` answering in that order, one second apart from
    /// `start`, the rest giving up; returns when the round has ended.
    static func play(_ game: inout TwentyFour, solvers: [SeatID], from start: Double) throws {
        let solution = game.challenge.solution
        for (index, seat) in solvers.enumerated() {
            try game.apply(.submit(expression: solution), from: seat, at: S.at(start + Double(index + 1)))
        }
        for seat in game.players.keys.sorted() where game.players[seat]?.standing.isGuessing == true {
            try game.apply(.giveUp, from: seat, at: S.at(start + Double(solvers.count + 1)))
        }
    }

    @Test func theGameEndsAfterItsLastRoundWithTheMostRoundsWonWinning() throws {
        var game = S.game(rounds: 3)
        #expect(game.view(for: .seat(S.alice), at: .zero).rounds == 3)
        try Self.play(&game, solvers: [S.alice, S.bob], from: 0)       // round 1: Alice
        game.advance(to: S.at(20))
        #expect(game.roundNumber == 2 && game.outcome == nil)
        try Self.play(&game, solvers: [S.carol, S.alice], from: 20)    // round 2: Carol
        game.advance(to: S.at(40))
        try Self.play(&game, solvers: [S.alice], from: 40)             // round 3: Alice
        let outcome = try #require(game.outcome)
        #expect(outcome.winners == [S.alice] && outcome.reason == .won)
        #expect(outcome.summary == "Alice wins 2 rounds to 1")
        #expect(outcome.standings == [
            Standing(seat: S.alice, place: 1, score: 2), Standing(seat: S.carol, place: 2, score: 1),
            Standing(seat: S.bob, place: 3, score: 0),
        ])
        #expect(game.schedule == .idle && game.isOver)
        // Nothing moves on: no fourth round, no answers, nobody joins.
        game.advance(to: S.at(1_000))
        #expect(game.roundNumber == 3)
        #expect(throws: TwentyFourRejection.gameOver) { try game.apply(.giveUp, from: S.bob, at: S.at(1_000)) }
        #expect(TwentyFourRejection.gameOver.description == "The game is over.")
        let view = game.view(for: .seat(S.bob), at: S.at(1_000))
        #expect(view.isOver && view.outcome == "Alice wins 2 rounds to 1" && view.phase == .pause)
        #expect(view.remainingMs == 0 && !view.canAnswer && view.round == 3 && view.rounds == 3)
        #expect(view.solution != nil && view.results.first?.seat == S.alice)
    }

    @Test func aRoundEndingOnTimeEndsTheGameToo() throws {
        var game = S.game(seats: Array(S.seats.prefix(2)), rounds: 1)
        try game.apply(.submit(expression: game.challenge.solution), from: S.bob, at: S.at(30))
        game.advance(to: S.at(100))
        let outcome = try #require(game.outcome)
        #expect(outcome.winners == [S.bob] && outcome.summary == "bob wins 1 round to 0")
        #expect(outcome.standings.map(\.seat) == [S.bob, S.alice])
    }

    @Test func tiedPlayersShareTheWin() throws {
        var game = S.game(rounds: 2)
        try Self.play(&game, solvers: [S.bob], from: 0)
        game.advance(to: S.at(20))
        try Self.play(&game, solvers: [S.carol, S.bob], from: 20)
        let outcome = try #require(game.outcome)
        #expect(Set(outcome.winners) == [S.bob, S.carol] && outcome.reason == .won)
        // bob solved two rounds, Carol one: bob is listed first within the shared place.
        #expect(outcome.standings == [
            Standing(seat: S.bob, place: 1, score: 1), Standing(seat: S.carol, place: 1, score: 1),
            Standing(seat: S.alice, place: 3, score: 0),
        ])
        #expect(outcome.summary == "bob and Carol share the win with 1 round each")
    }

    @Test func nobodyWinningARoundIsADraw() throws {
        var game = S.game(seats: Array(S.seats.prefix(2)), rounds: 2)
        game.advance(to: S.at(100))
        game.advance(to: S.at(110))
        try Self.play(&game, solvers: [], from: 110)
        let outcome = try #require(game.outcome)
        #expect(outcome.winners.isEmpty && outcome.reason == .draw)
        #expect(outcome.summary == "Draw: nobody solved any of the 2 rounds")
        #expect(outcome.standings.map(\.place) == [1, 1])
    }

    @Test func aLoneSolverWinsOfTheRounds() throws {
        var game = S.game(seats: [Seat(id: S.alice, name: "Alice")], rounds: 2)
        try Self.play(&game, solvers: [S.alice], from: 0)
        game.advance(to: S.at(20))
        try Self.play(&game, solvers: [], from: 20)
        #expect(game.outcome?.summary == "Alice wins 1 of 2 rounds")
        #expect(game.outcome?.winners == [S.alice])
    }

    @Test func leaversAndNewcomersAreInTheStandingsLeaversLast() throws {
        var game = S.game(rounds: 2)
        try Self.play(&game, solvers: [S.bob, S.alice], from: 0)        // round 1: bob
        game.leave(S.bob, at: S.at(15))
        #expect(!game.view(for: .spectator, at: S.at(15)).scores.contains { $0.seat == S.bob })
        game.join(Seat(id: S.dave, name: "Dave"), at: S.at(16))
        game.advance(to: S.at(20))
        try Self.play(&game, solvers: [S.dave], from: 20)              // round 2: Dave
        let outcome = try #require(game.outcome)
        // bob won as many rounds as Dave but left: he is placed last.
        #expect(outcome.winners == [S.dave] && outcome.summary == "Dave wins 1 round to 0")
        #expect(outcome.standings == [
            Standing(seat: S.dave, place: 1, score: 1), Standing(seat: S.alice, place: 2, score: 0),
            Standing(seat: S.carol, place: 2, score: 0), Standing(seat: S.bob, place: 4, score: 1),
        ])
    }

    @Test func aNewcomerOnAFreedSeatStartsAfreshAndTakesItsPlace() throws {
        var game = S.game(rounds: 2)
        try Self.play(&game, solvers: [S.bob], from: 0)
        game.leave(S.bob, at: S.at(15))
        game.join(Seat(id: S.bob, name: "Erin"), at: S.at(16))
        game.advance(to: S.at(20))
        try Self.play(&game, solvers: [S.alice], from: 20)
        let outcome = try #require(game.outcome)
        #expect(outcome.standings.map(\.seat).sorted() == [S.alice, S.bob, S.carol])
        #expect(outcome.standings.first { $0.seat == S.bob }?.score == 0)
        #expect(outcome.summary == "Alice wins 1 round to 0")
    }

    @Test func everybodyLeavingEndsAGameWithRounds() throws {
        var game = S.game(rounds: 5)
        try Self.play(&game, solvers: [S.carol], from: 0)
        for seat in [S.alice, S.bob, S.carol] { game.leave(seat, at: S.at(12)) }
        let outcome = try #require(game.outcome)
        #expect(outcome.reason == .playersLeft && outcome.winners.isEmpty)
        #expect(outcome.summary == "Everybody left after 1 round of 5")
        #expect(outcome.standings.first == Standing(seat: S.carol, place: 1, score: 1))
        #expect(game.schedule == .idle)
        // Without rounds, an empty table waits for the next player as before.
        var endless = S.game()
        for seat in [S.alice, S.bob, S.carol] { endless.leave(seat, at: S.at(1)) }
        #expect(endless.outcome == nil && endless.schedule.deadline == S.at(11))
    }

    @Test func withoutRoundsTheGameNeverEnds() throws {
        var game = S.game(seats: Array(S.seats.prefix(1)), round: 10, pause: 1)
        for round in 0..<30 {
            game.advance(to: S.at(Double(round) * 11 + 10))
            game.advance(to: S.at(Double(round) * 11 + 11))
        }
        #expect(game.outcome == nil && game.roundNumber == 31)
        #expect(game.view(for: .spectator, at: S.at(400)).rounds == nil)
    }

    @Test func theBotMakesNoMoveOnceTheGameIsOver() throws {
        var game = S.game(numbers: [4, 6, 6, 8], seats: [Seat(id: S.alice, name: "Bot")], rounds: 1)
        var bot = TwentyFourBot(seat: S.alice, seed: 3, level: .perfect)
        #expect(bot.plan(for: game.view(for: .seat(S.alice), at: .zero), at: .zero) != nil)
        game.advance(to: S.at(100))
        #expect(game.isOver)
        for seconds in [100.0, 200, 1_000] {
            #expect(bot.plan(for: game.view(for: .seat(S.alice), at: S.at(seconds)), at: S.at(seconds)) == nil)
        }
    }

    @Test func passesTheConformanceSuiteAndEnds() {
        for rounds in [1, 3] {
            let failures = GameConformance.check(
                TwentyFour.self, configuration: TwentyFourConfiguration(roundSeconds: 10, pauseSeconds: 1, rounds: rounds),
                playerCounts: [1, 2, 5], expectsEnd: true, leaveProbability: 0.01
            )
            #expect(failures.isEmpty, "\(failures)")
        }
        let withLeavers = GameConformance.check(
            TwentyFour.self, configuration: TwentyFourConfiguration(roundSeconds: 10, pauseSeconds: 1, rounds: 4),
            playerCounts: [2, 4], seeds: 20..<30, expectsEnd: true, leaveProbability: 0.05
        )
        #expect(withLeavers.isEmpty, "\(withLeavers)")
    }

    @Test func laysOutCleanlyWhenTheGameEnds() {
        let problems = LayoutCheck.check(
            TwentyFourGame.self, configuration: TwentyFourConfiguration(roundSeconds: 10, pauseSeconds: 1, rounds: 2), steps: 120
        )
        #expect(problems.isEmpty, "\(problems.prefix(6).joined(separator: "\n"))")
    }
}

/// A party room gives TwentyFour an end: 5 rounds unless the command line chooses.
@Suite("TwentyFour's room defaults")
struct TwentyFourRoomDefaultsTests {
    @Test("a room plays 5 rounds; --rounds still chooses, 0 included; a locked session keeps no end")
    func roomRounds() throws {
        #expect(try TwentyFourConfiguration(roomValues: [:]).rounds == 5)
        #expect(try TwentyFourConfiguration(roomValues: ["rounds": "3"]).rounds == 3)
        #expect(try TwentyFourConfiguration(roomValues: ["rounds": "0"]).rounds == 0)
        #expect(try TwentyFourConfiguration(roomValues: ["round-seconds": "30"]) == TwentyFourConfiguration(roundSeconds: 30, rounds: 5))
        #expect(try TwentyFourConfiguration(values: [:]).rounds == 0)
    }
}
