import PartyKit
import Testing
@testable import Snap

@Suite("Snap calls")
struct SnapCallTests {
    /// Alice and Carol show fives; Bob shows a king.
    static func fives() -> Snap {
        Sample.table(closed: [["2C", "3C"], ["4C", "6C"], ["7C", "8C"]],
                     open: [["9D", "5H"], ["KS"], ["TD", "JD", "5S"]])
    }

    @Test("The first correct call wins all matching open piles, face down under the caller's closed pile")
    func correctCall() throws {
        var game = Self.fives()
        let seen = game.table
        try game.apply(.snap(seen: seen), from: SeatID(1), at: Sample.at(700))
        #expect(game.open.map(\.count) == [0, 1, 0])
        #expect(game.closed[1].count == 7)
        #expect(Set(game.closed[1].prefix(5)) == Set(Sample.cards(["9D", "5H", "TD", "JD", "5S"])))
        #expect(game.closed[1].suffix(2) == Sample.cards(["4C", "6C"]))
        #expect(game.event == SnapEvent(kind: .snapWon, seat: 1, cards: 5, text: "Bob called snap and won 5 cards"))
        #expect(game.eventCount == 1)
        #expect(game.table == seen + 1)
        #expect(game.active == SeatID(0))
        #expect(Sample.total(game) == 12)
    }

    @Test("A correct call arriving after the piles were won is too late and costs nothing")
    func lateCall() throws {
        var game = Self.fives()
        let seen = game.table
        try game.apply(.snap(seen: seen), from: SeatID(1), at: Sample.at(700))
        let before = game.closed.map(\.count)
        try game.apply(.snap(seen: seen), from: SeatID(2), at: Sample.at(720))
        #expect(game.closed.map(\.count) == before)
        #expect(game.event == SnapEvent(kind: .tooLate, seat: 2, cards: 0, text: "Carol called snap too late"))
        #expect(game.eventCount == 2)
    }

    @Test("A call on a match that a new card covered is too late as well")
    func coveredMatchIsTooLate() throws {
        var game = Self.fives()
        let seen = game.table
        try game.apply(.turn, from: SeatID(0), at: Sample.at(300))
        #expect(game.matchSince == nil)
        try game.apply(.snap(seen: seen), from: SeatID(1), at: Sample.at(400))
        #expect(game.event?.kind == .tooLate)
        #expect(game.closed.map(\.count) == [1, 2, 2])
    }

    @Test("A call from an earlier table wins while the match has lasted since then")
    func continuingMatch() throws {
        var game = Self.fives()
        let seen = game.table
        game.active = SeatID(1)
        try game.apply(.turn, from: SeatID(1), at: Sample.at(300))  // Bob turns a six: the fives still match
        #expect(game.table == seen + 1)
        try game.apply(.snap(seen: seen), from: SeatID(0), at: Sample.at(400))
        #expect(game.event?.kind == .snapWon)
        #expect(game.closed[0].count == 7)
    }

    @Test("A call with no match costs the caller one card to each other player")
    func wrongCall() throws {
        var game = Sample.table(closed: [["2C", "3C"], ["4C", "6C"], ["7C", "8C"]], open: [["9D"], ["KS"], ["TD"]])
        try game.apply(.snap(seen: game.table), from: SeatID(0), at: Sample.at(100))
        #expect(game.closed.map(\.count) == [0, 3, 3])
        #expect(game.open.map(\.count) == [1, 1, 1])
        #expect(game.closed[1].first == Sample.card("3C"))
        #expect(game.closed[2].first == Sample.card("2C"))
        #expect(game.event == SnapEvent(kind: .wrongSnap, seat: 0, cards: 2, text: "Alice called snap wrongly and paid 1 card each"))
        // Alice is still active with an empty closed pile: her open pile stays face up until she turns.
        #expect(game.active == SeatID(0))
        #expect(game.closed[0].isEmpty && game.open[0] == [Sample.card("9D")])
    }

    @Test("A call judged on a table without a match is wrong even if a match appeared since")
    func wrongOnTheTableSeen() throws {
        var game = Sample.table(closed: [["2C", "5D"], ["4C", "5C"]], open: [["9D"], ["5H"]], active: 1)
        let seen = game.table
        try game.apply(.turn, from: SeatID(1), at: Sample.at(100))  // Bob turns 5C onto his own 5H: no match
        try game.apply(.turn, from: SeatID(0), at: Sample.at(200))  // Alice turns 5D: now a match
        #expect(game.matchSince == game.table)
        try game.apply(.snap(seen: seen), from: SeatID(0), at: Sample.at(300))
        #expect(game.event?.kind == .wrongSnap)
    }

    @Test("A caller with fewer cards than opponents gives what they have, clockwise from their left")
    func penaltyWhenShort() throws {
        var game = Sample.table(closed: [["2C", "3C"], ["4C"], ["6C"], ["7C"]], open: [["8D"], [], [], []], active: 1)
        try game.apply(.snap(seen: game.table), from: SeatID(2), at: Sample.at(100))
        // Carol holds 1 card and owes 3: Dave (her left) gets it, Alice and Bob nothing.
        #expect(game.closed.map(\.count) == [2, 1, 0, 2])
        #expect(game.closed[3].first == Sample.card("6C"))
        #expect(game.event == SnapEvent(kind: .wrongSnap, seat: 2, cards: 1, text: "Carol called snap wrongly and had only 1 card to pay"))
        #expect(game.view(for: .spectator, at: .zero).players[2].out)
    }

    @Test("A short caller pays from the closed pile, then from the bottom of the open pile; an active caller who runs out passes the turn")
    func penaltyFromOpenPile() throws {
        var game = Sample.table(closed: [["2C"], ["4C"], ["6C"]], open: [["8D", "9D"], ["KS"], ["QS"]])
        try game.apply(.snap(seen: game.table), from: SeatID(0), at: Sample.at(100))
        #expect(game.closed.map(\.count) == [0, 2, 2])
        #expect(game.closed[1].first == Sample.card("2C"))
        #expect(game.closed[2].first == Sample.card("8D"))
        // Alice still holds the 9♦, face up: she turns her open pile over when she next turns a card.
        #expect(game.open[0] == [Sample.card("9D")])
        try game.apply(.snap(seen: game.table), from: SeatID(0), at: Sample.at(200))
        #expect(game.active == SeatID(1))
        #expect(game.view(for: .spectator, at: .zero).players[0].out)
    }

    @Test("Two different ranks matching at once: every matching pile is won")
    func twoMatches() throws {
        var game = Sample.table(closed: [["2C"], ["3C"], ["4C"], ["6C"]], open: [["5H"], ["KS"], ["5D"], ["KD"]])
        try game.apply(.snap(seen: game.table), from: SeatID(3), at: Sample.at(100))
        #expect(game.open.allSatisfy { $0.isEmpty })
        #expect(game.closed[3].count == 5)
        #expect(game.event?.cards == 4)
    }

    @Test("Calls naming a future or long-gone table are refused and change nothing")
    func unknownAndStaleTables() throws {
        var game = Self.fives()
        let before = game
        #expect(throws: SnapRejection.unknownTable(seen: game.table + 1, current: game.table)) {
            try game.apply(.snap(seen: game.table + 1), from: SeatID(0), at: .zero)
        }
        #expect(game == before)
        game.table += Snap.judgedTables + 5
        let stale = game.table - Snap.judgedTables - 1
        let moved = game
        #expect(throws: SnapRejection.staleCall(seen: stale, current: game.table)) {
            try game.apply(.snap(seen: stale), from: SeatID(0), at: .zero)
        }
        #expect(game == moved)
        #expect(Snap.isInterrupt(.snap(seen: 0)) && !Snap.isInterrupt(.turn) && !Snap.isInterrupt(.confirmDeal))
    }
}
