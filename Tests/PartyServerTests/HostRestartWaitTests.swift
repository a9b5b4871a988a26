import FourInARow
import PartyClient
import PartyKit
import PartyServer
import PartyWire
import Synchronization
import Testing

/// A host that keeps a journal says so in its welcome (`restartWait`); its clients then keep trying,
/// refused connections included, for that long when the host disappears. Over real loopback sockets:
/// a `CuttableProxy` in front of a real host stops listening (as a host whose process died) and
/// cuts the connections.
@Suite("Clients wait for a host that restarts (welcome.restartWait)", .serialized, .timeLimit(.minutes(2)))
struct HostRestartWaitTests {
    /// One thing a client's session said, and when it arrived.
    struct Heard: Sendable {
        let event: ClientEvent
        let at: ContinuousClock.Instant
    }

    /// Test options with `restartWait` seconds in every welcome.
    static func options(restartWait: Int, port: Int = 0) -> HostOptions {
        var options = HostOptions.test()
        options.restartWaitSeconds = restartWait
        options.port = port
        return options
    }

    /// Bob joins through `port` (his first event is `.welcome`) and keeps listening until his session
    /// ends; `feed` gets every event as it comes. Returns whether the session said the host is gone.
    static func bob(port: Int, restartWait: Duration? = nil, role: String? = nil, feed: AsyncStream<Heard>.Continuation) async throws -> Bool {
        let gone = Mutex(false)
        defer { feed.finish() }
        let hello = Hello(client: "test", name: "Bob", game: "fourinarow", role: role)
        try await PartySession.withSession(to: HostAddress(host: "127.0.0.1", port: port), hello: hello, restartWait: restartWait,
                                           timeouts: .patient, onHostGone: { gone.withLock { $0 = true } }) { session, welcome in
            feed.yield(Heard(event: .welcome(welcome), at: .now))
            for await event in session.events {
                feed.yield(Heard(event: event, at: .now))
                if case .reconnected = event { return }
            }
        }
        return gone.withLock { $0 }
    }

    /// The host disappears: nothing listens at the proxy's port, and every connection is cut.
    static func hostDisappears(_ proxy: CuttableProxy) async -> ContinuousClock.Instant {
        await proxy.stopListening()
        let at = ContinuousClock.now
        await proxy.cutAndWait()
        return at
    }

    /// The events after the welcome, until the stream ends.
    static func rest(of iterator: inout AsyncStream<Heard>.Iterator) async -> [Heard] {
        var heard: [Heard] = []
        while let next = await iterator.next() { heard.append(next) }
        return heard
    }

    static func restarting(_ heard: [Heard]) -> [ContinuousClock.Instant] {
        heard.compactMap { if case .hostRestarting(let until) = $0.event { until } else { nil } }
    }

    static func lastWords(_ heard: [Heard]) -> (String, ContinuousClock.Instant)? {
        heard.last.flatMap { if case .disconnected(let why) = $0.event { (why, $0.at) } else { nil } }
    }

    /// What Bob heard when the host behind a proxy went for good.
    struct Lost {
        let welcome: Welcome
        /// When nothing listened any more.
        let cutAt: ContinuousClock.Instant
        /// Everything after the welcome.
        let heard: [Heard]
        /// Whether his session said the host is gone.
        let gone: Bool
        let proxyPort: Int
    }

    /// Bob joins the host at `port` through a proxy, which then stops listening for good and cuts
    /// him off; returns what he heard to the end of his session (nil, recorded, if he was not seated).
    static func hostGoesForGood(port: Int, restartWait: Duration? = nil) async throws -> Lost? {
        let proxy = try await CuttableProxy.start(to: port)
        let (events, feed) = AsyncStream<Heard>.makeStream()
        async let gone = Self.bob(port: proxy.port, restartWait: restartWait, feed: feed)
        var iterator = events.makeAsyncIterator()
        guard case .welcome(let welcome)? = await iterator.next()?.event else {
            Issue.record("Bob was not seated")
            await proxy.stop()
            return nil
        }
        let cutAt = await Self.hostDisappears(proxy)
        let heard = await Self.rest(of: &iterator)
        let wasGone = try await gone
        await proxy.stop()
        return Lost(welcome: welcome, cutAt: cutAt, heard: heard, gone: wasGone, proxyPort: proxy.port)
    }

    @Test("a host with a journal is waited for: the client says it is restarting, keeps trying, then ends with the gone sentence")
    func waitsThenGivesUp() async throws {
        try await withHost(FourInARow.self, options: Self.options(restartWait: 3)) { _, port in
            guard let lost = try await Self.hostGoesForGood(port: port) else { return }
            let (heard, cutAt) = (lost.heard, lost.cutAt)
            #expect(lost.welcome.restartWait == 3)
            #expect(lost.gone, "the session did not say the host is gone")
            #expect(heard.contains { if case .connectionLost = $0.event { true } else { false } })
            let untils = Self.restarting(heard)
            let until = try #require(untils.first, "the client never said the host is restarting: \(heard.map(\.event))")
            // It waits the host's 3 s from the drop, which came after the cut: never less.
            #expect(until - cutAt >= .seconds(3))
            #expect(TableState<FourInARow.View>.restartingLine(until: until, at: until - .milliseconds(2_100)) == "The host is restarting… 3 s")
            let (sentence, endedAt) = try #require(Self.lastWords(heard), "\(heard.map(\.event))")
            #expect(sentence == "The host has gone away: nothing answers at 127.0.0.1:\(lost.proxyPort) any more.")
            #expect(endedAt >= until, "gave up before the wait was over")
        }
    }

    @Test("a host without a journal (restartWait 0) is given up as before: no restarting, the gone sentence")
    func noJournalAsBefore() async throws {
        try await withHost(FourInARow.self, options: Self.options(restartWait: 0)) { _, port in
            guard let lost = try await Self.hostGoesForGood(port: port) else { return }
            #expect(lost.welcome.restartWait == nil)
            #expect(lost.gone)
            #expect(Self.restarting(lost.heard).isEmpty, "\(lost.heard.map(\.event))")
            #expect(Self.lastWords(lost.heard)?.0 == "The host has gone away: nothing answers at 127.0.0.1:\(lost.proxyPort) any more.")
        }
    }

    @Test("the client's own restart wait replaces the host's", arguments: [(host: 0, client: 2), (host: 300, client: 0)])
    func clientOverrides(host hostWait: Int, client clientWait: Int) async throws {
        try await withHost(FourInARow.self, options: Self.options(restartWait: hostWait)) { _, port in
            guard let lost = try await Self.hostGoesForGood(port: port, restartWait: .seconds(clientWait)) else { return }
            #expect(lost.gone)
            let untils = Self.restarting(lost.heard)
            if clientWait > 0 {
                let until = try #require(untils.first, "\(lost.heard.map(\.event))")
                #expect(until - lost.cutAt >= .seconds(clientWait))
            } else {
                #expect(untils.isEmpty, "\(lost.heard.map(\.event))")
            }
            #expect(Self.lastWords(lost.heard)?.0 == "The host has gone away: nothing answers at 127.0.0.1:\(lost.proxyPort) any more.")
        }
    }

    @Test("refused while the host is away, the client keeps trying and gets its seat back with its latest token when it answers")
    func rejoinsWhenTheHostAnswers() async throws {
        try await withHost(FourInARow.self, options: Self.options(restartWait: 60)) { _, port in
            let proxy = try await CuttableProxy.start(to: port)
            let (events, feed) = AsyncStream<Heard>.makeStream()
            async let gone = Self.bob(port: proxy.port, feed: feed)
            var iterator = events.makeAsyncIterator()
            guard case .welcome(let first)? = await iterator.next()?.event else {
                Issue.record("Bob was not seated")
                return
            }
            _ = await Self.hostDisappears(proxy)
            var heard: [Heard] = []
            var back: Welcome?
            var listening = false
            while let next = await iterator.next() {
                heard.append(next)
                if case .hostRestarting = next.event, !listening {
                    // The address answers again, on the same port.
                    listening = true
                    try await proxy.listenAgain()
                }
                if case .reconnected(let welcome) = next.event { back = welcome }
            }
            let wasGone = try await gone
            #expect(!wasGone)
            #expect(!Self.restarting(heard).isEmpty, "\(heard.map(\.event))")
            let welcome = try #require(back, "Bob never got back: \(heard.map(\.event))")
            #expect(welcome.reconnected)
            #expect(welcome.seat == first.seat && welcome.token != first.token)
            await proxy.stop()
        }
    }

    @Test("a host that comes back on the same port without the seat: \"The host did not give your seat back\"")
    func anotherHostOnThePort() async throws {
        try await withHost(FourInARow.self, options: Self.options(restartWait: 60)) { _, port in
            let proxy = try await CuttableProxy.start(to: port)
            let (events, feed) = AsyncStream<Heard>.makeStream()
            async let gone = Self.bob(port: proxy.port, feed: feed)
            var iterator = events.makeAsyncIterator()
            guard case .welcome? = await iterator.next()?.event else {
                Issue.record("Bob was not seated")
                return
            }
            _ = await Self.hostDisappears(proxy)
            var heard: [Heard] = []
            while let next = await iterator.next() {
                heard.append(next)
                if case .hostRestarting = next.event { break }
            }
            // A new host (no journal of the old one's seats) listens where the proxy did.
            let rest = try await withHost(FourInARow.self, options: Self.options(restartWait: 60, port: proxy.port)) { _, _ in
                var more = events.makeAsyncIterator()
                return await Self.rest(of: &more)
            }
            heard += rest
            let wasGone = try await gone
            #expect(!wasGone)
            let sentence = try #require(Self.lastWords(heard)?.0, "\(heard.map(\.event))")
            #expect(sentence.hasPrefix("The host did not give your seat back ("), "\(sentence)")
            await proxy.stop()
        }
    }

    @Test("a watcher whose connection drops comes back as a watcher (its welcome's token is empty: it presents none)")
    func watcherComesBack() async throws {
        try await withHost(FourInARow.self, options: Self.options(restartWait: 60)) { _, port in
            let proxy = try await CuttableProxy.start(to: port)
            let (events, feed) = AsyncStream<Heard>.makeStream()
            async let gone = Self.bob(port: proxy.port, role: "spectator", feed: feed)
            var iterator = events.makeAsyncIterator()
            guard case .welcome(let welcome)? = await iterator.next()?.event else {
                Issue.record("Bob was not let in to watch")
                return
            }
            #expect(welcome.role == "spectator" && welcome.token.isEmpty)
            await proxy.cutAndWait()
            let heard = await Self.rest(of: &iterator)
            _ = try await gone
            #expect(heard.contains { if case .reconnected = $0.event { true } else { false } }, "\(heard.map(\.event))")
            await proxy.stop()
        }
    }

    @Test("a bot keeps trying with its token while nothing answers, and takes its seat again when the host answers")
    func botComesBack() async throws {
        try await withHost(FourInARow.self, options: Self.options(restartWait: 60)) { _, port in
            let proxy = try await CuttableProxy.start(to: port)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await BotRunner<FourInARowGame>(address: HostAddress(host: "127.0.0.1", port: proxy.port), name: "Robo",
                                                        seed: 7, timeouts: .patient).run()
                }
                try await RawClient.with(port: port) { alice in
                    // Each step's time since Alice's hello, in every message (the host drops her, silent, at 60 s).
                    let start = ContinuousClock.now
                    var steps: [String] = []
                    func step(_ what: String) { steps.append("\(what) at \(ContinuousClock.now - start)") }
                    try await alice.hello("Alice")
                    _ = try await alice.next("welcome")
                    /// Waits for a lobby in which Robo's seat is (or is not) connected.
                    func robo(connected: Bool) async throws -> Bool {
                        while let lobby = try await alice.next("lobby") {
                            let players = lobby["players"] as? [[String: Any]] ?? []
                            if players.contains(where: { $0["name"] as? String == "Robo" && $0["connected"] as? Bool == connected }) { return true }
                        }
                        return false
                    }
                    #expect(try await robo(connected: true), "Robo never sat down")
                    step("Robo seated")
                    await proxy.stopListening()
                    await proxy.cutAndWait()
                    step("cut")
                    #expect(try await robo(connected: false), "Robo's drop was not seen: \(steps)")
                    step("drop seen")
                    // Longer than a client waits for a host without a journal (it gives up at its
                    // first attempt after 2 s of refusals, about 3.75 s after the drop): a bot that
                    // had given up would not come back.
                    try await Task.sleep(for: .seconds(6))
                    try await proxy.listenAgain()
                    step("listening again")
                    #expect(try await robo(connected: true), "Robo did not take its seat again: \(steps), given up at \(ContinuousClock.now - start)")
                }
                group.cancelAll()
            }
            await proxy.stop()
        }
    }
}
