import PartyKit
import Testing

@Suite("Standings")
struct StandingTests {
    static let a = SeatID(0), b = SeatID(1), c = SeatID(2), d = SeatID(3)

    @Test("ranked: highest score first, ties share a place and the next place skips, list order within a tie")
    func ranked() {
        let standings = Standing.ranked([(Self.a, 2), (Self.b, 5), (Self.c, 2), (Self.d, 1)])
        #expect(standings == [Standing(seat: Self.b, place: 1, score: 5), Standing(seat: Self.a, place: 2, score: 2),
                              Standing(seat: Self.c, place: 2, score: 2), Standing(seat: Self.d, place: 4, score: 1)])
    }

    @Test("ranked: seats that left come last whatever they scored, and never share a place with those who stayed")
    func leaversLast() {
        let standings = Standing.ranked([(Self.a, 9), (Self.b, 0), (Self.c, 0)], last: [Self.a, Self.c])
        #expect(standings.map(\.seat) == [Self.b, Self.a, Self.c])
        #expect(standings.map(\.place) == [1, 2, 3])
        let tied = Standing.ranked([(Self.a, 0), (Self.b, 0), (Self.c, 0)], last: [Self.c])
        #expect(tied.map(\.place) == [1, 1, 3])
    }

    @Test("winnersFirst: winners at 1, everyone else shares the next place; no winners is a shared first place")
    func winnersFirst() {
        #expect(Standing.winnersFirst([Self.c], of: [Self.a, Self.b, Self.c]).map { [$0.seat.index, $0.place] } == [[2, 1], [0, 2], [1, 2]])
        #expect(Standing.winnersFirst([Self.a, Self.b], of: [Self.a, Self.b, Self.c]).map(\.place) == [1, 1, 3])
        #expect(Standing.winnersFirst([], of: [Self.a, Self.b]).map(\.place) == [1, 1])
    }
}
