import PartyKit
import Testing
@testable import Snap

@Suite("End of the game")
struct EndTests {
    @Test("One player holding every card wins")
    func oneHoldsAll() throws {
        var game = Sample.table(closed: [[], [], ["3C"]], open: [["5H"], [], ["5S"]], active: 2)
        try game.apply(.snap(seen: game.table), from: SeatID(2), at: Sample.at(100))
        #expect(game.outcome == GameOutcome(winners: [SeatID(2)], reason: .won, summary: "Carol holds all 3 cards and wins",
                                            standings: [Standing(seat: SeatID(2), place: 1, score: 3), Standing(seat: SeatID(0), place: 2, score: 0),
                                                        Standing(seat: SeatID(1), place: 2, score: 0)]))
        #expect(game.schedule == .idle)
        #expect(throws: SnapRejection.gameOver) { try game.apply(.turn, from: SeatID(2), at: Sample.at(200)) }
    }

    @Test("Players who ran out are placed by when: the last to run out comes first of them")
    func outInOrder() throws {
        var game = Sample.table(closed: [["2C"], ["3C"], ["4C", "5D"]], open: [[], [], []], active: 2)
        // Alice pays her only card to Bob for a wrong call and is out; Bob then pays his two to
        // Carol, one wrong call at a time: Carol holds everything.
        try game.apply(.snap(seen: game.table), from: SeatID(0), at: Sample.at(100))
        try game.apply(.snap(seen: game.table), from: SeatID(1), at: Sample.at(200))
        #expect(game.outcome == nil)
        try game.apply(.snap(seen: game.table), from: SeatID(1), at: Sample.at(300))
        #expect(game.outcome?.winners == [SeatID(2)])
        #expect(game.outcome?.standings == [Standing(seat: SeatID(2), place: 1, score: 4), Standing(seat: SeatID(1), place: 2, score: 0),
                                            Standing(seat: SeatID(0), place: 3, score: 0)])
    }

    @Test("At the turn limit the player with most cards wins")
    func turnLimit() throws {
        var game = Sample.table(closed: [["2C", "3C", "4C"], ["6C"]], open: [[], []],
                                configuration: SnapConfiguration(turnSeconds: 10, turnLimit: 2))
        try game.apply(.turn, from: SeatID(0), at: .zero)
        #expect(game.outcome == nil)
        try game.apply(.turn, from: SeatID(1), at: .zero)
        #expect(game.outcome == GameOutcome(winners: [SeatID(0)], reason: .limitReached,
                                            summary: "Turn limit of 2 reached: Alice wins with 3 cards",
                                            standings: [Standing(seat: SeatID(0), place: 1, score: 3), Standing(seat: SeatID(1), place: 2, score: 1)]))
    }

    @Test("A tie at the turn limit is a draw between the tied players")
    func turnLimitTie() {
        var game = Sample.table(closed: [["2C", "3C"], ["6C", "7C"], ["8C"]], open: [[], [], []],
                                configuration: SnapConfiguration(turnSeconds: 10, turnLimit: 1))
        game.advance(to: Sample.at(10_000))
        #expect(game.outcome == GameOutcome(winners: [SeatID(0), SeatID(1)], reason: .limitReached,
                                            summary: "Turn limit of 1 reached: draw between Alice and Bob with 2 cards each",
                                            standings: [Standing(seat: SeatID(0), place: 1, score: 2), Standing(seat: SeatID(1), place: 1, score: 2),
                                                        Standing(seat: SeatID(2), place: 3, score: 1)]))
    }

    @Test("A leaver's cards are shared out clockwise from their left, one at a time, under the closed piles")
    func leavingMidGame() {
        var game = Sample.table(closed: [["2C", "3C"], ["4C", "6C", "7C"], ["8C"], ["9C"]],
                                open: [[], ["TC", "JC"], [], []], active: 0)
        game.leave(SeatID(1), at: Sample.at(500))
        #expect(game.closed.map(\.count) == [3, 0, 3, 3])
        #expect(Array(game.closed[2].prefix(2)) == Sample.cards(["TC", "4C"]))
        #expect(game.open[1].isEmpty)
        #expect(Sample.total(game) == 9)
        #expect(game.event == SnapEvent(kind: .left, seat: 1, cards: 5, text: "Bob left; their 5 cards were shared out"))
        #expect(game.active == SeatID(0))
        #expect(game.outcome == nil)
        let view = game.view(for: .seat(SeatID(0)), at: Sample.at(500))
        #expect(view.players[1].gone && view.players[1].closed == 0)
        // Turn order now skips Bob.
        try? game.apply(.turn, from: SeatID(0), at: Sample.at(600))
        #expect(game.active == SeatID(2))
    }

    @Test("When the active player leaves, the next player is active with a fresh timer")
    func activeLeaves() {
        var game = Sample.table(closed: [["2C"], ["4C"], ["8C"]], open: [[], [], []], active: 1)
        game.leave(SeatID(1), at: Sample.at(3_000))
        #expect(game.active == SeatID(2))
        #expect(game.turnDeadline == Sample.at(13_000))
    }

    @Test("Cards are shared only with players still in; out players stay out")
    func outPlayersGetNothing() {
        var game = Sample.table(closed: [["2C"], [], ["4C", "6C"], ["8C"]], open: [[], [], [], []])
        game.leave(SeatID(2), at: .zero)
        #expect(game.closed.map(\.count) == [2, 0, 0, 2])
    }

    @Test("One player left means that player wins")
    func lastPlayerWins() {
        var game = Sample.table(closed: [["2C"], ["4C"]], open: [[], []])
        game.leave(SeatID(0), at: .zero)
        #expect(game.outcome == GameOutcome(winners: [SeatID(1)], reason: .playersLeft, summary: "Bob wins: everyone else left",
                                            standings: [Standing(seat: SeatID(1), place: 1, score: 2), Standing(seat: SeatID(0), place: 2, score: 0)]))
    }

    @Test("Leaving after the end changes no result")
    func leaveAfterEnd() {
        var game = Sample.table(closed: [["2C"], ["4C"]], open: [[], []])
        game.leave(SeatID(0), at: .zero)
        let outcome = game.outcome
        game.leave(SeatID(1), at: .zero)
        #expect(game.outcome == outcome)
    }
}
