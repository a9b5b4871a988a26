import PartyKit
import RockPaperScissors

/// Named sample games and viewers shared by the tests.
enum SampleGames {
    static let alice = Seat(id: SeatID(0), name: "Alice")
    static let bob = Seat(id: SeatID(1), name: "Bob")
    static let carol = Seat(id: SeatID(2), name: "Carol")
    static let seats = [alice, bob, carol]
    static let names = Dictionary(uniqueKeysWithValues: seats.map { ($0.id, $0.name) })

    /// Everyone who may look at a game of `seats`: each seat and a spectator.
    static let viewers: [Viewer] = seats.map { .seat($0.id) } + [.spectator]

    /// A presenter context for `viewer`, without colour.
    static func context(for viewer: Viewer) -> PresenterContext {
        PresenterContext(seat: viewer.seat, names: names, color: false)
    }

    /// A three-player game at the start of round 1.
    static func fresh() -> RockPaperScissors {
        RockPaperScissors(setup: GameSetup(seats: seats, seed: 7))
    }

    /// Round 1 with Alice having chosen `shape`, Bob and Carol not yet.
    static func aliceChose(_ shape: Shape) throws -> RockPaperScissors {
        var game = fresh()
        try game.apply(RockPaperScissorsMove(shape: shape), from: alice.id, at: .seconds(1))
        return game
    }
}
