/// Slows down, then refuses for a while, an address that keeps naming room codes no live room has
/// (a pure state machine: the caller gives the time). Right codes cost nothing.
public struct CodeGuesses: Sendable {
    /// Wrong codes an address may name in `window` before it is slowed down.
    public var free = 5
    /// Wrong codes in `window` after which the address is refused for `lockout`.
    public var limit = 20
    /// The window wrong codes are counted in, in milliseconds.
    public var window: Int64 = 10 * 60_000
    /// How long a refused address stays refused, in milliseconds.
    public var lockout: Int64 = 10 * 60_000
    /// The added wait per wrong code beyond `free`, in milliseconds (at most 5 s).
    public var step: Int64 = 500

    private var wrong: [String: [Int64]] = [:]
    private var lockedUntil: [String: Int64] = [:]

    /// Limits with the defaults above.
    public init() {}

    /// What happens to a lookup from `address` at `now` (milliseconds on any steady clock).
    public enum Verdict: Equatable, Sendable {
        /// Answer now (after `delay` milliseconds).
        case answer(delay: Int64)
        /// Refused: try again in this many seconds.
        case refused(seconds: Int64)
    }

    /// Whether `address` may look a code up now, and after what wait.
    public mutating func check(_ address: String, now: Int64) -> Verdict {
        if let until = lockedUntil[address] {
            if until > now { return .refused(seconds: max(1, (until - now + 999) / 1000)) }
            lockedUntil[address] = nil
        }
        let recent = (wrong[address] ?? []).filter { $0 > now - window }
        wrong[address] = recent.isEmpty ? nil : recent
        return .answer(delay: min(5_000, max(0, Int64(recent.count - free + 1)) * step))
    }

    /// `address` named a code no live room has, at `now`.
    public mutating func missed(_ address: String, now: Int64) {
        var recent = (wrong[address] ?? []).filter { $0 > now - window }
        recent.append(now)
        if recent.count >= limit {
            lockedUntil[address] = now + lockout
            wrong[address] = nil
        } else {
            wrong[address] = recent
        }
        // Forget addresses that went quiet, so that a flood of addresses does not grow this forever.
        if wrong.count > 10_000 { wrong = wrong.filter { $0.value.last ?? 0 > now - window } }
        if lockedUntil.count > 10_000 { lockedUntil = lockedUntil.filter { $0.value > now } }
    }
}
