import FourInARow
import PartyKit
@testable import PartyServer
import PartyWire
import Testing
import TwentyFour

/// A party room whose host's player chooses the games (`--choose host`), with a start delay:
/// the choice, the countdown, who plays and who watches, and the scoreboard after a game.
@Suite("The table: a room the host chooses for")
struct TableRoomTests {
    /// A room of Four in a Row and TwentyFour, the host choosing, games starting `delay` ms after
    /// the pick; Ann (peer 1) is the host's player, then Bob (2), Cy (3)… as `names` says.
    static func room(delay: Int64 = 3_000, _ names: [String] = ["Ann", "Bob", "Cy"]) -> TableDriver {
        let settings = RoomSettings(games: [HostedGame(FourInARow.self, configuration: .init()),
                                            HostedGame(TwentyFour.self, configuration: .init())],
                                    choice: .host, startDelayMilliseconds: delay)
        var driver = TableDriver(table: .testTable(room: settings))
        for (offset, name) in names.enumerated() { driver.join(name, peer: offset + 1, host: offset == 0) }
        return driver
    }

    @Test("the host's vote picks at once; the countdown starts the game at the instant it ends and not before; Cy watches")
    func hostPicksCountdownStarts() throws {
        var driver = Self.room()
        let welcome = try #require(driver.last(Welcome.self, by: 1))
        #expect(welcome.game == "party" && welcome.title == "Party room" && welcome.room == true)
        #expect(welcome.minPlayers == 1 && welcome.maxPlayers == 16)
        let choosing = try #require(driver.last(RoomMessage.self, by: 1))
        #expect(choosing.state == "choosing" && choosing.choice == "host" && choosing.number == 1)
        #expect(choosing.waitingFor == ["Ann"] && choosing.you == 1)
        #expect(choosing.message == "Ann (the host) chooses the next game.")
        #expect(choosing.menu.map(\.playable) == [true, true])

        try driver.say(Vote(game: "fourinarow"), from: 2, seq: 4, at: at(500))
        #expect(driver.last(ErrorMessage.self, by: 2)
            == ErrorMessage(reason: "hostChooses", message: "The host chooses the games in this room.", inReplyTo: 4))
        #expect(driver.last(RoomMessage.self, by: 2)?.state == "choosing")

        try driver.say(Vote(game: "FourInARow"), from: 1, seq: 2, at: at(1_000))
        let starting = try #require(driver.last(RoomMessage.self, by: 3))
        #expect(starting.state == "starting" && starting.countdownMs == 3_000)
        #expect(starting.current == RoomGame(game: "fourinarow", title: "Four in a Row", players: [1, 2], watchers: [3]))
        #expect(starting.message
            == "The host chose Four in a Row. Four in a Row seats 2: Ann and Bob play (who played least first); Cy watches.")
        #expect(starting.waitingFor.isEmpty && starting.you == 3)

        driver.feed(.tick, at: at(2_000))
        #expect(driver.last(RoomMessage.self, by: 1)?.countdownMs == 2_000)
        driver.feed(.tick, at: at(3_999))
        #expect(driver.table.phase == .lobby)
        #expect(driver.boards(1).isEmpty)
        #expect(driver.last(RoomMessage.self, by: 1)?.state == "starting")

        driver.feed(.tick, at: at(4_000))
        #expect(driver.last(RoomMessage.self, by: 1)?.state == "playing")
        let lobby = try #require(driver.last(Lobby.self, by: 3))
        #expect(lobby.state == "playing" && lobby.gamesPlayed == 1 && lobby.message == "Four in a Row is on.")
        #expect(lobby.players.map(\.name) == ["Ann", "Bob", "Cy"])
        #expect(lobby.players.map(\.watching) == [nil, nil, true])
        #expect(driver.boards(1).last?.yourTurn == true)
        #expect(driver.boards(3).last?.view.you == nil)

        try driver.drop(4, from: 3, seq: 2, at: at(4_100))
        #expect(driver.last(MoveRejected.self, by: 3)
            == MoveRejected(inReplyTo: 2, reason: "watching", message: "You are watching this game; you play from the next one."))
        try driver.say(Vote(game: "twentyfour"), from: 1, seq: 3, at: at(4_200))
        #expect(driver.last(ErrorMessage.self, by: 1)?.reason == "notChoosing")
        #expect(driver.last(ErrorMessage.self, by: 1)?.message == "A game is being played; vote for the next one when it ends.")
    }

    @Test("the host's start ends the start delay; before any vote it is cannotStart; ready is ignored, rematch is noRematch, unknown games refused")
    func startAndRefusals() throws {
        var driver = Self.room(["Ann", "Bob"])
        try driver.say(Start(), from: 1, seq: 2, at: at(100))
        #expect(driver.last(ErrorMessage.self, by: 1) == ErrorMessage(reason: "cannotStart", message: "Nobody has voted yet.", inReplyTo: 2))
        try driver.say(Vote(game: "chess"), from: 1, seq: 3, at: at(200))
        #expect(driver.last(ErrorMessage.self, by: 1)?.reason == "unknownGame")
        #expect(driver.last(ErrorMessage.self, by: 1)?.message == #"There is no game "chess" in this room."#)
        let lobbies = driver.received(Lobby.self, by: 2).count
        try driver.say(Ready(), from: 2, seq: 2, at: at(300))
        #expect(driver.received(Lobby.self, by: 2).count == lobbies)
        try driver.say(Rematch(), from: 2, seq: 3, at: at(400))
        #expect(driver.last(ErrorMessage.self, by: 2)?.reason == "noRematch")
        try driver.say(Start(), from: 2, seq: 4, at: at(500))
        #expect(driver.last(ErrorMessage.self, by: 2)?.reason == "notHost")

        try driver.say(Vote(game: "twentyfour"), from: 1, seq: 4, at: at(1_000))
        #expect(driver.last(RoomMessage.self, by: 2)?.state == "starting")
        try driver.say(Start(), from: 1, seq: 5, at: at(1_500))
        #expect(driver.table.phase == .playing)
        let room = try #require(driver.last(RoomMessage.self, by: 2))
        #expect(room.state == "playing" && room.current?.game == "twentyfour" && room.current?.players == [1, 2])
    }

    @Test("a room needs protocol 2: a version-1 hello is rejected and closed")
    func protocolOne() throws {
        var driver = Self.room(["Ann"])
        driver.join("Old", peer: 9, protocolVersion: 1)
        let reject = try #require(driver.last(Reject.self, by: 9))
        #expect(reject.reason == "unsupportedVersion")
        #expect(reject.message
            == "This is a party room (a different game each time); it needs protocol 2 and your client speaks 1. Please update.")
        #expect(driver.closed == [9])
    }

    @Test("a finished game scores (100 and 0) and the room chooses again; a member who leaves is 'left the party' and not present")
    func scoreAndLeave() throws {
        var driver = Self.room(delay: 0, ["Ann", "Bob"])
        try driver.say(Vote(game: "fourinarow"), from: 1, seq: 2, at: at(100))
        #expect(driver.table.phase == .playing)
        for (turn, column) in [1, 2, 1, 2, 1, 2, 1].enumerated() {
            try driver.drop(column, from: turn % 2 == 0 ? 1 : 2, seq: 10 + turn, at: at(1_000 * Int64(turn + 1)))
        }
        #expect(driver.last(GameOver.self, by: 2)?.winners == [0])
        let room = try #require(driver.last(RoomMessage.self, by: 2))
        #expect(room.state == "choosing" && room.number == 2 && room.you == 2)
        #expect(room.last?.game == "fourinarow" && room.last?.placements.map(\.points) == [100, 0])
        #expect(room.scoreboard == [RoomScoreLine(place: 1, member: 1, name: "Ann", points: 100, played: 1, wins: 1, present: true),
                                    RoomScoreLine(place: 2, member: 2, name: "Bob", points: 0, played: 1, wins: 0, present: true)])
        let lobby = try #require(driver.last(Lobby.self, by: 2))
        #expect(lobby.state == "lobby" && lobby.message == "Ann (the host) chooses the next game.")

        try driver.say(Leave(), from: 2, seq: 30, at: at(9_000))
        #expect(driver.last(PlayerLeft.self, by: 1) == PlayerLeft(seat: 1, name: "Bob", message: "Bob left the party."))
        #expect(driver.closed.contains(2))
        #expect(driver.last(RoomMessage.self, by: 1)?.scoreboard.map(\.present) == [true, false])
    }
}
