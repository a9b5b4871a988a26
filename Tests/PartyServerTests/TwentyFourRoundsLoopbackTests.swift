import PartyClient
import PartyKit
import PartyServer
import PartyWire
import Testing
import TwentyFour

/// `--rounds 2` over the wire: the game ends after its second round with `gameOver`, the final
/// view says so, and a rematch starts a new game of two rounds (issue 18).
@Suite("TwentyFour with rounds over loopback", .timeLimit(.minutes(1)))
struct TwentyFourRoundsLoopbackTests {
    typealias Client = LiveClient<TwentyFour>

    /// Plays rounds as they come: alice answers each one at once, Bob gives up; until game over.
    static func playRounds(alice: inout Client, bob: inout Client, game: Int) async throws -> Bool {
        var answered = 0
        while true {
            let ready = await alice.wait { client in
                client.table.gameOver != nil
                    || (client.table.game == game && client.view?.canAnswer == true && client.view?.round ?? 0 > answered)
            }
            guard ready else { return false }
            if alice.table.gameOver != nil { return true }
            let view = try #require(alice.view)
            let solution = try #require(TwentyFourSolver.solution(for: view.numbers))
            answered = view.round
            alice.move(.submit(expression: solution))
            guard await bob.wait(until: { $0.table.game == game && $0.view?.round == view.round && $0.view?.canAnswer == true }) else {
                return false
            }
            bob.move(.giveUp)
        }
    }

    @Test("a 2-round game ends with gameOver after round 2, and the rematch starts round 1 of 2")
    func twoRoundsThenARematch() async throws {
        await TwentyFourLoopbackTests.warmUpSolver()
        let configuration = TwentyFourConfiguration(roundSeconds: 30, pauseSeconds: 1, rounds: 2)
        try await withHost(TwentyFour.self, configuration: configuration, options: .dedicated(startAt: 2)) { _, port in
            try await withLiveClient(TwentyFour.self, port: port, name: "alice") { alice in
                alice.connection.send(Ready())
                try await withLiveClient(TwentyFour.self, port: port, name: "Bob") { bob in
                    bob.connection.send(Ready())
                    #expect(await alice.wait { $0.view?.round == 1 && $0.view?.rounds == 2 })
                    #expect(try await Self.playRounds(alice: &alice, bob: &bob, game: 1))
                    let over = try #require(alice.table.gameOver)
                    #expect(over.game == 1 && over.reason == "won")
                    #expect(over.winners == [alice.table.seat.index])
                    #expect(over.summary == "alice wins 2 rounds to 0")
                    // The final view came first: round 2 of 2, over, with the same sentence.
                    let last = try #require(alice.view)
                    #expect(last.round == 2 && last.rounds == 2 && last.isOver && last.outcome == over.summary)
                    #expect(!alice.table.yourTurn)
                    #expect(await bob.wait { $0.table.gameOver?.summary == over.summary })
                    #expect(bob.view?.scores.map(\.won) == [2, 0])
                    // Nothing more happens in the finished game: no round 3.
                    #expect(!alice.views.contains { $0.view.round > 2 })

                    alice.connection.send(Rematch())
                    bob.connection.send(Rematch())
                    #expect(await alice.wait { $0.table.game == 2 && $0.view?.round == 1 && $0.view?.canAnswer == true })
                    #expect(await bob.wait { $0.table.game == 2 && $0.view?.round == 1 })
                    let fresh = try #require(alice.view)
                    #expect(fresh.rounds == 2 && !fresh.isOver && fresh.scores.allSatisfy { $0.won == 0 })
                    #expect(alice.table.gameOver == nil)
                }
            }
        }
    }
}
