import PartyClient
import PartyKit
import PartyServer
import PartyWire
import SunTouch
import Testing

@Suite("SunTouch over loopback", .timeLimit(.minutes(1)))
struct SunTouchLoopbackTests {
    /// Short games: few suns, the shortest time limit, quick strikes.
    static let short = SunTouchConfiguration(suns: 4, timeLimitSeconds: 10, strikeDuration: 0.4)

    /// Many suns, so that some are captured and some stay hidden in a short game.
    static let crowded = SunTouchConfiguration(suns: 20, timeLimitSeconds: 10, strikeDuration: 0.4)

    /// A bot's part in a game: its seat and the first toss it sent.
    struct BotReport: Sendable {
        var seat: Int
        var toss: UInt32?
        var over: GameOver?
        var views: [SunTouchView]
    }

    /// Plays `SunTouchBot` as a client named `name` until the game is over.
    static func playBot(port: Int, name: String, seed: UInt64) async throws -> BotReport {
        try await withLiveClient(SunTouch.self, port: port, name: name, bot: true) { client in
            client.connection.send(Ready())
            var toss: UInt32?
            let finished = await client.play(SunTouchGame.self, seed: seed, atMost: .seconds(45), sent: { move in
                if case .toss(let value) = move, toss == nil { toss = value }
            }, until: { $0.table.gameOver != nil })
            #expect(finished)
            return BotReport(seat: client.table.seat.index, toss: toss, over: client.table.gameOver, views: client.views.map { $0.view })
        }
    }

    @Test("two bots play a whole game to the end, and every capture is the host's to decide")
    func twoBots() async throws {
        try await withHost(SunTouch.self, configuration: Self.short, options: .dedicated(startAt: nil)) { host, port in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await BotRunner<SunTouchGame>(address: HostAddress(host: "127.0.0.1", port: port), name: "Sol", seed: 21, timeouts: .patient).run()
                }
                let luna = try await Self.playBot(port: port, name: "Luna", seed: 22)
                host.shutdown()
                try await group.waitForAll()

                let over = try #require(luna.over)
                let last = try #require(luna.views.last)
                #expect(luna.views.first?.phase == .toss)
                #expect(last.phase == .over && last.end == over.summary)
                // Both bots struck.
                #expect(Set(last.strikes.map(\.seat.index)).count == 2)
                let scores = last.players.map(\.score)
                #expect(scores.reduce(0, +) == last.captured.count)
                switch over.reason {
                case "won":
                    #expect(last.captured.count == 4)
                    #expect(over.winners.count == 1 && scores[over.winners[0]] == scores.max())
                case "draw":
                    #expect(last.captured.count == 4 && Set(scores).count == 1 && over.winners.isEmpty)
                case "limitReached":
                    #expect(last.clock == 10_000 && last.captured.count < 4)
                    let best = scores.indices.filter { scores[$0] == scores.max() }
                    #expect(over.winners == (best.count == 1 ? best : []))
                default:
                    Issue.record("unexpected end: \(over.reason) (\(over.summary))")
                }
                for sun in last.captured { Self.checkCapture(sun, in: last) }
            }
        }
    }

    /// A captured sun went to the strike that reached it first in game time (ties: the earlier
    /// strike, then the lower seat), at that reach time rounded up.
    static func checkCapture(_ sun: SunTouchView.Sun, in view: SunTouchView) {
        let grow = Double(view.dur) / 2
        var best: (time: Double, strikeTime: Int64, seat: Int)?
        for strike in view.strikes {
            let dx = sun.x - strike.x
            let dy = sun.y - strike.y
            let distance = (dx * dx + dy * dy).squareRoot()
            guard distance <= strike.r else { continue }
            let strikeTime = view.clock - strike.age
            let time = Double(strikeTime) + grow * distance / strike.r
            if let current = best, (current.time, current.strikeTime, current.seat) <= (time, strikeTime, strike.seat.index) { continue }
            best = (time, strikeTime, strike.seat.index)
        }
        #expect(best?.seat == sun.seat.index, "sun at \(sun.x), \(sun.y)")
        #expect(best.map { Int64($0.time.rounded(.up)) } == sun.at, "sun at \(sun.x), \(sun.y)")
    }

    @Test("a raw client seated for a whole game never receives an uncaptured sun, the host's secret or the other toss")
    func noHiddenSunOnTheWire() async throws {
        let rawToss: UInt32 = 2_718_281_828
        let hostSeed: UInt64 = 42
        try await withHost(SunTouch.self, configuration: Self.crowded, options: .dedicated(startAt: nil, seed: hostSeed)) { host, port in
            try await withThrowingTaskGroup(of: BotReport.self) { group in
                group.addTask { try await Self.playBot(port: port, name: "Sol", seed: 8) }
                let frames = try await RawClient.with(port: port) { raw in
                    try await Self.playRaw(&raw, toss: rawToss)
                }
                let bot = try #require(try await group.next())
                host.shutdown()

                // Rebuild the layout as the host made it: its first game seed, then both tosses in seat order.
                let botToss = try #require(bot.toss)
                let gameSeed = HostOptions.firstGameSeed(hostSeed: hostSeed)
                var secretSource = SeededRandom(seed: gameSeed)
                let hostSecret = secretSource.next()
                let layout = Self.layout(seed: gameSeed, tosses: bot.seat == 0 ? [botToss, rawToss] : [rawToss, botToss])
                #expect(layout.count == Self.crowded.suns)

                #expect(frames.contains { $0.type == "gameOver" })
                var hiddenChecks = 0
                var capturedShown = 0
                for frame in frames {
                    let captured = frame.view(SunTouchView.self)?.view.captured ?? []
                    // Every sun the frame shows is in the rebuilt layout, so the layout is the host's.
                    #expect(captured.allSatisfy { sun in layout.contains { $0.x == sun.x && $0.y == sun.y } })
                    let hidden = layout.filter { sun in !captured.contains { $0.x == sun.x && $0.y == sun.y } }
                    let tokens = frame.numberTokens
                    let values = tokens.compactMap(Double.init)
                    let leaks = hidden.filter { sun in values.contains { abs($0 - sun.x) < 1e-9 || abs($0 - sun.y) < 1e-9 } }
                    #expect(leaks.isEmpty, "uncaptured suns \(leaks.map { ($0.x, $0.y) }) in \(frame.text)")
                    hiddenChecks += hidden.count
                    capturedShown += captured.count
                    #expect(!tokens.contains(String(botToss)), "the other player's toss in \(frame.text)")
                    #expect(!tokens.contains(String(hostSecret)), "the host's secret in \(frame.text)")
                }
                // Both kinds occurred: suns still hidden, and captured suns that confirm the layout.
                #expect(hiddenChecks > 0 && capturedShown > 0)
            }
        }
    }

    @Test("number tokens are read outside strings, exactly as written")
    func numberTokens() {
        let frame = RecordedFrame(text: #"{"type":"view","seq":12,"view":{"x":0.123456789012,"y":-1.5e-3,"ok":true,"name":"Sol 0.5"}}"#)
        #expect(frame.numberTokens == ["12", "0.123456789012", "-1.5e-3"])
    }

    /// The suns the host lays out for `seed` and `tosses`, found with the public rules alone: a
    /// copy of the game is swept with the largest strikes until every sun is captured and shown.
    static func layout(seed: UInt64, tosses: [UInt32]) -> [SunTouchView.Sun] {
        let seats = [Seat(id: SeatID(0), name: "A"), Seat(id: SeatID(1), name: "B")]
        let configuration = SunTouchConfiguration(suns: crowded.suns, timeLimitSeconds: 3600)
        var rules = SunTouch(setup: GameSetup(seats: seats, configuration: configuration, seed: seed))
        try? rules.apply(.toss(tosses[0]), from: SeatID(0), at: .zero)
        try? rules.apply(.toss(tosses[1]), from: SeatID(1), at: .zero)
        // Centres 0.2667 apart: every point of the field is within 0.19 of one, inside a 0.2 strike.
        let centres = [0.1, 0.3667, 0.6333, 0.9]
        let spots = centres.flatMap { x in centres.map { y in (x, y) } }
        var time: Int64 = 0
        for (index, spot) in spots.enumerated() {
            // Each seat strikes in turn, as soon as its 8 s cooldown allows.
            time = Int64(index / 2) * SunTouch.cooldownMilliseconds(radius: 0.2)
            try? rules.apply(.strike(x: spot.0, y: spot.1, radius: 0.2), from: SeatID(index % 2), at: GameInstant(milliseconds: time))
        }
        let end = GameInstant(milliseconds: time + 10_000)
        rules.advance(to: end)
        return rules.view(for: .spectator, at: end).captured
    }

    /// Plays a whole game as a raw client — tosses `toss`, strikes a few spots — and returns every frame it received.
    static func playRaw(_ raw: inout RawClient, toss: UInt32) async throws -> [RecordedFrame] {
        let spots = [(0.25, 0.25), (0.75, 0.75), (0.25, 0.75), (0.75, 0.25)]
        var tossed = false
        var struck = 0
        return try await raw.recordGame(as: "Raw") { raw, frame in
            guard let view = frame.view(SunTouchView.self)?.view, let me = view.me else { return }
            if view.phase == .toss, !me.tossed, !tossed {
                tossed = true
                try await raw.sendMove(SunTouchMove.toss(toss))
            }
            // Strike again once the host has recorded the previous strike and the cooldown is over.
            let mine = view.strikes.filter { $0.seat == me.seat }.count
            if view.phase == .playing, me.cool == 0, mine == struck, struck < spots.count {
                let (x, y) = spots[struck]
                struck += 1
                try await raw.sendMove(SunTouchMove.strike(x: x, y: y, radius: 0.2))
            }
        }
    }
}
