import FourInARow
import PartyClient
import PartyGames
import PartyKit
import PartyWire
import Testing
import TwentyFour

/// Clients without a game's presenter: the host sends them plain text and labelled moves, and they
/// play by number (or by typing, where the game's moves are typed).
@Suite("Plain-text fallback over loopback", .timeLimit(.minutes(1)))
struct PlainTextFallbackTests {
    typealias TextTable = TableState<PlainTextView<JSONValue>>

    /// A client that reads events into a plain-text table.
    struct TextClient {
        let connection: PartyConnection
        var table: TextTable
        var events: AsyncStream<ClientEvent>.AsyncIterator
        /// Every notice shown, in order (a view the client could not read would be one).
        var notices: [String] = []
        /// Every move refusal, in order.
        var rejections: [MoveRejected] = []
        /// How many views arrived.
        var viewCount = 0

        /// Reads events until `condition` holds; false when the connection closed first.
        mutating func wait(until condition: (TextTable) -> Bool) async -> Bool {
            if condition(table) { return true }
            while let event = await events.next() {
                record(event)
                if condition(table) { return true }
                if table.closed != nil { return false }
            }
            return false
        }

        /// Reads events until the host refuses a move; nil when the connection closed first.
        mutating func nextRejection() async -> MoveRejected? {
            let seen = rejections.count
            while rejections.count == seen {
                guard table.closed == nil, let event = await events.next() else { return nil }
                record(event)
            }
            return rejections.last
        }

        /// Reads events until `count` views have arrived; false when the connection closed first.
        mutating func waitForViews(atLeast count: Int) async -> Bool {
            while viewCount < count {
                guard table.closed == nil, let event = await events.next() else { return false }
                record(event)
            }
            return true
        }

        mutating func record(_ event: ClientEvent) {
            if case .moveRejected(let rejection) = event { rejections.append(rejection) }
            switch table.apply(event) {
            case .notice(let text): notices.append(text)
            case .view: viewCount += 1
            default: break
            }
        }
    }

    /// Connects a client that draws only `games`, and runs `body` with it.
    static func asTextClient<T: Sendable>(
        port: Int, name: String, games: [String], role: String? = nil, _ body: @Sendable (inout TextClient) async throws -> T
    ) async throws -> T {
        let hello = Hello(client: "test", name: name, role: role, games: games)
        return try await PartyConnection.withConnection(to: HostAddress(host: "127.0.0.1", port: port), hello: hello, timeouts: .patient) { connection, welcome in
            var client = TextClient(connection: connection, table: TableState(welcome: welcome), events: connection.events.makeAsyncIterator())
            return try await body(&client)
        }
    }

    /// Every game this build has, except `id`: a catalog that lacks that game.
    static func catalog(without id: String) -> [String] {
        GameCatalog.all.map { $0.descriptor.id }.filter { $0 != id }
    }

    @Test("a client whose catalog lacks Four in a Row plays a whole game against a bot from the menu")
    func wholeGameWithoutPresenter() async throws {
        let games = Self.catalog(without: "fourinarow")
        #expect(!games.isEmpty && !games.contains("fourinarow"))
        try await withHost(FourInARow.self) { host, port in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await BotRunner<FourInARowGame>(address: HostAddress(host: "127.0.0.1", port: port), name: "Robo", seed: 11, timeouts: .patient).run()
                }
                let result = try await Self.asTextClient(port: port, name: "Tess", games: games) { tess in
                    let play = PlainTextPlay()
                    tess.connection.send(Ready())
                    var moves = 0
                    var checkedInput = false
                    while await tess.wait(until: { ($0.yourTurn && $0.view != nil) || $0.gameOver != nil }), tess.table.gameOver == nil {
                        let view = try #require(tess.table.view)
                        #expect(view.text.contains("1 2 3 4 5 6 7") || view.text.contains("1  2  3"), "the board is drawn: \(view.text)")
                        #expect(!view.moves.isEmpty && view.moves.count <= 7)
                        #expect(view.typing == nil)
                        let menu = play.describe(view, yourTurn: true)
                        #expect(menu.contains("1) \(view.moves[0].label)"))
                        if !checkedInput {
                            checkedInput = true
                            // Garbage never reaches the host; a typed word does, and is refused.
                            #expect((try? play.read("banana", view: view).get()) == nil)
                            #expect((try? play.read("\(view.moves.count + 1)", view: view).get()) == nil)
                            tess.connection.send(TypedMove(text: "drop it in the middle"))
                            #expect(await tess.nextRejection()?.reason == "notAMove")
                        }
                        // Always the last entry: the rightmost column that still has room.
                        let action = try play.read("\(view.moves.count)", view: view).get()
                        tess.connection.send(play.message(for: action))
                        moves += 1
                        _ = await tess.wait { !$0.yourTurn || $0.gameOver != nil }
                    }
                    return (tess.table.gameOver, moves, tess.notices, tess.rejections.count)
                }
                let (over, moves, notices, rejections) = result
                #expect(over != nil)
                #expect(over?.winners.isEmpty == false || over?.reason == "draw")
                #expect(moves >= 3)
                #expect(rejections == 1, "only the typed word was refused")
                #expect(!notices.contains { $0.contains("cannot read") }, "every view was plain text: \(notices)")
                host.shutdown()
                try await group.waitForAll()
            }
        }
    }

    @Test("a client that lists the game gets the game's own view")
    func ownViewWhenListed() async throws {
        try await withHost(FourInARow.self) { host, port in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await BotRunner<FourInARowGame>(address: HostAddress(host: "127.0.0.1", port: port), name: "Robo", seed: 3, timeouts: .patient).run()
                }
                let hello = Hello(client: "test", name: "Gus", games: ["fourinarow"])
                let gotView = try await PartyConnection.withConnection(to: HostAddress(host: "127.0.0.1", port: port), hello: hello, timeouts: .patient) { connection, welcome in
                    var gus = ScriptedPlayer<FourInARow>(connection: connection, welcome: welcome)
                    connection.send(Ready())
                    return await gus.wait { $0.view != nil }
                }
                #expect(gotView)
                host.shutdown()
                try await group.waitForAll()
            }
        }
    }

    @Test("a plain-text spectator sees the text but no moves")
    func spectatorGetsTextWithoutMoves() async throws {
        try await withHost(FourInARow.self) { host, port in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (name, seed) in [("Ann", UInt64(1)), ("Bea", 2)] {
                    group.addTask {
                        try await BotRunner<FourInARowGame>(address: HostAddress(host: "127.0.0.1", port: port), name: name, seed: seed, timeouts: .patient).run()
                    }
                }
                let views = try await Self.asTextClient(port: port, name: "Watcher", games: [], role: "spectator") { watcher in
                    _ = await watcher.waitForViews(atLeast: 2)
                    return (watcher.table.view, watcher.viewCount)
                }
                #expect(views.1 >= 2)
                #expect(views.0?.moves.isEmpty == true)
                #expect(views.0?.text.isEmpty == false)
                host.shutdown()
                try await group.waitForAll()
            }
        }
    }

    @Test("typed text reaches the game's rules; text that is no move is refused with the game's reason")
    func typedMovesInTwentyFour() async throws {
        try await withHost(TwentyFour.self, options: .dedicated(startAt: 1, seed: 9)) { host, port in
            let result = try await Self.asTextClient(port: port, name: "Tess", games: []) { tess in
                tess.connection.send(Ready())
                _ = await tess.wait { $0.yourTurn && $0.view != nil }
                let view = tess.table.view
                tess.connection.send(TypedMove(text: "2 + + 2"))
                return (view, await tess.nextRejection())
            }
            let (view, rejection) = result
            #expect(view?.typing != nil, "TwentyFour's moves are typed")
            #expect(view?.moves.isEmpty == false, "giving up is in the menu")
            #expect(rejection?.reason == "notAMove")
            #expect(rejection?.message.isEmpty == false)
        }
    }
}
