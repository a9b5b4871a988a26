import FourInARow
import PartyKit
@testable import PartyServer
import PartyWire
import Testing
import TwentyFour

/// The VIP (the member holding the host's role) in a party room: its rights (start now, choose,
/// remove a member, end the party), the refusals others get, and the hand-over of the role when a
/// room lets it pass on (`HostOptions.vipHandsOver`).
@Suite("The table: the VIP's rights and hand-over")
struct TableVIPTests {
    /// A room of Four in a Row and TwentyFour chosen by `choice`; `people` join in order at peers
    /// 1, 2, … (the first presents the host key; a name ending in "Bot" is a bot).
    static func room(_ people: [String], choice: RoomChoice = .host, handsOver: Bool = false, teams: Bool = false) -> TableDriver {
        let settings = RoomSettings(games: [HostedGame(FourInARow.self, configuration: .init()),
                                            HostedGame(TwentyFour.self, configuration: .init())],
                                    choice: choice, startDelayMilliseconds: 1_000)
        var options = HostOptions()
        options.vipHandsOver = handsOver
        options.teams = teams
        var driver = TableDriver(table: .testTable(room: settings, options: options))
        for (offset, name) in people.enumerated() { driver.arrive(name, peer: offset + 1, host: offset == 0) }
        return driver
    }

    @Test("every room view names the VIP; only the VIP's view lists its rights, and choose only when the VIP chooses")
    func viewsNameTheVIP() throws {
        let driver = Self.room(["Ann", "Bob"])
        let ann = try #require(driver.last(RoomMessage.self, by: 1))
        let bob = try #require(driver.last(RoomMessage.self, by: 2))
        #expect(ann.vip == 1 && bob.vip == 1)
        #expect(ann.rights == ["start", "choose", "remove", "end"])
        #expect(bob.rights == nil)
        let voting = Self.room(["Ann", "Bob"], choice: .vote(countdownSeconds: 15))
        #expect(voting.last(RoomMessage.self, by: 1)?.rights == ["start", "remove", "end"])
    }

    @Test("the VIP starts at once and chooses; others are refused start, remove and endParty with a sentence")
    func rightsAndRefusals() throws {
        var driver = Self.room(["Ann", "Bob", "Cy"], choice: .vote(countdownSeconds: 15))
        try driver.say(Remove(member: 3), from: 2, seq: 2, at: at(100))
        #expect(driver.last(ErrorMessage.self, by: 2)
            == ErrorMessage(reason: "notVIP", message: "Only the VIP can remove a player.", inReplyTo: 2))
        try driver.say(EndParty(), from: 2, seq: 3, at: at(200))
        #expect(driver.last(ErrorMessage.self, by: 2)
            == ErrorMessage(reason: "notVIP", message: "Only the VIP can end the party.", inReplyTo: 3))
        #expect(!driver.table.ended && driver.table.players.count == 3)
        try driver.say(Remove(member: 1), from: 1, seq: 2, at: at(300))
        #expect(driver.last(ErrorMessage.self, by: 1)
            == ErrorMessage(reason: "cannotRemove", message: "You cannot remove yourself; leave the party instead.", inReplyTo: 2))
        try driver.say(Remove(member: 9), from: 1, seq: 3, at: at(400))
        #expect(driver.last(ErrorMessage.self, by: 1)?.message == "Nobody in the room has member id 9.")
        // Start now: a vote, then the VIP cuts the countdown short, then the start delay.
        try driver.say(Vote(game: "twentyfour"), from: 2, seq: 4, at: at(500))
        try driver.say(Start(), from: 2, seq: 5, at: at(600))
        #expect(driver.last(ErrorMessage.self, by: 2)?.reason == "notHost")
        try driver.say(Start(), from: 1, seq: 4, at: at(700))
        #expect(driver.last(RoomMessage.self, by: 3)?.state == "starting")
        try driver.say(Start(), from: 1, seq: 5, at: at(800))
        #expect(driver.last(RoomMessage.self, by: 3)?.state == "playing")
    }

    @Test("a removed member is told why and closed; the others hear it; their token is dead; a bot may be removed")
    func removal() throws {
        var driver = Self.room(["Ann", "Bob", "Cy"])
        driver.arrive("Robo Bot", peer: 4, bot: true)
        try driver.say(Remove(member: 2), from: 1, seq: 2, at: at(100))
        #expect(driver.last(Ended.self, by: 2) == Ended(reason: "removed", message: "The VIP removed you from the party."))
        #expect(driver.closed.contains(2))
        #expect(driver.last(PlayerLeft.self, by: 3)?.message == "The VIP removed Bob from the party.")
        #expect(!driver.table.players.contains { $0.name == "Bob" })
        #expect(driver.last(RoomMessage.self, by: 3)?.scoreboard.first { $0.member == 2 }?.present == false)
        // Bob's token brings nobody back.
        driver.arrive("Bob", peer: 5, token: "token-2", at: at(200))
        #expect(driver.last(Reject.self, by: 5)?.reason == "badToken")
        try driver.say(Remove(member: 4), from: 1, seq: 3, at: at(300))
        #expect(driver.closed.contains(4) && driver.table.players.map(\.name) == ["Ann", "Cy"])
        // A new hello (no token) is a new member.
        driver.arrive("Bob", peer: 6, at: at(400))
        #expect(driver.last(Welcome.self, by: 6)?.reconnected == false)
        #expect(driver.table.players.first { $0.peer == 6 }?.member == 5)
    }

    @Test("a member removed while playing in a team leaves the team")
    func removalLeavesTeam() throws {
        var driver = Self.room(["Ann", "Bob", "Cy", "Dee"], teams: true)
        try driver.say(Vote(game: "fourinarow"), from: 1, seq: 2, at: at(100))
        driver.feed(.tick, at: at(1_100))
        let teams = try #require(driver.last(RoomMessage.self, by: 1)?.current?.teams)
        #expect(teams.flatMap { $0 }.sorted() == [1, 2, 3, 4])
        let target = try #require(teams.flatMap { $0 }.first { $0 != 1 })
        try driver.say(Remove(member: target), from: 1, seq: 3, at: at(1_200))
        let after = try #require(driver.last(RoomMessage.self, by: 1)?.current?.teams)
        #expect(after.flatMap { $0 }.sorted() == [1, 2, 3, 4].filter { $0 != target })
        #expect(driver.table.phase == .playing)
    }

    @Test("the VIP ends the party: everyone is told, every connection closes, the table has ended")
    func endParty() throws {
        var driver = Self.room(["Ann", "Bob"])
        try driver.say(EndParty(), from: 1, seq: 2, at: at(100))
        let ended = try #require(driver.last(Ended.self, by: 2))
        #expect(ended.reason == "vipEnded" && ended.message == "Ann, the VIP, ended the party.")
        #expect(ended.scoreboard?.count == 2)
        #expect(driver.closed.isSuperset(of: [1, 2]))
        #expect(driver.table.ended && driver.table.endReason == "vipEnded")
        #expect(driver.transcript.last == "ended")
    }

    @Test("without hand-over (the LAN room) the role stays with nobody when the VIP leaves")
    func noHandOverByDefault() throws {
        var driver = Self.room(["Ann", "Bob"])
        try driver.say(Leave(), from: 1, seq: 2, at: at(100))
        #expect(driver.last(PlayerLeft.self, by: 2)?.message == "Ann left the party.")
        #expect(driver.last(RoomMessage.self, by: 2)?.vip == nil)
        #expect(driver.table.players.allSatisfy { !$0.isHost })
    }

    @Test("hand-over: to the longest-present human (bots skipped), on leaving, on grace running out, then to the next human to join")
    func handOver() throws {
        var driver = Self.room(["Ann"], handsOver: true)
        driver.arrive("Robo Bot", peer: 2, bot: true)
        driver.arrive("Bob", peer: 3)
        driver.arrive("Cy", peer: 4)
        try driver.say(Leave(), from: 1, seq: 2, at: at(100))
        #expect(driver.last(PlayerLeft.self, by: 4)?.message == "Ann left the party. Bob is now the VIP.")
        #expect(driver.last(RoomMessage.self, by: 4)?.vip == 3)
        #expect(driver.last(RoomMessage.self, by: 3)?.rights == ["start", "choose", "remove", "end"])
        #expect(driver.last(RoomMessage.self, by: 3)?.message == "Bob (the host) chooses the next game.")
        // Bob's connection drops: the role waits through his grace, then passes to Cy.
        driver.feed(.departed(peer: 3, reason: .connectionClosed), at: at(200))
        #expect(driver.last(RoomMessage.self, by: 4)?.vip == 3)
        driver.feed(.tick, at: at(200 + HostOptions().graceMilliseconds))
        #expect(driver.last(PlayerLeft.self, by: 4)?.message == "Bob did not come back in time. Cy is now the VIP.")
        #expect(driver.last(RoomMessage.self, by: 4)?.vip == 4)
        // Cy leaves: only a bot is left; the next person to join becomes the VIP.
        try driver.say(Leave(), from: 4, seq: 2, at: at(40_000))
        #expect(driver.last(PlayerLeft.self, by: 2)?.message == "Cy left the party. The next person to join becomes the VIP.")
        #expect(driver.last(RoomMessage.self, by: 2)?.vip == nil)
        driver.arrive("Late Bot", peer: 5, bot: true, at: at(41_000))
        #expect(driver.last(RoomMessage.self, by: 2)?.vip == nil)
        driver.arrive("Dee", peer: 6, at: at(42_000))
        let dee = try #require(driver.table.players.first { $0.peer == 6 })
        #expect(dee.isHost && driver.last(RoomMessage.self, by: 6)?.vip == dee.member)
        try driver.say(Remove(member: 2), from: 6, seq: 2, at: at(43_000))
        #expect(driver.closed.contains(2))
    }

    @Test("removal, hand-over and the end of the party replay from the journal to the same table")
    func replay() throws {
        var driver = Self.room(["Ann", "Bob", "Cy"], handsOver: true)
        try driver.say(Remove(member: 2), from: 1, seq: 2, at: at(100))
        try driver.say(Leave(), from: 1, seq: 3, at: at(200))
        driver.arrive("Dee", peer: 4, at: at(300))
        try driver.say(EndParty(), from: 3, seq: 2, at: at(400))
        #expect(driver.table.endReason == "vipEnded")
        var again = TableDriver(table: .testTable(room: driver.table.room.map { _ in Self.settings } ?? nil,
                                                  options: driver.table.options))
        _ = again.table.replay(driver.journal)
        #expect(TableReplayTests.state(of: again.table) == TableReplayTests.state(of: driver.table))
        #expect(again.table.ended && again.table.players.isEmpty)
    }

    /// The settings `room` uses with `.host`.
    static let settings = RoomSettings(games: [HostedGame(FourInARow.self, configuration: .init()),
                                               HostedGame(TwentyFour.self, configuration: .init())],
                                       choice: .host, startDelayMilliseconds: 1_000)
}

extension TableDriver {
    /// Connection `peer` says hello as `name` (the host's player with `host`, a bot with `bot`).
    mutating func arrive(_ name: String, peer: Int, host: Bool = false, bot: Bool = false, token: String? = nil, at now: GameInstant = .zero) {
        let hello = Hello(protocol: 2, client: "vip-tests", name: name, bot: bot ? true : nil, hostKey: host ? "host-key" : nil, token: token)
        feed(.hello(peer: peer, address: "10.0.0.\(peer)", hello: hello, token: "token-\(peer)"), at: now)
    }
}
