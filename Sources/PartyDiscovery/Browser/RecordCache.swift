/// The browser's cache of received records (RFC 6762 sections 5.2, 10.1, 10.2, 10.5), driven by
/// explicit instants so it can be tested without waiting.
///
/// Passive observation of failures (section 10.5): a multicast query that a cached record should
/// answer (not asked for a unicast reply, and not listing the record as a known answer) counts
/// against the record until an answer carrying it arrives; two such queries without an answer
/// flush the record `unansweredGrace` after the second. So when one client finds a host gone and
/// reconfirms its records (section 10.4), every list drops the host within seconds.
struct RecordCache: Sendable {
    /// One cached record and its timers.
    struct Entry: Sendable {
        var record: DNSRecord
        var received: ContinuousClock.Instant
        var expires: ContinuousClock.Instant
        /// When the next refresh query is due, or nil once all four have been sent.
        var nextRefresh: ContinuousClock.Instant?
        var refreshesSent: Int
        /// Queries seen since the last answer that this record should have answered.
        var unansweredQueries = 0
    }

    private(set) var entries: [DNSRecordKey: Entry] = [:]

    /// The fractions of the TTL at which refresh queries go out (plus up to 2 % jitter).
    static let refreshFractions = [0.80, 0.85, 0.90, 0.95]
    /// How long after the second unanswered query a record is flushed (RFC 6762 section 10.5).
    static let unansweredGrace = Duration.seconds(10)
    /// How many unanswered queries make a record suspect.
    static let unansweredLimit = 2

    /// Takes note of a multicast query seen on the network (from port 5353): every cached record
    /// it should get as an answer counts one more unanswered query, and once two have gone
    /// unanswered the record expires `unansweredGrace` later unless an answer refreshes it.
    /// Questions asking for a unicast reply (QU), records listed as known answers (with at least
    /// half their TTL) and truncated queries (known answers continued elsewhere) are left out: a
    /// live responder may stay silent to those.
    mutating func noteQuery(_ message: DNSMessage, now: ContinuousClock.Instant) {
        // A truncated query's known answers go on in the next packet: it cannot be judged alone.
        guard !message.isTruncated else { return }
        let questions = message.questions.filter { !$0.unicastResponse }
        guard !questions.isEmpty else { return }
        for (key, var entry) in entries {
            guard questions.contains(where: { $0.isAnswered(by: entry.record) }) else { continue }
            let known = message.answers.contains { $0.sameRecord(as: entry.record) && $0.ttl >= entry.record.ttl / 2 }
            guard !known else { continue }
            entry.unansweredQueries += 1
            if entry.unansweredQueries == Self.unansweredLimit {
                entry.expires = min(entry.expires, now + Self.unansweredGrace)
                entry.nextRefresh = nil
            }
            entries[key] = entry
        }
    }

    /// Adds or updates a record. TTL 0 (goodbye) makes a known record expire in one second; the
    /// cache-flush bit makes other records of the same name and type that are older than one second
    /// expire in one second.
    mutating func insert(_ record: DNSRecord, now: ContinuousClock.Instant) {
        let key = DNSRecordKey(record)
        if record.ttl == 0 {
            if var entry = entries[key] {
                entry.expires = min(entry.expires, now + .seconds(1))
                entry.nextRefresh = nil
                entries[key] = entry
            }
            return
        }
        if record.cacheFlush {
            for (otherKey, var other) in entries
            where otherKey != key && other.record.name == record.name && other.record.type == record.type
                && other.record.recordClass == record.recordClass && now - other.received > .seconds(1)
            {
                other.expires = min(other.expires, now + .seconds(1))
                other.nextRefresh = nil
                entries[otherKey] = other
            }
        }
        let lifetime = Duration.seconds(Int64(record.ttl))
        entries[key] = Entry(
            record: record,
            received: now,
            expires: now + lifetime,
            nextRefresh: now + Self.refreshDelay(lifetime, step: 0),
            refreshesSent: 0
        )
    }

    /// Drops expired records; returns true when something was dropped.
    mutating func removeExpired(now: ContinuousClock.Instant) -> Bool {
        let before = entries.count
        entries = entries.filter { $0.value.expires > now }
        return entries.count != before
    }

    /// Live records with this name (and type, unless nil).
    func records(named name: DNSName, type: DNSRecordType? = nil) -> [DNSRecord] {
        entries.values.filter { $0.record.name == name && (type == nil || $0.record.type == type) }.map(\.record)
    }

    /// Live records answering `question`, with their TTL lowered to what remains, for the known-answer
    /// section; records past half their lifetime are left out (RFC 6762 section 7.1).
    func knownAnswers(for question: DNSQuestion, now: ContinuousClock.Instant) -> [DNSRecord] {
        entries.values.compactMap { entry in
            guard question.isAnswered(by: entry.record) else { return nil }
            let remaining = entry.expires - now
            guard remaining > .seconds(Int64(entry.record.ttl)) / 2 else { return nil }
            return entry.record.with(ttl: UInt32(remaining.components.seconds))
        }
    }

    /// The questions whose refresh time has come among records that `isWanted` accepts; marks them sent.
    mutating func dueRefreshes(now: ContinuousClock.Instant, isWanted: (DNSRecord) -> Bool) -> [DNSQuestion] {
        var questions: [DNSQuestion] = []
        for (key, var entry) in entries {
            guard let due = entry.nextRefresh, due <= now, isWanted(entry.record) else { continue }
            entry.refreshesSent += 1
            let lifetime = Duration.seconds(Int64(entry.record.ttl))
            entry.nextRefresh = entry.refreshesSent < Self.refreshFractions.count ? entry.received + Self.refreshDelay(lifetime, step: entry.refreshesSent) : nil
            entries[key] = entry
            let question = DNSQuestion(name: entry.record.name, type: entry.record.type)
            if !questions.contains(question) { questions.append(question) }
        }
        return questions
    }

    private static func refreshDelay(_ lifetime: Duration, step: Int) -> Duration {
        lifetime * (refreshFractions[step] + Double.random(in: 0...0.02))
    }
}
