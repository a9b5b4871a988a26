import FourInARow
import PartyKit
@testable import PartyServer
import PartyWire
import Testing

/// Held seats, reconnection with the latest token, the grace period running out, and leaving.
@Suite("The table: dropping, coming back and leaving")
struct TableReconnectionTests {
    /// Ann (peer 1) and Bob (peer 2) play Four in a Row from instant 0; seats are held 5 s.
    static func game() throws -> TableDriver {
        var driver = fourInARowTable(HostOptions(graceMilliseconds: 5_000))
        driver.join("Ann", peer: 1)
        driver.join("Bob", peer: 2)
        try driver.say(Ready(), from: 1, at: .zero)
        try driver.say(Ready(), from: 2, at: .zero)
        try driver.drop(4, from: 1, seq: 2, at: at(100))
        return driver
    }

    @Test("a dropped connection holds the seat: closed, connected false, graceMs counting down in the lobby, no playerLeft")
    func dropHoldsSeat() throws {
        var driver = try Self.game()
        #expect(driver.last(Welcome.self, by: 2)?.graceMs == 5_000)
        driver.feed(.departed(peer: 2, reason: .connectionClosed), at: at(1_000))
        #expect(driver.closed == [2])
        var lobby = try #require(driver.last(Lobby.self, by: 1))
        #expect(lobby.state == "playing")
        #expect(lobby.players.map(\.connected) == [true, false])
        #expect(lobby.players.map(\.graceMs) == [nil, 5_000])
        #expect(lobby.message == "Bob is reconnecting… 5 s")
        #expect(driver.received(PlayerLeft.self, by: 1).isEmpty)

        driver.feed(.tick, at: at(2_000))
        lobby = try #require(driver.last(Lobby.self, by: 1))
        #expect(lobby.players.map(\.graceMs) == [nil, 4_000])
        #expect(lobby.message == "Bob is reconnecting… 4 s")
        // Once a second: nothing at 2.5 s, the next countdown at 3 s.
        let lobbies = driver.received(Lobby.self, by: 1).count
        driver.feed(.tick, at: at(2_500))
        #expect(driver.received(Lobby.self, by: 1).count == lobbies)
        driver.feed(.tick, at: at(3_000))
        #expect(driver.received(Lobby.self, by: 1).count == lobbies + 1)
        #expect(driver.last(Lobby.self, by: 1)?.players.map(\.graceMs) == [nil, 3_000])
        // Four in a Row carries on: Bob's seat still plays after he is back.
        #expect(driver.table.phase == .playing)
    }

    @Test("a hello with the latest token on a new connection gives the seat back: reconnected, a new token, the lobby and the board")
    func reconnect() throws {
        var driver = try Self.game()
        let token = try #require(driver.last(Welcome.self, by: 2)?.token)
        #expect(token == "token-2")
        driver.feed(.departed(peer: 2, reason: .connectionClosed), at: at(1_000))
        driver.join("Bob", peer: 3, at: at(3_000), token: token)

        let welcome = try #require(driver.last(Welcome.self, by: 3))
        #expect(welcome.reconnected == true && welcome.seat == 1 && welcome.name == "Bob")
        #expect(welcome.token == "token-3")
        let lobby = try #require(driver.last(Lobby.self, by: 3))
        #expect(lobby.you == 1 && lobby.state == "playing")
        #expect(driver.last(Lobby.self, by: 1)?.players.map(\.connected) == [true, true])
        #expect(driver.last(Lobby.self, by: 1)?.message == "Four in a Row is on.")
        let board = try #require(driver.boards(3).last)
        #expect(board.view.board.last == "...0..." && board.yourTurn == true)

        // Bob plays on from the new connection.
        try driver.drop(4, from: 3, seq: 2, at: at(3_100))
        #expect(driver.boards(1).last?.view.board.suffix(2) == ["...1...", "...0..."])

        // The spent token works no more, from any connection.
        driver.join("Bob", peer: 4, at: at(3_200), token: token)
        #expect(driver.last(Reject.self, by: 4)?.reason == "badToken")
        #expect(driver.closed.contains(4))
        #expect(driver.last(Lobby.self, by: 1)?.players.map(\.name) == ["Ann", "Bob"])
    }

    @Test("the grace runs out: at graceMilliseconds a tick gives the seat up, playerLeft 'did not come back in time', the game ends")
    func graceRunsOut() throws {
        var driver = try Self.game()
        driver.feed(.departed(peer: 2, reason: .connectionClosed), at: at(1_000))
        driver.feed(.tick, at: at(5_999))
        #expect(driver.received(PlayerLeft.self, by: 1).isEmpty)
        driver.feed(.tick, at: at(6_000))
        #expect(driver.last(PlayerLeft.self, by: 1) == PlayerLeft(seat: 1, name: "Bob", message: "Bob did not come back in time."))
        let over = try #require(driver.last(GameOver.self, by: 1))
        #expect(over.winners == [0] && over.reason == "playersLeft")
        // One player is too few for a rematch: back to the lobby.
        let lobby = try #require(driver.last(Lobby.self, by: 1))
        #expect(lobby.state == "lobby" && lobby.players.map(\.name) == ["Ann"])
        #expect(lobby.message == "Waiting for 1 more player.")

        driver.join("Bob", peer: 3, at: at(7_000), token: "token-2")
        #expect(driver.last(Reject.self, by: 3)?.reason == "badToken")
        #expect(driver.last(Reject.self, by: 3)?.message
            == "That seat is no longer held for you (the token is unknown, expired or already used).")
    }

    @Test("a seat is held in the lobby too, and a reconnection there gets no view")
    func heldInLobby() throws {
        var driver = fourInARowTable(HostOptions(graceMilliseconds: 30_000))
        driver.join("Ann", peer: 1)
        driver.join("Bob", peer: 2)
        driver.feed(.departed(peer: 1, reason: .connectionClosed), at: at(500))
        let lobby = try #require(driver.last(Lobby.self, by: 2))
        #expect(lobby.state == "lobby" && lobby.players.map(\.graceMs) == [30_000, nil])
        #expect(lobby.message == "Ann is reconnecting… 30 s")
        driver.join("Ann", peer: 5, at: at(20_000), token: "token-1")
        #expect(driver.last(Welcome.self, by: 5)?.reconnected == true)
        #expect(driver.last(Welcome.self, by: 5)?.seat == 0)
        #expect(driver.boards(5).isEmpty)
        #expect(driver.last(Lobby.self, by: 2)?.message == "Waiting for Ann, Bob to be ready.")
    }

    @Test("leave: the seat is given up at once, the other gets playerLeft and wins; the leaver is closed and sent nothing more")
    func leaveDuringGame() throws {
        var driver = try Self.game()
        _ = driver.read(1)
        try driver.say(Leave(), from: 1, seq: 3, at: at(500))
        #expect(driver.closed == [1])
        #expect(driver.read(1).isEmpty)
        #expect(driver.last(PlayerLeft.self, by: 2) == PlayerLeft(seat: 0, name: "Ann", message: "Ann left the game."))
        let over = try #require(driver.last(GameOver.self, by: 2))
        #expect(over.winners == [1] && over.reason == "playersLeft")
        #expect(driver.last(Lobby.self, by: 2)?.players.map(\.name) == ["Bob"])
    }

    @Test("a drop with no grace (grace 0) gives the seat up at once: 'Bob's connection closed.'")
    func noGrace() throws {
        var driver = fourInARowTable(HostOptions(graceMilliseconds: 0))
        driver.join("Ann", peer: 1)
        driver.join("Bob", peer: 2)
        driver.feed(.departed(peer: 2, reason: .connectionClosed), at: at(100))
        #expect(driver.last(PlayerLeft.self, by: 1) == PlayerLeft(seat: 1, name: "Bob", message: "Bob's connection closed."))
        #expect(driver.last(Lobby.self, by: 1)?.players.map(\.name) == ["Ann"])
    }

    @Test("after the end, whoever comes back or arrives gets the final board and then the result; nobody gets one mid-game")
    func resultAfterTheEnd() throws {
        var driver = try Self.game()
        driver.join("Eve", peer: 5, at: at(150), spectator: true)
        #expect(driver.boards(5).count == 1)
        #expect(driver.received(GameOver.self, by: 5).isEmpty)
        // Bob plays column 1 three times, Ann column 4 three more times: four in a row for Ann.
        for turn in 0..<3 {
            try driver.drop(1, from: 2, seq: 2 + turn, at: at(200 + 200 * Int64(turn)))
            try driver.drop(4, from: 1, seq: 3 + turn, at: at(300 + 200 * Int64(turn)))
        }
        let over = try #require(driver.last(GameOver.self, by: 1))
        #expect(over.winners == [0] && driver.table.phase == .over)

        // Bob's connection drops after the end and comes back: the board, then the result.
        driver.feed(.departed(peer: 2, reason: .connectionClosed), at: at(1_000))
        driver.join("Bob", peer: 3, at: at(2_000), token: "token-2")
        #expect(driver.last(GameOver.self, by: 3) == over)
        #expect(driver.last(Lobby.self, by: 3)?.state == "over")
        let bob = driver.read(3).map(\.type.rawValue)
        #expect(bob.first == "welcome" && bob.last == "gameOver")
        #expect(bob.firstIndex(of: "view").map { $0 < bob.count - 1 } == true)
        // A newcomer who watches gets the same; those already there get it once, at the end.
        driver.join("Zed", peer: 6, at: at(2_100), spectator: true)
        #expect(driver.last(GameOver.self, by: 6) == over)
        let zed = driver.read(6).map(\.type.rawValue)
        #expect(Array(zed.suffix(2)) == ["view", "gameOver"])
        #expect(driver.received(GameOver.self, by: 1) == [over])
        #expect(driver.received(GameOver.self, by: 5) == [over])
    }
}
