import PartyKit
@testable import SunTouch

/// Named sample games and helpers shared by the SunTouch tests.
enum Samples {
    static let alice = SeatID(0)
    static let bob = SeatID(1)
    static let seats = [Seat(id: alice, name: "Alice"), Seat(id: bob, name: "Bob")]

    /// The instant `milliseconds` after the epoch.
    static func at(_ milliseconds: Int64) -> GameInstant { GameInstant(milliseconds: milliseconds) }

    /// A fresh game in its coin toss.
    static func game(seed: UInt64 = 42, configuration: SunTouchConfiguration = .init()) -> SunTouch {
        SunTouch(setup: GameSetup(seats: seats, configuration: configuration, seed: seed))
    }

    /// A game whose toss (1 and 2) was done at time 0, so game time equals host time.
    static func tossed(seed: UInt64 = 42, configuration: SunTouchConfiguration = .init()) throws -> SunTouch {
        var game = game(seed: seed, configuration: configuration)
        try game.apply(.toss(1), from: alice, at: .zero)
        try game.apply(.toss(2), from: bob, at: .zero)
        return game
    }

    /// A game in play from time 0 with suns at exactly these places.
    static func playing(
        suns places: [(Double, Double)], timeLimit: Int = 120
    ) throws -> SunTouch {
        let configuration = SunTouchConfiguration(suns: places.count, timeLimitSeconds: timeLimit)
        var game = try tossed(configuration: configuration)
        game.suns = places.map { SunTouch.Sun(x: $0.0, y: $0.1, capture: nil) }
        return game
    }

    /// The sun at the middle of the field that most capture tests use.
    static let middle = (0.5, 0.5)

    /// A strike whose centre is `offset` to the right of the middle.
    static func strike(offset: Double, radius: Double = 0.1) -> SunTouchMove {
        .strike(x: 0.5 + offset, y: 0.5, radius: radius)
    }
}
