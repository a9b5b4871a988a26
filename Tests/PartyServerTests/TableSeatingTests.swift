import FourInARow
import PartyKit
@testable import PartyServer
import PartyWire
import Snap
import Testing
import TwentyFour

/// Helpers for the table's rule tests (TableSeating, TableTeams, TableAudience, TableRoom,
/// TableReconnection): hellos, messages and the latest of each message type, on a `TableDriver`.
extension TableDriver {
    /// Connection `peer` says hello as `name`; its welcome's token would be `token-<peer>`.
    mutating func join(_ name: String, peer: Int, at now: GameInstant = .zero, host: Bool = false, spectator: Bool = false,
                       token: String? = nil, features: [String]? = nil, protocolVersion: Int = 2) {
        let hello = Hello(protocol: protocolVersion, client: "table-tests", name: name, hostKey: host ? "host-key" : nil,
                          role: spectator ? "spectator" : nil, token: token, features: features)
        feed(.hello(peer: peer, address: "10.0.0.\(peer)", hello: hello, token: "token-\(peer)"), at: now)
    }

    /// Connection `peer` sends `message` numbered `seq`.
    mutating func say(_ message: some WireMessage, from peer: Int, seq: Int = 1, at now: GameInstant) throws {
        try send(message, seq: seq, from: peer, at: now)
    }

    /// Connection `peer` drops a disc into `column` (1–7).
    mutating func drop(_ column: Int, from peer: Int, seq: Int = 1, at now: GameInstant) throws {
        try send(MoveMessage(move: FourInARowMove(column: column)), seq: seq, from: peer, at: now)
    }

    /// The last message of `type` that `peer` received, if any.
    func last<Message: WireMessage>(_ type: Message.Type, by peer: Int) -> Message? {
        received(type, by: peer).last
    }

    /// The Four in a Row views `peer` received, in order.
    func boards(_ peer: Int) -> [ViewMessage<FourInARowView>] {
        received(ViewMessage<FourInARowView>.self, by: peer)
    }
}

/// Instants for the table's rule tests.
func at(_ milliseconds: Int64) -> GameInstant { GameInstant(milliseconds: milliseconds) }

/// A locked table of Four in a Row with no host player.
func fourInARowTable(_ options: HostOptions = HostOptions()) -> TableDriver {
    TableDriver(table: .testTable(game: HostedGame(FourInARow.self, configuration: .init()), options: options))
}

/// Seating at a locked table: names, capacity, ready and start, moves and rematches, all without
/// sockets (the clock is the instants fed).
@Suite("The table: seats, start, moves and rematch")
struct TableSeatingTests {
    @Test("names are cleaned and made unique, case-insensitively; an empty name becomes Player N", arguments: [
        (["Ann", "ann", "ANN"], ["Ann", "ann (2)", "ANN (3)"]),
        (["Bob", "  Bob  ", "\u{1B}[31m"], ["Bob", "Bob (2)", "Player 3"]),
        (["Cy (2)", "Cy", "cy"], ["Cy (2)", "Cy", "cy (3)"]),
    ])
    func uniqueNames(asked: [String], given: [String]) {
        var driver = TableDriver(table: .testTable(game: HostedGame(TwentyFour.self, configuration: .init())))
        for (offset, name) in asked.enumerated() { driver.join(name, peer: offset + 1) }
        let welcomed = (1...asked.count).map { driver.last(Welcome.self, by: $0) }
        #expect(welcomed.map { $0?.name } == given)
        #expect(welcomed.map { $0?.seat } == [0, 1, 2])
        #expect(driver.last(Lobby.self, by: 1)?.players.map(\.name) == given)
    }

    @Test("a third player at Four in a Row is rejected sessionFull and closed; a spectator still gets in")
    func capacity() throws {
        var driver = fourInARowTable()
        driver.join("Ann", peer: 1)
        driver.join("Bob", peer: 2)
        driver.join("Cy", peer: 3)
        #expect(driver.received(Welcome.self, by: 3).isEmpty)
        let reject = try #require(driver.last(Reject.self, by: 3))
        #expect(reject.reason == "sessionFull")
        #expect(reject.message == "The session is full (2 of 2 players); you can watch instead.")
        #expect(driver.closed == [3])
        #expect(driver.last(Lobby.self, by: 1)?.players.map(\.name) == ["Ann", "Bob"])

        driver.join("Cy", peer: 4, spectator: true)
        let watching = try #require(driver.last(Welcome.self, by: 4))
        #expect(watching.role == "spectator" && watching.seat == nil && watching.token == "")
        #expect(watching.maxPlayers == 2)
        #expect(driver.closed == [3])
    }

    @Test("Four in a Row starts by itself once both are ready: Starting…, then playing, then the first views")
    func autoStart() throws {
        var driver = fourInARowTable()
        driver.join("Ann", peer: 1)
        #expect(driver.last(Lobby.self, by: 1)?.message == "Waiting for 1 more player.")
        driver.join("Bob", peer: 2)
        try driver.say(Ready(), from: 1, at: at(100))
        #expect(driver.last(Lobby.self, by: 2)?.message == "Waiting for Bob to be ready.")
        #expect(driver.last(Lobby.self, by: 2)?.players.map(\.ready) == [true, false])
        #expect(driver.boards(1).isEmpty)
        _ = driver.read(2)

        try driver.say(Ready(), from: 2, at: at(200))
        let lobbies = driver.received(Lobby.self, by: 2)
        #expect(lobbies.map(\.message) == ["Starting…", "Four in a Row is on."])
        #expect(lobbies.last?.state == "playing" && lobbies.last?.gamesPlayed == 1)
        // Ready flags are reset when the game starts.
        #expect(lobbies.last?.players.map(\.ready) == [false, false])
        #expect(driver.boards(1).map(\.yourTurn) == [true])
        #expect(driver.boards(2).map(\.yourTurn) == [false])
        #expect(driver.boards(2).first?.view.turn == SeatID(0))
    }

    @Test("Snap (2–4 players) with a host's player: the host decides; others get notHost; start with something missing is cannotStart")
    func hostDecides() throws {
        var driver = TableDriver(table: .testTable(game: HostedGame(Snap.self, configuration: .init())))
        driver.join("Ann", peer: 1, host: true)
        try driver.say(Start(), from: 1, seq: 2, at: at(10))
        var refused = try #require(driver.last(ErrorMessage.self, by: 1))
        #expect(refused.reason == "cannotStart" && refused.message == "Waiting for 1 more player." && refused.inReplyTo == 2)

        driver.join("Bob", peer: 2, at: at(20))
        try driver.say(Start(), from: 2, seq: 3, at: at(30))
        refused = try #require(driver.last(ErrorMessage.self, by: 2))
        #expect(refused.reason == "notHost")
        #expect(refused.message == "Only the host's player starts the game.")
        #expect(refused.inReplyTo == 3 && !refused.fatal)

        // Everyone ready does not start it: the host's player decides.
        try driver.say(Ready(), from: 1, seq: 3, at: at(40))
        try driver.say(Ready(), from: 2, seq: 4, at: at(50))
        #expect(driver.table.phase == .lobby)
        #expect(driver.last(Lobby.self, by: 1)?.canStart == true)
        #expect(driver.last(Lobby.self, by: 2)?.canStart == false)
        #expect(driver.last(Lobby.self, by: 1)?.message == "Everyone is ready; the host may start.")

        try driver.say(Start(), from: 1, seq: 4, at: at(60))
        #expect(driver.last(Lobby.self, by: 2)?.state == "playing")
        #expect(driver.last(Lobby.self, by: 2)?.gamesPlayed == 1)
        try driver.say(Start(), from: 1, seq: 5, at: at(70))
        #expect(driver.last(ErrorMessage.self, by: 1)?.message == "A game is already running.")
    }

    @Test("PROTOCOL.md 7: canStart waits for the host's player to be ready too; start marks them ready and starts once everyone else is")
    func canStartWithOthersReady() throws {
        var driver = TableDriver(table: .testTable(game: HostedGame(Snap.self, configuration: .init())))
        driver.join("Ann", peer: 1, host: true)
        driver.join("Bob", peer: 2)
        try driver.say(Ready(), from: 2, at: at(10))
        #expect(driver.last(Lobby.self, by: 1)?.canStart == false)
        #expect(driver.last(Lobby.self, by: 1)?.message == "Waiting for Ann to be ready.")
        try driver.say(Ready(), from: 1, at: at(15))
        #expect(driver.last(Lobby.self, by: 1)?.canStart == true)
        #expect(driver.last(Lobby.self, by: 2)?.canStart == false)
        #expect(driver.last(Lobby.self, by: 1)?.message == "Everyone is ready; the host may start.")
        try driver.say(Ready(ready: false), from: 1, seq: 3, at: at(16))
        // `start` itself marks the host ready and starts, as documented.
        try driver.say(Start(), from: 1, seq: 4, at: at(20))
        #expect(driver.table.phase == .playing)
    }

    @Test("a move in turn changes both seats' views; out of turn is notYourTurn; a spectator's move is refused")
    func moves() throws {
        var driver = fourInARowTable()
        driver.join("Ann", peer: 1)
        driver.join("Bob", peer: 2)
        driver.join("Eve", peer: 3, spectator: true)
        try driver.drop(4, from: 1, seq: 2, at: at(5))
        #expect(driver.last(MoveRejected.self, by: 1) == MoveRejected(inReplyTo: 2, reason: "noGameRunning", message: "No game is running yet."))
        try driver.say(Ready(), from: 1, at: at(10))
        try driver.say(Ready(), from: 2, at: at(10))

        try driver.drop(4, from: 1, seq: 3, at: at(100))
        let ann = try #require(driver.boards(1).last)
        let bob = try #require(driver.boards(2).last)
        let eve = try #require(driver.boards(3).last)
        for view in [ann, bob, eve] {
            #expect(view.view.board.last == "...0...")
            #expect(view.view.moves == 1 && view.view.last == 4 && view.view.turn == SeatID(1))
        }
        #expect(ann.yourTurn == false && bob.yourTurn == true && eve.yourTurn == false)
        #expect(ann.view.you == SeatID(0) && bob.view.you == SeatID(1) && eve.view.you == nil)

        let viewsBefore = driver.boards(2).count
        try driver.drop(5, from: 1, seq: 4, at: at(200))
        #expect(driver.last(MoveRejected.self, by: 1) == MoveRejected(inReplyTo: 4, reason: "notYourTurn", message: "It is not your turn."))
        try driver.drop(1, from: 3, seq: 2, at: at(300))
        #expect(driver.last(MoveRejected.self, by: 3)
            == MoveRejected(inReplyTo: 2, reason: "spectator", message: "Spectators cannot move; join as a player to play."))
        try driver.drop(9, from: 2, seq: 2, at: at(400))
        #expect(driver.last(MoveRejected.self, by: 2)?.reason == "columnOutOfRange")
        #expect(driver.boards(2).count == viewsBefore)

        try driver.drop(3, from: 2, seq: 3, at: at(500))
        #expect(driver.boards(1).last?.view.board.last == "..10...")
        #expect(driver.boards(1).last?.yourTurn == true)
    }

    @Test("after a win: gameOver, lobby over; rematch while playing or before any game is noRematch; both rematch → game 2, Bob first")
    func rematch() throws {
        var driver = fourInARowTable()
        driver.join("Ann", peer: 1)
        driver.join("Bob", peer: 2)
        try driver.say(Rematch(), from: 1, at: at(1))
        #expect(driver.last(ErrorMessage.self, by: 1)?.message == "No game has ended yet; say ready instead.")
        try driver.say(Ready(), from: 1, seq: 2, at: at(2))
        try driver.say(Ready(), from: 2, seq: 2, at: at(2))
        try driver.say(Rematch(), from: 2, seq: 3, at: at(3))
        #expect(driver.last(ErrorMessage.self, by: 2) == ErrorMessage(reason: "noRematch", message: "The game is still running.", inReplyTo: 3))

        // Ann 1, Bob 2, three times, then Ann 1: four in column 1.
        for (turn, column) in [1, 2, 1, 2, 1, 2, 1].enumerated() {
            try driver.drop(column, from: turn % 2 == 0 ? 1 : 2, seq: 10 + turn, at: at(100 * Int64(turn + 1)))
        }
        let over = try #require(driver.last(GameOver.self, by: 2))
        #expect(over.game == 1 && over.winners == [0] && over.reason == "won")
        #expect(over.summary == "Ann wins with four in a row")
        #expect(over.standings?.map(\.place) == [1, 2])
        #expect(driver.last(Lobby.self, by: 2)?.state == "over")
        #expect(driver.last(Lobby.self, by: 2)?.message == "Game over. Ask for a rematch to play again.")
        try driver.drop(3, from: 2, seq: 30, at: at(1_000))
        #expect(driver.last(MoveRejected.self, by: 2)?.reason == "gameOver")

        try driver.say(Rematch(), from: 1, seq: 31, at: at(1_100))
        #expect(driver.last(Lobby.self, by: 2)?.message == "Rematch asked by Ann.")
        #expect(driver.last(Lobby.self, by: 2)?.players.map(\.rematch) == [true, false])
        #expect(driver.table.phase == .over)
        try driver.say(Rematch(), from: 2, seq: 32, at: at(1_200))
        #expect(driver.last(Lobby.self, by: 1)?.state == "playing")
        #expect(driver.last(Lobby.self, by: 1)?.gamesPlayed == 2)
        let second = try #require(driver.boards(2).last)
        #expect(second.game == 2 && second.view.moves == 0)
        #expect(second.yourTurn == true)
        #expect(driver.boards(1).last?.yourTurn == false)
    }
}
