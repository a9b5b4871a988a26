import Foundation
import Testing

@testable import PartyDiscovery

/// Wide-area DNS-SD against a real BIND 9 server started by each test on 127.0.0.1 (issue 21,
/// section 2): signed updates publish, refresh, change and delete a session's records, `dig` (an
/// independent client) sees them, and the browser finds them.
@Suite("Wide-area DNS-SD with BIND 9", .serialized, .timeLimit(.minutes(3)))
struct WideAreaBindTests {
    static func configuration(_ bind: BindServer, key: String = "partyhost", name: String, domain: String? = nil,
                              lease: Duration = WideAreaConfiguration.defaultLease, txt: [String: String] = ["game": "fourinarow", "players": "1/2"],
                              sweepGrace: Duration = .zero, timeout: Duration = BindServer.patience) throws -> WideAreaConfiguration {
        var configuration = WideAreaConfiguration(domain: domain ?? bind.zone, server: bind.address, key: try bind.key(key), instanceName: name,
                                                  subtypes: ["_fourinarow"], port: 7777, txt: txt, lease: lease)
        // The tests' hosts share one clock: no grace needed (except where a test checks it).
        configuration.sweepGrace = sweepGrace
        configuration.timeout = timeout
        return configuration
    }

    /// The first event that matches, waiting up to `timeout`.
    static func event(_ publisher: WideAreaPublisher, timeout: Duration = .seconds(20),
                      _ match: @escaping @Sendable (WideAreaPublisher.Event) -> Bool) async -> WideAreaPublisher.Event? {
        await withTaskGroup(of: WideAreaPublisher.Event?.self) { group in
            group.addTask {
                for await event in publisher.events where match(event) { return event }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    @Test("publish: dig sees PTR, subtype PTR, SRV, TXT and A; the browser lists it; a TXT change shows; stop deletes everything",
          .enabled(if: BindServer.available, BindServer.missing))
    func publishChangeDelete() async throws {
        let bind = try await BindServer.start()
        defer { bind.stop() }
        let name = "Dana's Four in a Row"
        let publisher = try WideAreaPublisher(try Self.configuration(bind, name: name))
        let running = Task { await publisher.run() }
        let published = await Self.event(publisher) { if case .published = $0 { true } else { false } }
        #expect(published == .published(instanceName: name), "\(bind.log)")
        let instance = BindServer.digName("\(name)._partyhost._tcp.party.test")
        #expect(bind.dig("PTR", "_partyhost._tcp.party.test") == ["\(BindServer.digName(name))._partyhost._tcp.party.test."])
        #expect(bind.dig("PTR", "_fourinarow._sub._partyhost._tcp.party.test").count == 1)
        let srv = bind.dig("SRV", instance)
        #expect(srv.count == 1 && srv[0].hasPrefix("0 0 7777 partyhost-") && srv[0].hasSuffix(".party.test."), "\(srv)")
        #expect(bind.dig("TXT", instance) == ["\"game=fourinarow\" \"players=1/2\""])
        let target = String(srv.first?.split(separator: " ").last ?? "")
        #expect(bind.dig("A", target) == ["127.0.0.1"])

        let found = await WideAreaBrowser(domains: ["party.test"], server: bind.address, timeout: BindServer.patience).browse()
        #expect(found.failures.isEmpty)
        #expect(found.services.map(\.instanceName) == [name])
        #expect(found.services.first?.domain == "party.test")
        #expect(found.services.first?.port == 7777)
        #expect(found.services.first?.addresses.contains("127.0.0.1") == true)
        #expect(found.services.first?.txt == ["game": "fourinarow", "players": "1/2"])

        await publisher.updateTXT(["game": "fourinarow", "players": "2/2"])
        #expect(await Loopback.eventually(timeout: .seconds(10)) { bind.dig("TXT", instance) == ["\"game=fourinarow\" \"players=2/2\""] },
                "\(bind.dig("TXT", instance))")

        publisher.stop()
        await running.value
        #expect(bind.dig("PTR", "_partyhost._tcp.party.test").isEmpty)
        #expect(bind.dig("PTR", "_fourinarow._sub._partyhost._tcp.party.test").isEmpty)
        #expect(bind.dig("SRV", instance).isEmpty)
        #expect(bind.dig("TXT", instance).isEmpty)
        #expect(bind.dig("A", target).isEmpty)
        #expect(await WideAreaBrowser(domains: ["party.test"], server: bind.address, timeout: BindServer.patience).browse().services.isEmpty)
    }

    @Test("cancelling the publisher's task (Ctrl-C in partyhost) deletes the records too",
          .enabled(if: BindServer.available, BindServer.missing))
    func cancellationDeletes() async throws {
        let bind = try await BindServer.start()
        defer { bind.stop() }
        let publisher = try WideAreaPublisher(try Self.configuration(bind, name: "Cancelled"))
        let running = Task { await publisher.run() }
        #expect(await Self.event(publisher) { if case .published = $0 { true } else { false } } != nil)
        #expect(bind.dig("SRV", "Cancelled._partyhost._tcp.party.test").count == 1)
        running.cancel()
        await running.value
        #expect(bind.dig("SRV", "Cancelled._partyhost._tcp.party.test").isEmpty)
        #expect(bind.dig("PTR", "_partyhost._tcp.party.test").isEmpty)
    }

    @Test("refusals are reported in one line each: wrong secret, unknown key, key not granted the zone, a zone the server lacks",
          .enabled(if: BindServer.available, BindServer.missing),
          arguments: [("wrong-secret", "party.test", "BADSIG"), ("stranger", "party.test", "BADKEY"),
                      ("other", "party.test", "REFUSED"), ("partyhost", "elsewhere.test", "has no zone holding elsewhere.test")])
    func refusals(key: String, domain: String, expected: String) async throws {
        let bind = try await BindServer.start()
        defer { bind.stop() }
        let publisher = try WideAreaPublisher(try Self.configuration(bind, key: key, name: "Refused", domain: domain))
        let running = Task { await publisher.run() }
        let event = await Self.event(publisher) { if case .failed = $0 { true } else { false } }
        guard case .failed(let error)? = event else {
            Issue.record("no failure reported: \(String(describing: event))")
            publisher.stop()
            await running.value
            return
        }
        #expect(error.description.contains(expected), "\(error)")
        #expect(!error.description.contains("\n"))
        #expect(bind.dig("SRV", "Refused._partyhost._tcp.party.test").isEmpty)
        publisher.stop()
        await running.value
    }

    @Test("a server that is down: the failure says it did not answer", .enabled(if: BindServer.available, BindServer.missing))
    func serverDown() async throws {
        let bind = try await BindServer.start()
        var configuration = try Self.configuration(bind, name: "Nobody listens", timeout: .seconds(2))
        bind.stop()
        configuration.server = DNSServerAddress(host: "127.0.0.1", port: bind.port)
        let publisher = try WideAreaPublisher(configuration)
        let running = Task { await publisher.run() }
        let event = await Self.event(publisher) { if case .failed = $0 { true } else { false } }
        #expect(event.map { "\($0)" }?.contains("did not answer within") == true, "\(String(describing: event))")
        publisher.stop()
        await running.value
        let browsed = await WideAreaBrowser(domains: ["party.test"], server: configuration.server, timeout: .seconds(1)).browse()
        #expect(browsed.services.isEmpty)
        #expect(browsed.failures.first?.contains("did not answer") == true, "\(browsed.failures)")
    }

    @Test("a crashed host: browsers hide it once its lease ran out, and the next publisher deletes its records; a second host with a live name is renamed",
          .enabled(if: BindServer.available, BindServer.missing))
    func crashedHostsLeaseRunsOut() async throws {
        let bind = try await BindServer.start()
        defer { bind.stop() }
        // Published once and never refreshed or deleted: as if the host was killed.
        let crashed = try WideAreaPublisher(try Self.configuration(bind, name: "Crashed", lease: .seconds(3)))
        try await crashed.publishOnce()
        let browser = WideAreaBrowser(domains: ["party.test"], server: bind.address, timeout: BindServer.patience)
        #expect(await browser.browse().services.map(\.instanceName) == ["Crashed"])
        #expect(await Loopback.eventually(timeout: .seconds(10)) { await browser.browse().services.isEmpty })
        #expect(bind.dig("SRV", "Crashed._partyhost._tcp.party.test").count == 1, "still in the zone until someone sweeps")

        // A new host with the same name takes it over (the stale one is swept first)...
        let restarted = try WideAreaPublisher(try Self.configuration(bind, name: "Crashed"))
        let running = Task { await restarted.run() }
        #expect(await Self.event(restarted) { if case .published = $0 { true } else { false } } == .published(instanceName: "Crashed"))
        #expect(bind.dig("PTR", "_partyhost._tcp.party.test") == ["Crashed._partyhost._tcp.party.test."])
        #expect(bind.dig("SRV", "Crashed._partyhost._tcp.party.test").count == 1)
        // ...but a live one's name is not taken: the next host becomes "Crashed (2)".
        let second = try WideAreaPublisher(try Self.configuration(bind, name: "Crashed"))
        let secondRunning = Task { await second.run() }
        #expect(await Self.event(second) { if case .published = $0 { true } else { false } } == .published(instanceName: "Crashed (2)"))
        #expect(await browser.browse().services.map(\.instanceName) == ["Crashed", "Crashed (2)"])
        second.stop()
        restarted.stop()
        await secondRunning.value
        await running.value
        #expect(bind.dig("PTR", "_partyhost._tcp.party.test").isEmpty)
    }

    @Test("a session whose lease ran out is deleted by another host's sweep",
          .enabled(if: BindServer.available, BindServer.missing))
    func sweep() async throws {
        let bind = try await BindServer.start()
        defer { bind.stop() }
        let crashed = try WideAreaPublisher(try Self.configuration(bind, name: "Gone", lease: .seconds(3)))
        try await crashed.publishOnce()
        let target = String(bind.dig("SRV", "Gone._partyhost._tcp.party.test").first?.split(separator: " ").last ?? "")
        #expect(bind.dig("A", target) == ["127.0.0.1"])
        let lease = bind.dig("TXT", "_lease.Gone._partyhost._tcp.party.test")
        let expiry = try #require(lease.first.flatMap { UInt64($0.dropFirst("\"expires=".count).dropLast()) }, "\(lease)")
        #expect(await Loopback.eventually(timeout: .seconds(30)) { UnicastDNSClient.now() > expiry })
        // With the default grace (the 300 s TSIG allows between clocks) it is not deleted yet.
        let patient = try WideAreaPublisher(try Self.configuration(bind, name: "Patient", sweepGrace: .seconds(300)))
        try await patient.publishOnce()
        await patient.sweep()
        #expect(bind.dig("SRV", "Gone._partyhost._tcp.party.test").count == 1)
        try await patient.withdraw()
        let other = try WideAreaPublisher(try Self.configuration(bind, name: "Other"))
        let running = Task { await other.run() }
        #expect(await Loopback.eventually(timeout: .seconds(15)) { bind.dig("SRV", "Gone._partyhost._tcp.party.test").isEmpty })
        #expect(bind.dig("PTR", "_partyhost._tcp.party.test") == ["Other._partyhost._tcp.party.test."])
        #expect(bind.dig("PTR", "_fourinarow._sub._partyhost._tcp.party.test") == ["Other._partyhost._tcp.party.test."])
        #expect(bind.dig("A", target).isEmpty)
        #expect(bind.dig("TXT", "_lease.Gone._partyhost._tcp.party.test").isEmpty)
        other.stop()
        await running.value
    }

    @Test("browse domains listed at b._dns-sd._udp are followed (RFC 6763 section 11); a domain inside a zone is published in that zone",
          .enabled(if: BindServer.available, BindServer.missing))
    func browseDomains() async throws {
        let bind = try await BindServer.start()
        defer { bind.stop() }
        var list = DNSUpdate(zone: try DNSName("party.test"))
        list.add(DNSRecord(name: try DNSName("b._dns-sd._udp.party.test"), data: .ptr(try DNSName("lab.party.test")), ttl: 60))
        try await UnicastDNSClient(server: bind.address, timeout: BindServer.patience).send(list, key: try bind.key("partyhost"))
        let publisher = try WideAreaPublisher(try Self.configuration(bind, name: "In the lab", domain: "lab.party.test"))
        let running = Task { await publisher.run() }
        #expect(await Self.event(publisher) { if case .published = $0 { true } else { false } } != nil, "\(bind.log)")
        let found = await WideAreaBrowser(domains: ["party.test"], server: bind.address, timeout: BindServer.patience).browse()
        #expect(found.services.map(\.instanceName) == ["In the lab"])
        #expect(found.services.first?.domain == "lab.party.test")
        let subtype = await WideAreaBrowser(domains: ["party.test"], server: bind.address, subtype: "_snap", timeout: BindServer.patience).browse()
        #expect(subtype.services.isEmpty)
        // A domain the server does not serve: one line, and the other domain is still listed.
        let both = await WideAreaBrowser(domains: ["elsewhere.test", "party.test"], server: bind.address, timeout: BindServer.patience).browse()
        #expect(both.services.map(\.instanceName) == ["In the lab"])
        #expect(both.failures == ["cannot browse elsewhere.test: the DNS server 127.0.0.1:\(bind.port) would not answer for _partyhost._tcp.elsewhere.test: REFUSED (it may not serve or recurse for that domain)"])
        publisher.stop()
        await running.value
    }
}

extension WideAreaBindTests {
    @Test("an answer too big for UDP (truncated) is fetched again over TCP",
          .enabled(if: BindServer.available, BindServer.missing))
    func tcpFallback() async throws {
        let bind = try await BindServer.start()
        defer { bind.stop() }
        let name = try DNSName("many.party.test")
        var update = DNSUpdate(zone: try DNSName("party.test"))
        for index in 0..<40 { update.add(DNSRecord(name: name, data: .txt([Array("record number \(index) of forty".utf8)]), ttl: 60)) }
        try await UnicastDNSClient(server: bind.address, timeout: BindServer.patience).send(update, key: try bind.key("partyhost"))
        // Over UDP alone (no EDNS) BIND sends at most 512 bytes, with the truncation bit.
        var query = DNSMessage(id: 99, questions: [DNSQuestion(name: name, type: .txt)])
        query.recursionDesired = true
        let udpOnly = try await UnicastDNSClient(server: bind.address, timeout: BindServer.patience).exchangeOverUDP(query.serialized())
        #expect(try DNSMessage(bytes: udpOnly).isTruncated)
        let answer = try await UnicastDNSClient(server: bind.address, timeout: BindServer.patience).query(name, type: .txt)
        #expect(!answer.isTruncated)
        #expect(answer.answers.count == 40)
    }
}

extension WideAreaBindTests {
    @Test("a host whose records never got in deletes nothing on exit and says its refusal once",
          .enabled(if: BindServer.available, BindServer.missing))
    func refusedHostDeletesNothing() async throws {
        let bind = try await BindServer.start()
        defer { bind.stop() }
        let publisher = try WideAreaPublisher(try Self.configuration(bind, key: "wrong-secret", name: "Never in"))
        let collected = Task {
            var all: [WideAreaPublisher.Event] = []
            for await event in publisher.events { all.append(event) }
            return all
        }
        let running = Task { await publisher.run() }
        #expect(await Loopback.eventually(timeout: .seconds(20)) { bind.log.contains("BADSIG") }, "\(bind.log)")
        publisher.stop()
        await running.value
        let events = await collected.value
        #expect(events.count == 1, "\(events)")
        #expect(events.first.map { "\($0)" }?.contains("BADSIG") == true, "\(events)")
    }
}

extension WideAreaBindTests {
    @Test("refreshes keep a live session listed past its lease: the lease record moves on",
          .enabled(if: BindServer.available, BindServer.missing))
    func refreshes() async throws {
        let bind = try await BindServer.start()
        defer { bind.stop() }
        // A 6 s lease: refreshed every 2 s.
        let publisher = try WideAreaPublisher(try Self.configuration(bind, name: "Alive", lease: .seconds(6)))
        let running = Task { await publisher.run() }
        #expect(await Self.event(publisher) { if case .published = $0 { true } else { false } } != nil)
        let lease = "_lease.Alive._partyhost._tcp.party.test"
        let first = bind.dig("TXT", lease)
        let firstExpiry = try #require(first.first.flatMap { UInt64($0.dropFirst("\"expires=".count).dropLast()) }, "\(first)")
        #expect(await Loopback.eventually(timeout: .seconds(20)) {
            let now = bind.dig("TXT", lease)
            return now.count == 1 && now != first
        }, "the lease never moved on")
        // Once the first lease has run out, the session is still listed.
        #expect(await Loopback.eventually(timeout: .seconds(30)) { UnicastDNSClient.now() > firstExpiry })
        #expect(await WideAreaBrowser(domains: ["party.test"], server: bind.address, timeout: BindServer.patience).browse().services.map(\.instanceName) == ["Alive"])
        publisher.stop()
        await running.value
    }

    @Test("a DNS server reached over IPv6 ([::1]:port)", .enabled(if: BindServer.available, BindServer.missing))
    func overIPv6() async throws {
        let bind = try await BindServer.start(host: "::1")
        defer { bind.stop() }
        let configuration = try Self.configuration(bind, name: "Six")
        #expect(configuration.server == (try DNSServerAddress(parsing: "[::1]:\(bind.port)")))
        let publisher = try WideAreaPublisher(configuration)
        let running = Task { await publisher.run() }
        #expect(await Self.event(publisher) { if case .published = $0 { true } else { false } } == .published(instanceName: "Six"), "\(bind.log)")
        #expect(bind.dig("SRV", "Six._partyhost._tcp.party.test").count == 1)
        #expect(await WideAreaBrowser(domains: ["party.test"], server: bind.address, timeout: BindServer.patience).browse().services.map(\.instanceName) == ["Six"])
        publisher.stop()
        await running.value
        #expect(bind.dig("SRV", "Six._partyhost._tcp.party.test").isEmpty)
    }
}
