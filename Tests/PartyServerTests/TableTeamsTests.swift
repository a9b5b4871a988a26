import FourInARow
import PartyKit
@testable import PartyServer
import PartyWire
import Testing

/// Teams at a locked table (`--teams`): more players than Four in a Row's two seats play in two
/// balanced teams; a member's move in the seat's turn is a proposal.
@Suite("The table: teams and proposals")
struct TableTeamsTests {
    static let names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal"]

    /// A locked Four in a Row table with teams, `players` players (peers 1…n, asking for `team`
    /// messages) all ready, so the game is on; proposal windows of 5 s.
    static func teamGame(players: Int) throws -> TableDriver {
        var options = HostOptions()
        options.teams = true
        options.proposalMilliseconds = 5_000
        var driver = fourInARowTable(options)
        for peer in 1...players { driver.join(names[peer - 1], peer: peer, features: ["teams"]) }
        for peer in 1...players { try driver.say(Ready(), from: peer, at: .zero) }
        return driver
    }

    @Test("four players on Four in a Row with --teams: two teams of two, in arrival order, each told its team")
    func twoTeamsOfTwo() throws {
        let driver = try Self.teamGame(players: 4)
        #expect(driver.last(Welcome.self, by: 1)?.maxPlayers == 64)
        let lobby = try #require(driver.last(Lobby.self, by: 3))
        #expect(lobby.state == "playing")
        #expect(lobby.players.map(\.name) == ["Ann", "Cy", "Bob", "Dee"])
        #expect(lobby.players.map(\.seat) == [0, 0, 1, 1])
        #expect(lobby.players.map(\.team) == ["Team Ann & Cy", "Team Ann & Cy", "Team Bob & Dee", "Team Bob & Dee"])
        #expect(lobby.you == 0)
        #expect(driver.last(Lobby.self, by: 4)?.you == 1)

        let team = try #require(driver.last(TeamMessage.self, by: 1))
        #expect(team.game == 1 && team.seat == 0 && team.name == "Team Ann & Cy")
        #expect(team.members == [TeamMember(name: "Ann", connected: true), TeamMember(name: "Cy", connected: true)])
        #expect(team.proposals.isEmpty && team.windowMs == nil)
        #expect(team.majority == 2 && team.moves == .proposed)
        #expect(driver.last(TeamMessage.self, by: 2)?.name == "Team Bob & Dee")
        // Every member gets the seat's view: Ann's team moves first.
        #expect([1, 3].map { driver.boards($0).last?.yourTurn } == [true, true])
        #expect([2, 4].map { driver.boards($0).last?.yourTurn } == [false, false])
    }

    @Test("one member's proposal with two connected waits for the majority of 2; the second agreeing one plays it at once")
    func majorityPlays() throws {
        var driver = try Self.teamGame(players: 4)
        let viewsBefore = driver.boards(2).count
        try driver.drop(4, from: 1, seq: 2, at: at(1_000))
        #expect(driver.boards(2).count == viewsBefore)
        let open = try #require(driver.last(TeamMessage.self, by: 3))
        #expect(open.proposals == [TeamProposal(name: "Ann", label: "Drop in column 4", votes: 1)])
        #expect(open.windowMs == 5_000 && open.majority == 2)
        // The other team is not told of it.
        #expect(driver.last(TeamMessage.self, by: 2)?.proposals.isEmpty == true)

        try driver.drop(4, from: 3, seq: 2, at: at(2_000))
        let played = try #require(driver.boards(2).last)
        #expect(played.view.board.last == "...0..." && played.view.moves == 1)
        #expect(played.yourTurn == true)
        #expect(driver.boards(1).last?.yourTurn == false)
        let closed = try #require(driver.last(TeamMessage.self, by: 1))
        #expect(closed.proposals.isEmpty && closed.windowMs == nil)
    }

    @Test("a lone proposal is played when the window ends (proposalMilliseconds after it), not a millisecond before")
    func windowPlaysLoneProposal() throws {
        var driver = try Self.teamGame(players: 4)
        try driver.drop(3, from: 1, seq: 2, at: at(1_000))
        driver.feed(.tick, at: at(5_999))
        #expect(driver.boards(2).last?.view.moves == 0)
        driver.feed(.tick, at: at(6_000))
        #expect(driver.boards(2).last?.view.board.last == "..0....")
        #expect(driver.boards(4).last?.yourTurn == true)
    }

    @Test("two different proposals, one vote each: the window's end plays the earliest; windowMs counts from the first")
    func windowTieGoesToEarliest() throws {
        var driver = try Self.teamGame(players: 4)
        try driver.drop(3, from: 1, seq: 2, at: at(1_000))
        try driver.drop(5, from: 3, seq: 2, at: at(2_000))
        let open = try #require(driver.last(TeamMessage.self, by: 1))
        #expect(open.proposals.map(\.label) == ["Drop in column 3", "Drop in column 5"])
        #expect(open.proposals.map(\.votes) == [1, 1])
        #expect(open.windowMs == 4_000)
        driver.feed(.tick, at: at(6_000))
        #expect(driver.boards(1).last?.view.board.last == "..0....")
    }

    @Test("teams of four (majority 3): two of four proposing column 5 outvote an earlier column 3 at the window's end")
    func windowPlaysMostProposed() throws {
        var driver = try Self.teamGame(players: 8)
        let lobby = try #require(driver.last(Lobby.self, by: 1))
        let seat0 = lobby.players.filter { $0.seat == 0 }.map(\.name)
        #expect(seat0 == ["Ann", "Cy", "Eve", "Gus"])
        #expect(driver.last(TeamMessage.self, by: 1)?.majority == 3)
        try driver.drop(3, from: 1, seq: 2, at: at(1_000))
        try driver.drop(5, from: 3, seq: 2, at: at(1_500))
        try driver.drop(5, from: 5, seq: 2, at: at(2_000))
        #expect(driver.boards(1).last?.view.moves == 0)
        #expect(driver.last(TeamMessage.self, by: 7)?.proposals.map(\.votes) == [1, 2, 2])
        driver.feed(.tick, at: at(6_000))
        #expect(driver.boards(2).last?.view.board.last == "....0..")
    }

    @Test("a proposal the rules refuse is answered with moveRejected and does not count; out of turn is the game's notYourTurn")
    func refusedProposal() throws {
        var driver = try Self.teamGame(players: 4)
        let teamsBefore = driver.received(TeamMessage.self, by: 3).count
        try driver.drop(9, from: 1, seq: 7, at: at(1_000))
        let refused = try #require(driver.last(MoveRejected.self, by: 1))
        #expect(refused.inReplyTo == 7 && refused.reason == "columnOutOfRange")
        #expect(refused.message == "There is no column 9: choose a column from 1 to 7.")
        #expect(driver.received(TeamMessage.self, by: 3).count == teamsBefore)
        try driver.drop(2, from: 2, seq: 3, at: at(1_100))
        #expect(driver.last(MoveRejected.self, by: 2) == MoveRejected(inReplyTo: 3, reason: "notYourTurn", message: "It is not your turn."))
        // Nothing was proposed: a window never opened.
        driver.feed(.tick, at: at(20_000))
        #expect(driver.boards(2).last?.view.moves == 0)
    }

    @Test("a member drops: one fewer voter (majority 1, shown not connected), so the other's proposal plays at once")
    func dropLowersMajority() throws {
        var driver = try Self.teamGame(players: 4)
        driver.feed(.departed(peer: 3, reason: .connectionClosed), at: at(500))
        let team = try #require(driver.last(TeamMessage.self, by: 1))
        #expect(team.members == [TeamMember(name: "Ann", connected: true), TeamMember(name: "Cy", connected: false)])
        #expect(team.majority == 1)
        // The seat is still held by Ann: the game goes on, no playerLeft.
        #expect(driver.received(PlayerLeft.self, by: 2).isEmpty)
        try driver.drop(6, from: 1, seq: 2, at: at(1_000))
        #expect(driver.boards(2).last?.view.board.last == ".....0.")
    }
}
