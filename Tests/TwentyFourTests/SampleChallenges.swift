import PartyKit
@testable import TwentyFour

/// Named positions and helpers shared by the TwentyFour tests.
enum Samples {
    /// Seats for Alice, bob and Carol (lower-case b to test case-insensitive ordering).
    static let alice = SeatID(0)
    static let bob = SeatID(1)
    static let carol = SeatID(2)
    static let dave = SeatID(3)

    static let seats = [
        Seat(id: alice, name: "Alice"), Seat(id: bob, name: "bob"), Seat(id: carol, name: "Carol"),
    ]

    /// A game started at t = 0 with 100 s rounds and 10 s pauses (and `rounds` rounds; 0: no end).
    static func game(seats: [Seat] = seats, seed: UInt64 = 7, round: Int = 100, pause: Int = 10, rounds: Int = 0) -> TwentyFour {
        TwentyFour(setup: GameSetup(
            seats: seats, configuration: TwentyFourConfiguration(roundSeconds: round, pauseSeconds: pause, rounds: rounds), seed: seed
        ))
    }

    /// A game whose current challenge is set by hand (the state machine is otherwise untouched).
    static func game(numbers: [Int], seats: [Seat] = seats, rounds: Int = 0) -> TwentyFour {
        var game = game(seats: seats, rounds: rounds)
        game.challenge = TwentyFour.Challenge(numbers: numbers, solution: TwentyFourSolver.solution(for: numbers) ?? "")
        return game
    }

    static func at(_ seconds: Double) -> GameInstant { .seconds(seconds) }
}
