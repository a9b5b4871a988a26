import FourInARow
import PartyClient
import PartyKit
import PartyServer
import PartyWire
import Testing

@Suite("A whole session over loopback", .timeLimit(.minutes(1)))
struct GameFlowTests {
    /// Plays `columns` in order whenever it is this player's turn, until the game is over.
    static func play(_ player: inout ScriptedPlayer<FourInARow>, columns: [Int], game: Int) async -> Bool {
        var remaining = columns[...]
        while let column = remaining.first {
            let ok = await player.wait { ($0.yourTurn && $0.game == game) || $0.gameOver != nil }
            guard ok, player.table.gameOver == nil else { return ok }
            player.move(FourInARowMove(column: column))
            remaining = remaining.dropFirst()
            _ = await player.wait { !$0.yourTurn || $0.gameOver != nil }
        }
        return await player.wait { $0.gameOver != nil }
    }

    @Test("host's player and a client play a full game, then a rematch where the other moves first")
    func hostAgainstClient() async throws {
        try await withHost(FourInARow.self) { host, port in
            // Bob connects once Alice is seated, so Alice has seat 0 and moves first in game 1.
            let (aliceSeated, seated) = AsyncStream<Void>.makeStream()
            try await withThrowingTaskGroup(of: (String, Int?, Bool).self) { group in
                group.addTask {
                    try await asPlayer(FourInARow.self, port: port, name: "Alice", hostKey: host.hostKey) { alice in
                        seated.finish()
                        alice.connection.send(Ready())
                        let finished = await Self.play(&alice, columns: [1, 1, 1, 1], game: 1)
                        let summary = alice.table.gameOver?.summary ?? ""
                        let winner = alice.table.gameOver?.winners.first
                        alice.connection.send(Rematch())
                        let second = await alice.wait { $0.game == 2 && $0.view != nil }
                        // In the rematch Bob (seat 1) moves first.
                        return (summary, winner, finished && second && !alice.table.yourTurn)
                    }
                }
                group.addTask {
                    for await _ in aliceSeated {}
                    return try await asPlayer(FourInARow.self, port: port, name: "Bob") { bob in
                        bob.connection.send(Ready())
                        let finished = await Self.play(&bob, columns: [2, 2, 2, 2], game: 1)
                        let winner = bob.table.gameOver?.winners.first
                        bob.connection.send(Rematch())
                        let second = await bob.wait { $0.game == 2 && $0.yourTurn }
                        return ("", winner, finished && second)
                    }
                }
                var results: [(String, Int?, Bool)] = []
                for try await result in group { results.append(result) }
                #expect(results.allSatisfy { $0.2 })
                #expect(results.contains { $0.0.contains("Alice") })
                #expect(results.allSatisfy { $0.1 == 0 })
            }
        }
    }

    @Test("a client plays a whole game against a bot")
    func clientAgainstBot() async throws {
        try await withHost(FourInARow.self) { host, port in
            try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask {
                    try await BotRunner<FourInARowGame>(address: HostAddress(host: "127.0.0.1", port: port), name: "Robo", seed: 7, timeouts: .patient).run()
                    return true
                }
                let over = try await asPlayer(FourInARow.self, port: port, name: "Carol") { carol in
                    carol.connection.send(Ready())
                    // Carol plays the leftmost column that still has room, every turn.
                    while await carol.wait(until: { $0.yourTurn || $0.gameOver != nil }), carol.table.gameOver == nil {
                        guard let view = carol.table.view, let column = (1...7).first(where: view.canDrop(inColumn:)) else { break }
                        carol.move(FourInARowMove(column: column))
                        _ = await carol.wait { !$0.yourTurn || $0.gameOver != nil }
                    }
                    return carol.table.gameOver
                }
                #expect(over != nil)
                #expect(over?.winners.isEmpty == false || over?.reason == "draw")
                host.shutdown()
                for try await finished in group { #expect(finished) }
            }
        }
    }

    @Test("an opponent leaving ends the game, and the table waits for a new opponent")
    func opponentLeaves() async throws {
        try await withHost(FourInARow.self) { host, port in
            let (ready, readyContinuation) = AsyncStream<Void>.makeStream()
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await asPlayer(FourInARow.self, port: port, name: "Dave") { dave in
                        dave.connection.send(Ready())
                        _ = await dave.wait { $0.view != nil }
                        readyContinuation.finish()
                    }  // Dave leaves here.
                }
                let (over, backToLobby, erinSeat) = try await asPlayer(FourInARow.self, port: port, name: "Erin") { erin in
                    erin.connection.send(Ready())
                    _ = await erin.wait { $0.view != nil }
                    for await _ in ready {}
                    let over = await erin.wait { $0.gameOver != nil }
                    let lobby = await erin.wait { $0.lobby?.state == "lobby" && $0.lobby?.players.count == 1 }
                    return (erin.table.gameOver, over && lobby, erin.table.seat.index)
                }
                #expect(backToLobby)
                #expect(over?.reason == "playersLeft")
                #expect(over?.winners == [erinSeat])
                try await group.waitForAll()
            }
        }
    }

    @Test("when the host quits, every client is told before the connection closes")
    func hostQuits() async throws {
        try await withHost(FourInARow.self) { host, port in
            let closed = try await asPlayer(FourInARow.self, port: port, name: "Frank") { frank in
                _ = await frank.wait { $0.lobby != nil }
                host.shutdown(message: "Alice closed the party.")
                _ = await frank.wait { $0.closed != nil }
                return frank.table.closed
            }
            #expect(closed == "Alice closed the party.")
        }
    }
}
