/// Who may act and when the host must next wake the game; the rules state it, the host enforces it.
///
/// The four scheduling patterns of the shipped games all fit:
/// - a turn (Four in a Row): `turn: .seats([current])`;
/// - a timed round everyone plays at once (TwentyFour): `turn: .everyone`, `deadline:` the round's end;
/// - a turn plus interrupts (Snap): `turn: .seats([active])`, `interrupts: true`, and the rules mark
///   which moves are interrupts (`GameRules.isInterrupt`);
/// - real time (SunTouch): `turn: .everyone`, moves stamped with the host's `now`.
public struct Schedule: Hashable, Codable, Sendable {
    /// Which seats may send ordinary moves now.
    public var turn: Turn
    /// Whether any seated player may send an interrupt move now, whoever's turn it is.
    public var interrupts: Bool
    /// When the host must call `advance(to:)` next, if ever.
    public var deadline: GameInstant?

    /// Creates a schedule.
    public init(turn: Turn, interrupts: Bool = false, deadline: GameInstant? = nil) {
        self.turn = turn
        self.interrupts = interrupts
        self.deadline = deadline
    }

    /// Nobody may act and nothing is due: the state of a finished game.
    public static let idle = Schedule(turn: .nobody)

    /// Whether `seat` may send an ordinary (non-interrupt) move now.
    public func allows(_ seat: SeatID) -> Bool {
        switch turn {
        case .nobody: false
        case .everyone: true
        case .seats(let seats): seats.contains(seat)
        }
    }
}

/// Which seats may send ordinary moves.
public enum Turn: Hashable, Codable, Sendable {
    /// No one, for instance between rounds.
    case nobody
    /// Every seated player at once.
    case everyone
    /// Only these seats.
    case seats(Set<SeatID>)

    /// Only `seat`: an ordinary turn.
    public static func seat(_ seat: SeatID) -> Turn { .seats([seat]) }
}
