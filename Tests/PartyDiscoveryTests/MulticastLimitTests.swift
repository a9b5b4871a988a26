import Logging
import NIOCore
import NIOPosix
import Synchronization
import Testing

@testable import PartyDiscovery

/// The one-multicast-a-second rule (RFC 6762 section 6) delays an answer, never loses one, and a
/// new browser is answered at once whatever was multicast just before it started.
@Suite("mDNS answers under the one-a-second limit", .timeLimit(.minutes(1)))
struct MulticastLimitTests {
    func advertiser(_ name: String, port: UInt16) throws -> ServiceAdvertiser {
        try ServiceAdvertiser(ServiceConfiguration(instanceName: name, port: port, txt: ["v": "1"], interfaces: Loopback.interfaces))
    }

    /// Runs `body` with an advertiser whose two announcements are out (waited for, not slept: a
    /// loaded machine may send the second one late), its service type, and a PTR query for that
    /// type as a browser on port 5353 sends it. Everything is judged by the advertiser's own clock
    /// and state: on a loaded machine a listener hears late. Other tests' browsers may be asking
    /// too; the checks hold whoever asked last.
    func withAnnounced(_ base: String, port: UInt16, _ body: (ServiceAdvertiser, DNSName, ReceivedPacket) async throws -> Void) async throws {
        let name = Loopback.uniqueName(base)
        let advertiser = try advertiser(name, port: port)
        try await Loopback.withRunning(advertisers: [advertiser]) {
            #expect(await Loopback.announcedName(advertiser) == name)
            #expect(await Loopback.eventually(timeout: .seconds(20)) { await advertiser.announcementsDone() })
            let type = await advertiser.serviceType
            let query = DNSMessage(questions: [DNSQuestion(name: type, type: .ptr)])
            let packet = ReceivedPacket(bytes: query.serialized(),
                                        source: try SocketAddress(ipAddress: "127.0.0.1", port: 5353), interface: 0)
            try await body(advertiser, type, packet)
        }
    }

    /// After a query asked within a second of the multicast at `first`: the answer is held back until
    /// exactly a second after it (unless this machine stalled for a second and it is out already),
    /// then sent, and not before.
    func expectAnsweredASecondAfter(_ first: ContinuousClock.Instant, by advertiser: ServiceAdvertiser) async throws {
        if let due = await advertiser.heldBackPointerDue() {
            #expect(due == first + .seconds(1))
        }
        let sent = await Loopback.eventually(timeout: .seconds(10)) { await advertiser.heldBackPointerDue() == nil }
        #expect(sent, "the held-back answer was never sent")
        let second = try #require(await advertiser.lastPointerMulticast())
        #expect(second - first >= .seconds(1), "our PTR went out again \(second - first) after the last time, inside the one-second limit")
    }

    @Test("a second query within a second of the answer is answered again once the second is up")
    func heldBackAnswerIsSentLater() async throws {
        try await withAnnounced("Limit", port: 4242) { advertiser, _, query in
            await advertiser.handle(query)
            let first = try #require(await advertiser.lastPointerMulticast())
            await advertiser.handle(query)
            try await expectAnsweredASecondAfter(first, by: advertiser)
        }
    }

    @Test("a probe that asks for the service type's PTR (as python-zeroconf's do) gets no early multicast of it")
    func probeForSharedPointerKeepsTheLimit() async throws {
        try await withAnnounced("Probe limit", port: 4245) { advertiser, type, query in
            await advertiser.handle(query)
            let first = try #require(await advertiser.lastPointerMulticast())
            // Someone else probing for its own service of this type, claiming its PTR.
            let theirs = try ServiceNaming.instanceName("Someone else \(UInt32.random(in: 0...UInt32.max))", type: type)
            var probe = DNSMessage(questions: [DNSQuestion(name: type, type: .ptr)])
            probe.authorities = [DNSRecord(name: type, data: .ptr(theirs), ttl: 4500, cacheFlush: false)]
            await advertiser.handle(ReceivedPacket(bytes: probe.serialized(), source: query.source, interface: 0))
            try await expectAnsweredASecondAfter(first, by: advertiser)
        }
    }

    @Test("an answer held back for an earlier query and overtaken by a multicast neither goes out early nor swallows the next query")
    func staleHeldBackAnswerIsReplaced() async throws {
        try await withAnnounced("Stale hold", port: 4244) { advertiser, _, query in
            // As CI saw it: a held-back answer whose time has come, but the loop that sends it has not
            // run yet when a query is answered at once by multicast.
            // Best effort: a second without our PTR, so that the query below is answered at once
            // (on a busy network other browsers' queries may keep it from being so).
            _ = await Loopback.eventually(timeout: .seconds(5)) { await advertiser.pointerQuietForASecond() }
            await advertiser.handleOverStaleHoldBack(query)
            let first = try #require(await advertiser.lastPointerMulticast())
            // Whatever went out last gave the held-back answer too: left waiting, it would go out
            // right after, inside the limit.
            try await Task.sleep(for: .milliseconds(300))
            let latest = try #require(await advertiser.lastPointerMulticast())
            #expect(latest == first || latest - first >= .seconds(1),
                    "our PTR went out again \(latest - first) after the last time, inside the one-second limit")
            await advertiser.handle(query)
            try await expectAnsweredASecondAfter(latest, by: advertiser)
        }
    }

    @Test("a held-back answer due just before an announcement goes out with it, not a moment before it")
    func heldBackAnswerJoinsTheAnnouncement() async throws {
        try await withAnnounced("Merge", port: 4246) { advertiser, _, _ in
            // Both in one turn of the actor: an answer due now, and an announcement (a TXT
            // update's) due in 3 ms, as a query and an update left them.
            let (before, waiting, after) = await advertiser.sendDeferredBeforeAnnouncement(in: .milliseconds(3))
            #expect(waiting && after == before, "the held-back answer went out just before the announcement")
            // The announcement carries the record and clears the held-back answer.
            #expect(await Loopback.eventually(timeout: .seconds(10)) { await advertiser.announcementsDone() })
            #expect(await advertiser.heldBackPointerDue() == nil)
            let announced = try #require(await advertiser.lastPointerMulticast())
            #expect(before.map { announced > $0 } ?? true)
        }
    }

    @Test("a browser starts with a one-shot query from a port of its own, and finds the advertiser")
    func browserSendsOneShotQuery() async throws {
        let name = Loopback.uniqueName("One shot")
        let advertiser = try advertiser(name, port: 4243)
        let seen = OneShotQueries()
        try await Loopback.withRunning(advertisers: [advertiser]) {
            #expect(await Loopback.announcedName(advertiser) == name)
            let type = await advertiser.serviceType
            try await MDNSTransport.withTransport(interfaces: Loopback.interfaces, eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
                                                  logger: Logger(label: "listener")) { listener in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        // Queries for our service type sent to the group from a port other than 5353.
                        for await received in listener.packets where received.source.port != MDNSTransport.port {
                            guard let message = try? DNSMessage(bytes: received.bytes), !message.isResponse else { continue }
                            if message.questions.contains(where: { $0.name == type && $0.type == .ptr }) { seen.count.add(1, ordering: .relaxed) }
                        }
                    }
                    // A browser asked at once by unicast: however busy the machine, it is the
                    // one-shot query that makes a short listing right after another one work.
                    let found = try await ServiceBrowser.list(interfaces: Loopback.interfaces, duration: .seconds(2))
                    #expect(found.contains { $0.instanceName == name && $0.port == 4243 })
                    #expect(await Loopback.eventually(timeout: .seconds(10)) { seen.count.load(ordering: .relaxed) > 0 },
                            "no browser sent a one-shot query")
                    group.cancelAll()
                }
            }
        }
    }
}

extension ServiceAdvertiser {
    /// Whether both announcements have gone out.
    func announcementsDone() -> Bool {
        phase == .announced && pendingAnnouncements.isEmpty
    }

    /// Whether our PTR record was last multicast over a second ago.
    func pointerQuietForASecond() -> Bool {
        lastPointerMulticast().map { ContinuousClock.now - $0 > .milliseconds(1100) } ?? false
    }

    /// Our PTR record, as answers carry it.
    private var pointer: DNSRecord? {
        answerableRecords(interface: 0).first { $0.type == .ptr && $0.data == .ptr(instanceFullName) }
    }

    /// When our PTR record was last multicast.
    func lastPointerMulticast() -> ContinuousClock.Instant? {
        pointer.flatMap { lastMulticast[DNSRecordKey($0)] }
    }

    /// Handles `packet` with an answer for our PTR held back and already due, as a query left it
    /// when the loop that sends such answers has not run yet (both in one turn of the actor, so
    /// that loop cannot run in between).
    func handleOverStaleHoldBack(_ packet: ReceivedPacket) async {
        if let pointer {
            deferredAnswers.append(DeferredAnswer(record: pointer, interface: 0, due: .now - .milliseconds(200)))
        }
        await handle(packet)
    }

    /// Holds back an answer with our PTR, due now, and schedules an announcement `delay` from now;
    /// then lets the held-back answers go as the loop does, all in one turn of the actor (the
    /// answer is not sent, so nothing suspends). Returns when our PTR was last multicast before and
    /// after, and whether the answer is still waiting.
    func sendDeferredBeforeAnnouncement(in delay: Duration) async
        -> (before: ContinuousClock.Instant?, waiting: Bool, after: ContinuousClock.Instant?) {
        guard let pointer else { return (nil, false, nil) }
        let before = lastPointerMulticast()
        let now = ContinuousClock.now
        deferredAnswers.append(DeferredAnswer(record: pointer, interface: 0, due: now - .milliseconds(1)))
        pendingAnnouncements = [now + delay]
        await sendDeferredAnswers()
        return (before, heldBackPointerDue() != nil, lastPointerMulticast())
    }

    /// When the held-back answer with our PTR record is due, if one is waiting.
    func heldBackPointerDue() -> ContinuousClock.Instant? {
        guard let pointer else { return nil }
        return deferredAnswers.first { $0.record == pointer && $0.interface == 0 }?.due
    }
}

/// How many one-shot queries the listener heard.
final class OneShotQueries: Sendable {
    let count = Atomic<Int>(0)
}
