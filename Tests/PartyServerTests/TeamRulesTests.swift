import PartyKit
@testable import PartyServer
import Testing

/// The pure parts of teams: how they are formed and named, and how proposals become one move.
@Suite("Teams: formation and proposals")
struct TeamRulesTests {
    static func move(_ column: Int) -> TableMove {
        TableMove(value: AnyHashable(column))
    }

    @Test("teams are balanced: sizes differ by at most one, everyone plays once", arguments: [(5, 2), (8, 4), (7, 3), (3, 2), (2, 2)])
    func balanced(people: Int, seats: Int) {
        let teams = TeamFormation.balanced(Array(1...people), seats: seats)
        #expect(teams.count == seats)
        let sizes = teams.map(\.count)
        #expect(sizes.max()! - sizes.min()! <= 1)
        #expect(teams.flatMap { $0 }.sorted() == Array(1...people))
    }

    @Test("people who were a team last time are mixed")
    func mixed() {
        // Last time Ann (1) and Bob (2) played together, and Cy (3) with Dan (4).
        let last = TeamFormation.teammates([[1, 2], [3, 4]])
        let teams = TeamFormation.balanced([1, 2, 3, 4], seats: 2, lastTeammates: last)
        for team in teams {
            #expect(!(team.contains(1) && team.contains(2)))
            #expect(!(team.contains(3) && team.contains(4)))
        }
    }

    @Test("names: Team Ann & Bob, Team Ann, Bob & Cy; past four, the first two and a count; one player is just their name")
    func names() {
        #expect(TeamFormation.name(["Ann", "Bob"]) == "Team Ann & Bob")
        #expect(TeamFormation.name(["Ann", "Bob", "Cy"]) == "Team Ann, Bob & Cy")
        #expect(TeamFormation.name(["Ann"]) == "Ann")
        #expect(TeamFormation.name(["Ann", "Bob", "Cy", "Dee"]) == "Team Ann, Bob, Cy & Dee")
        // A class in two teams is not named by 32 names each.
        #expect(TeamFormation.name(["Ann", "Bob", "Cy", "Dee", "Eve"]) == "Team Ann, Bob & 3 more")
        #expect(TeamFormation.name((1...32).map { "P\($0)" }) == "Team P1, P2 & 30 more")
    }

    @Test("majority: more than half of the connected members", arguments: [(1, 1), (2, 2), (3, 2), (4, 3), (5, 3)])
    func majority(connected: Int, needed: Int) {
        #expect(SeatProposals.majority(of: connected) == needed)
    }

    @Test("the most-proposed move leads; a tie goes to the move proposed earliest; a new proposal replaces the old")
    func ranking() {
        var open = SeatProposals()
        let start = GameInstant(milliseconds: 1000)
        open.propose(member: 1, name: "Ann", move: Self.move(2), label: "Drop in column 2", at: start)
        open.propose(member: 2, name: "Bob", move: Self.move(5), label: "Drop in column 5", at: start.adding(milliseconds: 10))
        #expect(open.ranked.first == Self.move(2))
        #expect(open.agreed(majority: 2) == nil)
        open.propose(member: 3, name: "Cy", move: Self.move(5), label: "Drop in column 5", at: start.adding(milliseconds: 20))
        #expect(open.ranked.first == Self.move(5))
        #expect(open.agreed(majority: 2) == Self.move(5))
        // Bob changes his mind: 2 and 5 have one each again, and 2 came first.
        open.propose(member: 2, name: "Bob", move: Self.move(7), label: "Drop in column 7", at: start.adding(milliseconds: 30))
        #expect(open.entries.count == 3)
        #expect(open.ranked == [Self.move(2), Self.move(5), Self.move(7)])
        open.withdraw(member: 1)
        #expect(open.ranked.first == Self.move(5))
    }

    @Test("the window runs from the first proposal, and ends earlier when the game's own deadline comes first")
    func window() {
        var open = SeatProposals()
        #expect(open.deadline(window: 10_000, gameDeadline: nil) == nil)
        open.propose(member: 1, name: "Ann", move: Self.move(1), label: "Drop in column 1", at: GameInstant(milliseconds: 500))
        open.propose(member: 2, name: "Bob", move: Self.move(1), label: "Drop in column 1", at: GameInstant(milliseconds: 4000))
        #expect(open.deadline(window: 10_000, gameDeadline: nil) == GameInstant(milliseconds: 10_500))
        #expect(open.deadline(window: 10_000, gameDeadline: GameInstant(milliseconds: 3000)) == GameInstant(milliseconds: 3000))
    }
}
