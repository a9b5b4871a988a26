import Testing

@testable import PartyDiscovery

@Suite("Record cache")
struct RecordCacheTests {
    let start = ContinuousClock.now
    let name = try! DNSName("Game._partyhost._tcp.local.")

    func txt(_ value: String, ttl: UInt32 = 4500, flush: Bool = true) -> DNSRecord {
        DNSRecord(name: name, data: .txt([Array(value.utf8)]), ttl: ttl, cacheFlush: flush)
    }

    @Test("records expire after their TTL")
    func expiry() {
        var cache = RecordCache()
        cache.insert(txt("a", ttl: 10), now: start)
        let early = cache.removeExpired(now: start + .seconds(9))
        #expect(!early)
        #expect(cache.records(named: name).count == 1)
        let late = cache.removeExpired(now: start + .seconds(10))
        #expect(late)
        #expect(cache.records(named: name).isEmpty)
    }

    @Test("a goodbye removes a record one second later")
    func goodbye() {
        var cache = RecordCache()
        cache.insert(txt("a"), now: start)
        cache.insert(txt("a", ttl: 0), now: start + .seconds(5))
        let early = cache.removeExpired(now: start + .milliseconds(5900))
        #expect(!early)
        let late = cache.removeExpired(now: start + .seconds(6))
        #expect(late)
    }

    @Test("the cache-flush bit replaces older data of the same name and type")
    func cacheFlush() {
        var cache = RecordCache()
        cache.insert(txt("old"), now: start)
        cache.insert(txt("new"), now: start + .seconds(3))
        _ = cache.removeExpired(now: start + .seconds(4))
        #expect(cache.records(named: name) == [txt("new")])
    }

    @Test("records without the cache-flush bit are kept side by side")
    func shared() {
        var cache = RecordCache()
        cache.insert(txt("one", flush: false), now: start)
        cache.insert(txt("two", flush: false), now: start + .seconds(3))
        _ = cache.removeExpired(now: start + .seconds(5))
        #expect(cache.records(named: name).count == 2)
    }

    @Test("refresh queries go out at 80-97 % of the TTL, four times at most")
    func refresh() {
        var cache = RecordCache()
        cache.insert(txt("a", ttl: 100), now: start)
        let early = cache.dueRefreshes(now: start + .seconds(79)) { _ in true }
        #expect(early.isEmpty)
        var sent = 0
        for second in 80...99 {
            sent += cache.dueRefreshes(now: start + .seconds(second)) { _ in true }.count
        }
        #expect(sent == 4)
    }

    @Test("known answers leave out records past half their lifetime")
    func knownAnswers() {
        var cache = RecordCache()
        cache.insert(txt("a", ttl: 100), now: start)
        let question = DNSQuestion(name: name, type: .txt)
        #expect(cache.knownAnswers(for: question, now: start + .seconds(40)).map(\.ttl) == [60])
        #expect(cache.knownAnswers(for: question, now: start + .seconds(60)).isEmpty)
    }
}

@Suite("Record cache: passive observation of failures (RFC 6762 10.5)")
struct UnansweredQueryTests {
    let start = ContinuousClock.now
    let name = try! DNSName("Game._partyhost._tcp.local.")

    func srv(ttl: UInt32 = 120) -> DNSRecord {
        DNSRecord(name: name, data: .srv(priority: 0, weight: 0, port: 4711, target: try! DNSName("partyhost-1.local.")), ttl: ttl, cacheFlush: true)
    }

    func query(_ type: DNSRecordType = .srv, unicast: Bool = false, known: [DNSRecord] = []) -> DNSMessage {
        DNSMessage(questions: [DNSQuestion(name: name, type: type, unicastResponse: unicast)], answers: known)
    }

    @Test("two unanswered queries flush a record ten seconds after the second, long before its TTL")
    func twoUnansweredQueriesFlush() {
        var cache = RecordCache()
        cache.insert(srv(), now: start)
        cache.noteQuery(query(), now: start + .seconds(1))
        cache.noteQuery(query(), now: start + .seconds(2))
        let dropped1 = cache.removeExpired(now: start + .milliseconds(11_900))
        #expect(!dropped1)
        let dropped2 = cache.removeExpired(now: start + .seconds(12))
        #expect(dropped2)
        #expect(cache.records(named: name).isEmpty)
    }

    @Test("an answer in between clears the count; one unanswered query is not enough")
    func answerClears() {
        var cache = RecordCache()
        cache.insert(srv(), now: start)
        cache.noteQuery(query(), now: start + .seconds(1))
        cache.insert(srv(), now: start + .seconds(1))
        cache.noteQuery(query(.any), now: start + .seconds(2))
        let dropped3 = cache.removeExpired(now: start + .seconds(60))
        #expect(!dropped3)
        #expect(cache.records(named: name).count == 1)
    }

    @Test("queries a live responder may stay silent to do not count: QU questions, known answers, truncated queries, other names")
    func silentOnesDoNotCount() {
        var cache = RecordCache()
        cache.insert(srv(), now: start)
        for second in 1...4 {
            var truncated = query()
            truncated.isTruncated = true
            cache.noteQuery(truncated, now: start + .seconds(second))
            cache.noteQuery(query(unicast: true), now: start + .seconds(second))
            cache.noteQuery(query(known: [srv().with(ttl: 100)]), now: start + .seconds(second))
            cache.noteQuery(query(.txt), now: start + .seconds(second))
        }
        let dropped4 = cache.removeExpired(now: start + .seconds(60))
        #expect(!dropped4)
        // A known answer with less than half its TTL left asks for a fresh one: that counts.
        cache.noteQuery(query(known: [srv().with(ttl: 50)]), now: start + .seconds(61))
        cache.noteQuery(query(known: [srv().with(ttl: 50)]), now: start + .seconds(62))
        let dropped5 = cache.removeExpired(now: start + .seconds(72))
        #expect(dropped5)
    }
}
