import PartyClient
import PartyKit
import PartyServer
import PartyWire
import Snap
import Testing

@Suite("Snap! over loopback", .timeLimit(.minutes(1)))
struct SnapLoopbackTests {
    typealias Client = LiveClient<Snap>

    static func address(_ port: Int) -> HostAddress { HostAddress(host: "127.0.0.1", port: port) }

    /// The cards held by players still in the game.
    static func total(_ view: SnapView) -> Int {
        view.players.filter { !$0.gone }.map(\.cards).reduce(0, +)
    }

    /// Starts a `BotRunner<SnapGame>` for each name in `group`.
    static func addBots(_ names: [String], port: Int, to group: inout ThrowingTaskGroup<Void, any Error>) {
        for (index, name) in names.enumerated() {
            group.addTask {
                try await BotRunner<SnapGame>(address: address(port), name: name, seed: UInt64(100 + index), timeouts: .patient).run()
            }
        }
    }

    @Test("four bots play a whole game to the end on a dedicated host that starts at four")
    func fourBots() async throws {
        let configuration = SnapConfiguration(turnSeconds: 1, turnLimit: 24)
        try await withHost(Snap.self, configuration: configuration, options: .dedicated(startAt: 4)) { host, port in
            try await withThrowingTaskGroup(of: Void.self) { group in
                Self.addBots(["Ann", "Ben", "Cy"], port: port, to: &group)
                // The fourth bot is driven here, so the test sees what it sees.
                let (over, views, lobby, seat) = try await withLiveClient(Snap.self, port: port, name: "Dot", bot: true) { dot in
                    dot.connection.send(Ready())
                    #expect(await dot.play(SnapGame.self, seed: 4, atMost: .seconds(45)) { $0.table.gameOver != nil })
                    return (dot.table.gameOver, dot.views.map { $0.view }, dot.table.lobby, dot.table.seat.index)
                }
                host.shutdown()
                try await group.waitForAll()

                #expect(lobby?.players.count == 4 && lobby?.players.allSatisfy(\.bot) == true)
                let first = try #require(views.first)
                // Dealt clockwise and evenly: 13 cards each, all face down.
                #expect(first.phase == .dealing)
                #expect(first.players.map(\.closed) == [13, 13, 13, 13] && first.players.allSatisfy { $0.open == 0 && $0.top == nil })
                // Every view: the viewer first, no card made or lost.
                for view in views {
                    #expect(view.me == seat && view.players.first?.seat == seat && view.players.count == 4)
                    #expect(Self.total(view) == 52, "turn \(view.turn): \(view.players.map(\.cards))")
                }
                #expect(zip(views, views.dropFirst()).allSatisfy { $0.turn <= $1.turn })

                let end = try #require(over)
                let last = try #require(views.last)
                #expect(end.game == 1)
                #expect(last.phase == .over && last.outcome == end.summary && last.winners == end.winners)
                switch end.reason {
                case "limitReached":
                    #expect(last.turn == 24)
                    let most = last.players.map(\.cards).max()
                    #expect(Set(end.winners) == Set(last.players.filter { $0.cards == most }.map(\.seat)))
                    #expect(end.summary.hasPrefix("Turn limit of 24 reached"))
                case "won":
                    #expect(end.winners.count == 1 && last.player(end.winners.first)?.cards == 52)
                default:
                    Issue.record("unexpected end: \(end.reason) (\(end.summary))")
                }
            }
        }
    }

    @Test("a player leaving mid-game is announced, their cards are shared out clockwise and the game goes on")
    func playerLeaves() async throws {
        let configuration = SnapConfiguration(turnSeconds: 1, turnLimit: 28)
        try await withHost(Snap.self, configuration: configuration, options: .dedicated(startAt: 4)) { host, port in
            try await withThrowingTaskGroup(of: Void.self) { group in
                Self.addBots(["Ann", "Ben"], port: port, to: &group)
                group.addTask {
                    // Lee plays like a bot, then leaves in the middle while holding cards.
                    try await withLiveClient(Snap.self, port: port, name: "Lee", bot: true) { lee in
                        lee.connection.send(Ready())
                        let midGame = await lee.play(SnapGame.self, seed: 9, atMost: .seconds(40)) { client in
                            guard let view = client.view, view.phase == .playing, let me = view.mine else { return false }
                            return view.turn >= 8 && me.closed >= 4
                        }
                        #expect(midGame)
                    }
                }
                let (departures, views, over) = try await withLiveClient(Snap.self, port: port, name: "Olga", bot: true) { olga in
                    olga.connection.send(Ready())
                    #expect(await olga.play(SnapGame.self, seed: 5, atMost: .seconds(50)) { $0.table.gameOver != nil })
                    return (olga.departures, olga.views, olga.table.gameOver)
                }
                host.shutdown()
                try await group.waitForAll()

                // Everyone is told who left.
                #expect(departures.map(\.name) == ["Lee"])
                #expect(departures.first?.message == "Lee left the game.")
                let lee = try #require(departures.first?.seat)
                // The host sends a view after every change, so these two views are the states just
                // before and just after the leave.
                let leftAt = try #require(views.firstIndex { $0.view.player(lee)?.gone == true })
                #expect(leftAt > 0 && views[leftAt].departuresSeen == 1)
                let (before, after) = (views[leftAt - 1].view, views[leftAt].view)
                let leaving = try #require(before.player(lee)?.cards)
                #expect(leaving >= 4)
                #expect(after.event?.kind == .left && after.event?.seat == lee && after.event?.cards == leaving)
                #expect(after.event?.text == "Lee left; their \(leaving) cards were shared out")
                #expect(after.player(lee)?.closed == 0 && after.player(lee)?.open == 0)
                // Shared one at a time, clockwise from Lee's left, among those still holding cards.
                let seats = before.players.map(\.seat).sorted()
                let receivers = (1..<seats.count).map { (lee + $0) % seats.count }.filter { (before.player($0)?.cards ?? 0) > 0 }
                for (position, seat) in receivers.enumerated() {
                    let share = leaving / receivers.count + (position < leaving % receivers.count ? 1 : 0)
                    #expect(after.player(seat)?.cards == (before.player(seat)?.cards ?? 0) + share, "seat \(seat)")
                }
                #expect(Self.total(after) == 52)

                // The game goes on without Lee, to the end.
                let end = try #require(over)
                let last = try #require(views.last?.view)
                #expect(last.turn > after.turn)
                #expect(last.phase == .over && Self.total(last) == 52)
                #expect(!end.winners.contains(lee))
                #expect(views[leftAt...].allSatisfy { $0.view.player(lee)?.gone == true && $0.view.active != lee })
            }
        }
    }

    @Test("a raw client seated for a whole game never receives a face-down card")
    func noFaceDownCardOnTheWire() async throws {
        let configuration = SnapConfiguration(turnSeconds: 1, turnLimit: 30)
        try await withHost(Snap.self, configuration: configuration, options: .dedicated(startAt: 3)) { host, port in
            try await withThrowingTaskGroup(of: Void.self) { group in
                Self.addBots(["Ann", "Ben"], port: port, to: &group)
                let frames = try await RawClient.with(port: port) { raw in
                    try await Self.playRaw(&raw)
                }
                host.shutdown()
                try await group.waitForAll()

                #expect(frames.contains { $0.type == "gameOver" })
                var viewCount = 0
                var topsSeen = 0
                for frame in frames {
                    // The only cards a frame may name are the top open cards its own view lists.
                    let view = frame.view(SnapView.self)?.view
                    let tops = Set(view?.players.compactMap(\.top) ?? [])
                    if let view {
                        viewCount += 1
                        #expect(Self.total(view) == 52)
                    }
                    let named = Self.cardsNamed(in: frame.strings)
                    topsSeen += named.count
                    #expect(named.isSubset(of: tops), "\(frame.type) names face-down cards \(named.subtracting(tops).map(\.code)): \(frame.text)")
                    #expect(Set(named) == tops, "the scan misses a top card in \(frame.text)")
                }
                #expect(viewCount > 20)
                #expect(topsSeen > 20)
            }
        }
    }

    @Test("the card scan finds codes and labels, and nothing in ordinary words")
    func cardScan() {
        #expect(Self.cardsNamed(in: ["QH"]) == [Card(.queen, .hearts)])
        #expect(Self.cardsNamed(in: ["Raw drew the 10♠ (and TD)"]) == [Card(.ten, .spades), Card(.ten, .diamonds)])
        #expect(Self.cardsNamed(in: ["Raw called snap and won 6 cards", "Ann", "snap", "playing"]).isEmpty)
    }

    /// Every card a list of strings names: as a whole two-letter code, as a code or a label
    /// ("Q♥", "10♠") among the words of a longer text.
    static func cardsNamed(in strings: [String]) -> Set<Card> {
        var named: Set<Card> = []
        for text in strings {
            if let card = Card(code: text) { named.insert(card) }
            let words = text.split { $0 == " " || $0 == "," || $0 == ":" || $0 == ";" || $0 == "(" || $0 == ")" }
            for word in words {
                if let card = Card(code: String(word)) { named.insert(card) }
            }
            for card in Card.deck where text.contains(card.label) { named.insert(card) }
        }
        return named
    }

    /// Plays a whole game as a raw client — confirms the deal, turns its card, calls snap at once on
    /// every match — and returns every frame it received.
    static func playRaw(_ raw: inout RawClient) async throws -> [RecordedFrame] {
        var confirmed = false
        var turned = -1
        var called = -1
        return try await raw.recordGame(as: "Raw") { raw, frame in
            guard let message = frame.view(SnapView.self), let me = message.view.mine else { return }
            let view = message.view
            if view.phase == .dealing, !me.ready, !confirmed {
                confirmed = true
                try await raw.sendMove(SnapMove.confirmDeal)
            }
            guard view.phase == .playing else { return }
            if view.hasMatch, me.cards > 0, called < view.table {
                called = view.table
                try await raw.sendMove(SnapMove.snap(seen: view.table))
            }
            if message.yourTurn, turned != view.turn {
                turned = view.turn
                try await raw.sendMove(SnapMove.turn)
            }
        }
    }
}
