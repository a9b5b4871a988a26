/// A point in game time: milliseconds on the host's monotonic clock since the session started.
///
/// Rules never read a clock; the host passes `now` in, so tests drive time by hand.
public struct GameInstant: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// Milliseconds since the session's epoch.
    public var milliseconds: Int64

    /// Creates an instant `milliseconds` after the epoch.
    public init(milliseconds: Int64) { self.milliseconds = milliseconds }

    /// The session's epoch.
    public static let zero = GameInstant(milliseconds: 0)

    /// Creates an instant a number of (possibly fractional) seconds after the epoch.
    public static func seconds(_ seconds: Double) -> GameInstant {
        GameInstant(milliseconds: roundedMilliseconds(seconds))
    }

    /// This instant moved by `milliseconds` (negative moves back).
    public func adding(milliseconds delta: Int64) -> GameInstant {
        GameInstant(milliseconds: milliseconds + delta)
    }

    /// This instant moved by `seconds`.
    public func adding(seconds: Double) -> GameInstant {
        adding(milliseconds: Self.roundedMilliseconds(seconds))
    }

    /// Seconds as the nearest whole millisecond (halves away from zero), without libm.
    static func roundedMilliseconds(_ seconds: Double) -> Int64 {
        let scaled = seconds * 1000
        return Int64(scaled + (scaled >= 0 ? 0.5 : -0.5))
    }

    /// Milliseconds from `earlier` to this instant (negative when `earlier` is later).
    public func milliseconds(since earlier: GameInstant) -> Int64 {
        milliseconds - earlier.milliseconds
    }

    public static func < (lhs: GameInstant, rhs: GameInstant) -> Bool { lhs.milliseconds < rhs.milliseconds }

    public var description: String { "t+\(milliseconds)ms" }

    public init(from decoder: any Decoder) throws {
        milliseconds = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(milliseconds)
    }
}
