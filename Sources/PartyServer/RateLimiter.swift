/// A token bucket per connection: a client may send `perSecond` messages on average with bursts
/// of `burst`; the first excess gets a warning, excess again within ten seconds disconnects.
struct RateLimiter: Sendable {
    /// What to do with one incoming message.
    enum Verdict: Equatable {
        /// Within the limit.
        case allowed
        /// Over the limit for the first time: drop it and warn.
        case warned
        /// Over the limit again after a warning: disconnect.
        case exceeded
    }

    let perSecond: Double
    let burst: Double
    var tokens: Double
    var last: ContinuousClock.Instant
    var warnedAt: ContinuousClock.Instant?

    init(perSecond: Double, burst: Double) {
        self.perSecond = perSecond
        self.burst = burst
        tokens = burst
        last = .now
    }

    /// Counts one message arriving now.
    mutating func admit(now: ContinuousClock.Instant = .now) -> Verdict {
        let elapsed = now - last
        last = now
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        tokens = min(burst, tokens + seconds * perSecond)
        if tokens >= 1 {
            tokens -= 1
            return .allowed
        }
        if let warnedAt, now - warnedAt < .seconds(10) {
            return .exceeded
        }
        warnedAt = now
        return .warned
    }
}
