import PartyKit
import Testing
@testable import Snap

@Suite("Turns")
struct TurnTests {
    @Test("The active player turns their top card; the next player clockwise is active")
    func turnOrder() throws {
        var game = Sample.table(closed: [["2C", "3C"], ["4C", "6C"], ["7C", "8C"]], open: [[], [], []])
        try game.apply(.turn, from: SeatID(0), at: Sample.at(500))
        #expect(game.open[0] == [Sample.card("3C")])
        #expect(game.closed[0] == [Sample.card("2C")])
        #expect(game.active == SeatID(1))
        #expect(game.turnNumber == 1)
        #expect(game.turnDeadline == Sample.at(10_500))
        #expect(throws: SnapRejection.notYourTurn) { try game.apply(.turn, from: SeatID(0), at: Sample.at(600)) }
        try game.apply(.turn, from: SeatID(1), at: Sample.at(700))
        try game.apply(.turn, from: SeatID(2), at: Sample.at(800))
        #expect(game.active == SeatID(0))
        #expect(game.view(for: .spectator, at: Sample.at(800)).players.map(\.top) == Sample.cards(["3C", "6C", "8C"]))
    }

    @Test("Players with no cards are out and skipped")
    func playersOutAreSkipped() throws {
        var game = Sample.table(closed: [["2C"], [], ["7C", "8C"], ["9C"]], open: [[], [], [], ["TC"]])
        try game.apply(.turn, from: SeatID(0), at: .zero)
        #expect(game.active == SeatID(2))
        try game.apply(.turn, from: SeatID(2), at: .zero)
        #expect(game.active == SeatID(3))
        let view = game.view(for: .seat(SeatID(0)), at: .zero)
        #expect(view.players.map(\.out) == [false, true, false, false])
        #expect(throws: SnapRejection.youAreOut) { try game.apply(.snap(seen: game.table), from: SeatID(1), at: .zero) }
    }

    @Test("An empty closed pile: the open pile is turned over, face down, when the player turns their next card")
    func recyclingTheOpenPile() throws {
        var game = Sample.table(closed: [["2C"], ["4C"]], open: [["6C", "7C"], ["8C"]])
        try game.apply(.turn, from: SeatID(0), at: .zero)
        #expect(game.closed[0].isEmpty)
        #expect(game.open[0] == Sample.cards(["6C", "7C", "2C"]))
        try game.apply(.turn, from: SeatID(1), at: .zero)
        // Seat 0 is active again with an empty closed pile: the open pile stays face up until the turn.
        #expect(game.active == SeatID(0))
        #expect(game.open[0] == Sample.cards(["6C", "7C", "2C"]))
        #expect(game.closed[0].isEmpty)
        try game.apply(.turn, from: SeatID(0), at: .zero)
        #expect(game.open[0] == Sample.cards(["6C"]))
        #expect(game.closed[0] == Sample.cards(["2C", "7C"]))
    }

    @Test("A player too slow has the card turned for them at the deadline")
    func timeoutTurn() {
        var game = Sample.table(closed: [["2C", "3C"], ["4C", "6C"]], open: [[], []])
        game.advance(to: Sample.at(9_999))
        #expect(game.turnNumber == 0)
        game.advance(to: Sample.at(10_000))
        #expect(game.turnNumber == 1)
        #expect(game.open[0] == [Sample.card("3C")])
        #expect(game.active == SeatID(1))
        #expect(game.turnDeadline == Sample.at(20_000))
        #expect(game.event?.kind == .timedOut)
        #expect(game.event?.text == "Alice was too slow; their card was turned for them")
        // A long silence turns one card per deadline, each timer starting at the previous deadline.
        game.advance(to: Sample.at(35_000))
        #expect(game.turnNumber == 3)
        #expect(game.turnDeadline == Sample.at(40_000))
    }

    @Test("The turn timer pauses while the active player is disconnected, and resumes when they are back")
    func pauseWhileDisconnected() throws {
        var game = Sample.table(closed: [["2C", "3C"], ["4C", "6C"]], open: [[], []])
        game.connectionChanged(SeatID(0), connected: false, at: Sample.at(4_000))
        #expect(game.schedule.deadline == nil)
        #expect(game.schedule.turn == .seat(SeatID(0)))
        let paused = game.view(for: .seat(SeatID(1)), at: Sample.at(60_000))
        #expect(paused.paused && paused.turnMs == 6_000 && paused.players[1].away)
        game.advance(to: Sample.at(60_000))
        #expect(game.turnNumber == 0)
        game.connectionChanged(SeatID(0), connected: true, at: Sample.at(60_000))
        #expect(game.schedule.deadline == Sample.at(66_000))
        game.advance(to: Sample.at(66_000))
        #expect(game.turnNumber == 1)
    }

    @Test("A disconnected player who becomes active pauses the timer; another player's disconnect does not")
    func pauseOnlyForTheActivePlayer() throws {
        var game = Sample.table(closed: [["2C", "3C"], ["4C", "6C"]], open: [[], []])
        game.connectionChanged(SeatID(1), connected: false, at: Sample.at(1_000))
        #expect(game.schedule.deadline == Sample.at(10_000))
        try game.apply(.turn, from: SeatID(0), at: Sample.at(2_000))
        #expect(game.active == SeatID(1))
        #expect(game.schedule.deadline == nil)
        game.connectionChanged(SeatID(1), connected: true, at: Sample.at(50_000))
        #expect(game.schedule.deadline == Sample.at(60_000))
    }

    @Test("A paused player who leaves hands the turn on with a fresh timer")
    func leaveWhilePaused() {
        var game = Sample.table(closed: [["2C", "3C"], ["4C", "6C"], ["7C"]], open: [[], [], []])
        game.connectionChanged(SeatID(0), connected: false, at: Sample.at(1_000))
        game.leave(SeatID(0), at: Sample.at(30_000))
        #expect(game.active == SeatID(1))
        #expect(game.schedule.deadline == Sample.at(40_000))
        #expect(game.closed.map(\.count) == [0, 3, 2])
    }
}
