import PartyKit

/// The rules of SunTouch: two players strike a unit-square field to find hidden suns; a sun goes
/// to the strike that reaches it first in game time, as the host decides.
///
/// Time: the host's `now` drives an *active* clock that stops while the game is paused for a
/// dropped player; game time is the active time since play began. Strikes, cooldowns and the time
/// limit all run on game time, so a pause freezes them.
public struct SunTouch: GameRules {
    /// A toss or a strike.
    public typealias Move = SunTouchMove
    /// What a viewer sees.
    public typealias View = SunTouchView
    /// Why a move is refused.
    public typealias Rejection = SunTouchRejection
    /// The settings.
    public typealias Configuration = SunTouchConfiguration

    /// SunTouch's id, title and player counts.
    public static let descriptor = GameDescriptor(
        id: "suntouch", title: "SunTouch", minPlayers: 2, maxPlayers: 2, joinInProgress: false,
        summary: "Strike a dark field to find hidden suns; whoever's strike reaches a sun first takes it.",
        howToPlay: "Arrows move, Space strikes: reach a hidden sun first to take it; +/- size.",
        rules: [
            "Suns hide in the dark field. Strike a spot: your strike grows for a moment.",
            "The first strike to reach a hidden sun takes it.",
            "A big strike covers more but makes you wait longer before the next one.",
            "When every sun is found or time runs out, the most suns win.",
        ])

    /// The radii a strike may have.
    public static let radiusRange: ClosedRange<Double> = 0.03...0.20
    /// How long each round of the coin toss waits before the host tosses for a missing player.
    public static let tossMilliseconds: Int64 = 10_000
    /// How many of the most recent strikes a view lists.
    public static let strikesShown = 40
    /// The margin kept between suns and the field's edge.
    static let sunMargin = 0.02

    /// The cooldown after a strike of `radius`: 4 s × radius / 0.1.
    public static func cooldownMilliseconds(radius: Double) -> Int64 {
        Int64((40_000 * radius).rounded())
    }

    /// A hidden or captured sun.
    struct Sun: Hashable, Sendable {
        /// Where it is.
        var x: Double
        var y: Double
        /// Who captured it and when, once captured.
        var capture: Capture?
    }

    /// A settled capture.
    struct Capture: Hashable, Sendable {
        /// The capturing seat's index.
        var seat: Int
        /// Game milliseconds of the capture (the reach time, rounded up).
        var at: Int64
        /// The capturing strike's index.
        var strike: Int
    }

    /// A strike as the host records it.
    struct Strike: Hashable, Sendable {
        /// The striking seat's index.
        var seat: Int
        var x: Double
        var y: Double
        var r: Double
        /// Game milliseconds of the strike.
        var time: Int64
    }

    /// The settings of this game.
    public let configuration: Configuration
    /// The players in seat order.
    let seats: [Seat]
    /// The stage.
    var phase: SunTouchView.Phase = .toss
    /// The host's clock when the game was set up.
    let start: GameInstant
    /// Real milliseconds spent paused before the current pause.
    var pausedMilliseconds: Int64 = 0
    /// When the current pause began, if paused.
    var pausedSince: GameInstant?
    /// Per seat: since when its connection is down (the host holds the seat for its grace period,
    /// then calls `leave`); nil while connected.
    var awaySince: [GameInstant?]
    /// The host's own secret that goes into the layout seed.
    var hostSecret: UInt64
    /// The host's generator (missing tosses).
    var random: SeededRandom
    /// The round of the coin toss (1, then more after equal tosses).
    var tossRound = 1
    /// Active milliseconds at which the current toss round ends.
    var tossDeadline: Int64
    /// Per seat: the toss in the current round.
    var tosses: [UInt32?]
    /// Active milliseconds at which play began.
    var playStart: Int64 = 0
    /// The suns (empty until the toss is done).
    var suns: [Sun] = []
    /// Every strike so far, in order.
    var strikes: [Strike] = []
    /// Per seat: game milliseconds from which they may strike again.
    var readyAt: [Int64]
    /// Game milliseconds at which the game ended.
    var endClock: Int64 = 0
    /// The result, once over.
    public internal(set) var outcome: GameOutcome?

    /// Starts a game in its coin toss.
    public init(setup: GameSetup<Configuration>) {
        configuration = setup.configuration
        seats = setup.seats
        start = setup.now
        random = SeededRandom(seed: setup.seed)
        hostSecret = random.next()
        tossDeadline = Self.tossMilliseconds
        tosses = Array(repeating: nil, count: setup.seats.count)
        awaySince = Array(repeating: nil, count: setup.seats.count)
        readyAt = Array(repeating: 0, count: setup.seats.count)
    }

    /// Who may act and when the host must wake the game next.
    public var schedule: Schedule {
        if outcome != nil { return .idle }
        if pausedSince != nil {
            // Nobody acts and no deadline: the host's grace period ends the wait, by a reconnection
            // (`connectionChanged`) or by giving the seat up (`leave`).
            return Schedule(turn: .nobody, deadline: nil)
        }
        switch phase {
        case .toss:
            let waiting = seats.indices.filter { tosses[$0] == nil }.map { seats[$0].id }
            return Schedule(turn: .seats(Set(waiting)), deadline: instant(ofActive: tossDeadline))
        case .playing:
            var deadline = instant(ofActive: playStart + configuration.timeLimitMilliseconds)
            if let reach = earliestPendingReach() {
                deadline = min(deadline, instant(ofActive: playStart + Int64(reach.rounded(.up))))
            }
            return Schedule(turn: .everyone, deadline: deadline)
        case .over:
            return .idle
        }
    }

    /// The index of `seat`, if it plays.
    func index(of seat: SeatID) -> Int? {
        seats.firstIndex { $0.id == seat }
    }

    /// How many suns the seat at `index` captured.
    func score(_ index: Int) -> Int {
        suns.reduce(0) { $0 + ($1.capture?.seat == index ? 1 : 0) }
    }
}
