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
