import CoreMetrics

/// The host's metrics (swift-metrics): nothing is recorded until a program sets a backend
/// (`partyhost serve` sets Prometheus'), and each metric is made on first use, after that.
enum HostMetrics {
    /// Messages from clients handed to a table (moves, votes, predictions…).
    static let messages = Counter(label: "partyhost_messages_total")
    /// How long one journal commit took (a transaction of one loop turn's inputs).
    static let journalCommit = Timer(label: "partyhost_journal_commit_seconds")

    /// Counts one refusal sent to a client, by its wire reason.
    static func refused(_ reason: String) {
        Counter(label: "partyhost_refusals_total", dimensions: [("reason", reason)]).increment()
    }

    /// Times `body` as one journal commit.
    static func timingCommit<T>(_ body: () throws -> T) rethrows -> T {
        let start = ContinuousClock.now
        defer { journalCommit.recordNanoseconds((ContinuousClock.now - start).wholeNanoseconds) }
        return try body()
    }
}

extension Duration {
    /// The whole nanoseconds of this duration.
    var wholeNanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
