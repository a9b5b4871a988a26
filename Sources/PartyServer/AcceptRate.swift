import NIOCore

/// How fast one address may open new connections: a token bucket per address, `perSecond` on
/// average with bursts of `burst`. Buckets that have filled up again are forgotten, so a host that
/// has seen many addresses keeps only the recent ones.
struct AcceptRate: Sendable {
    private struct Bucket {
        var tokens: Double
        var last: NIODeadline
    }

    /// New connections per second one address may open on average; nil: no limit.
    let perSecond: Double?
    /// How many it may open at once above the average.
    let burst: Double
    private var buckets: [String: Bucket] = [:]

    /// Buckets kept before the full ones are swept out.
    static let sweepAbove = 256

    /// A limit of `perSecond` new connections per address on average, `burst` at once; nil for none.
    init(perSecond: Double?, burst: Double) {
        self.perSecond = perSecond
        self.burst = max(1, burst)
    }

    /// Counts a connection from `address` accepted at `now`; false when the address is over its rate.
    mutating func admit(_ address: String, now: NIODeadline) -> Bool {
        guard let perSecond, perSecond > 0 else { return true }
        var bucket = buckets[address] ?? Bucket(tokens: burst, last: now)
        bucket.tokens = min(burst, bucket.tokens + Self.seconds(now - bucket.last) * perSecond)
        bucket.last = now
        let allowed = bucket.tokens >= 1
        if allowed { bucket.tokens -= 1 }
        buckets[address] = bucket
        if buckets.count > Self.sweepAbove { sweep(now: now, perSecond: perSecond) }
        return allowed
    }

    /// Forgets the addresses whose buckets are full again (they are as good as new).
    private mutating func sweep(now: NIODeadline, perSecond: Double) {
        buckets = buckets.filter { _, bucket in
            bucket.tokens + Self.seconds(now - bucket.last) * perSecond < burst
        }
    }

    private static func seconds(_ amount: TimeAmount) -> Double {
        Double(max(0, amount.nanoseconds)) / 1e9
    }
}
