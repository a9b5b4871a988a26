import FourInARow
import PartyClient
import PartyKit
import PartyServer
import PartyWire
import RockPaperScissors
import Snap
import Testing
import TwentyFour

/// The party room over loopback: a whole party, played by real connections.
@Suite("Party room over loopback")
struct PartyRoomLoopbackTests {
    /// Rock Paper Scissors (best of 1), Four in a Row and TwentyFour (one round): quick games.
    static let quickGames = [
        HostedGame(RockPaperScissors.self, configuration: .init(rounds: 1, roundSeconds: 10, revealSeconds: 1)),
        HostedGame(FourInARow.self, configuration: .init()),
        HostedGame(TwentyFour.self, configuration: .init(roundSeconds: 30, pauseSeconds: 1, rounds: 1)),
    ]

    @Test("three clients and a bot play three games chosen by vote; one drops after a game and returns before the next; the standings are PartyScoring of the recorded results")
    func wholeParty() async throws {
        let settings = RoomSettings(games: Self.quickGames, choice: .vote(countdownSeconds: 600), startDelayMilliseconds: 0)
        let logs = (ann: RoomLog(), bob: RoomLog(), cy: RoomLog(), bot: RoomLog(), watcher: RoomLog())
        let plan = [1: "rps", 2: "fourinarow", 3: "twentyfour"]
        let ((), report) = try await withRoom(settings) { host, port in
            let address = HostAddress(host: "127.0.0.1", port: port)
            let proxy = try await CuttableProxy.start(to: port)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await PartyConnection.withConnection(to: address, hello: roomHello("Watcher", role: "spectator"), timeouts: .patient) { connection, welcome in
                        _ = await playRoom(connection, welcome: welcome, log: logs.watcher, script: RoomScript(), seed: 5)
                    }
                }
                #expect(await logs.watcher.wait { !$0.rooms.isEmpty })
                group.addTask {
                    try await PartyConnection.withConnection(to: address, hello: roomHello("Ann", hostKey: host.hostKey), timeouts: .patient) { connection, welcome in
                        _ = await playRoom(connection, welcome: welcome, log: logs.ann, script: RoomScript(votes: plan, quorum: 4), seed: 1)
                    }
                }
                group.addTask {
                    try await PartyConnection.withConnection(to: address, hello: roomHello("Bob"), timeouts: .patient) { connection, welcome in
                        _ = await playRoom(connection, welcome: welcome, log: logs.bob, script: RoomScript(votes: plan, quorum: 4), seed: 2)
                    }
                }
                group.addTask {
                    try await PartyConnection.withConnection(to: address, hello: roomHello("Robo", bot: true), timeouts: .patient) { connection, welcome in
                        _ = await playRoom(connection, welcome: welcome, log: logs.bot, script: RoomScript(), seed: 4)
                    }
                }
                // Cy plays through a proxy: the link is cut after the first game's gameOver, before
                // the second game starts (the room waits for Cy's vote), and Cy comes back with the token.
                let proxyAddress = HostAddress(host: "127.0.0.1", port: proxy.port)
                let token = try await PartyConnection.withConnection(to: proxyAddress, hello: roomHello("Cy"), timeouts: .patient) { connection, welcome in
                    let end = await playRoom(connection, welcome: welcome, log: logs.cy, script: RoomScript(votes: plan, quorum: 4, dropAfterGame: 1), seed: 3)
                    #expect(end == .dropped)
                    // Closed before this returns: withConnection says `leave` on its way out, and a
                    // leave that slipped through a cut still in progress gave Cy's seat up for good
                    // (seen once under load: game 2 started without Cy, game 3 never did).
                    await proxy.cutAndWait()
                    return welcome.token
                }
                // The others see Cy's seat held while the room chooses the second game.
                #expect(await logs.ann.wait { seen in
                    seen.lobby?.players.contains { $0.name == "Cy" && !$0.connected } == true && seen.rooms.last?.state == "choosing"
                })
                #expect(logs.ann.seen.started[2] == nil)
                group.addTask {
                    try await PartyConnection.withConnection(to: address, hello: roomHello("Cy", token: token), timeouts: .patient) { connection, welcome in
                        #expect(welcome.reconnected)
                        _ = await playRoom(connection, welcome: welcome, log: logs.cy, script: RoomScript(votes: plan, quorum: 4), seed: 3)
                    }
                }
                // Three games later the room is choosing the fourth: the host ends the party.
                #expect(await logs.watcher.wait(atMost: .seconds(240)) { $0.gameOvers.count == 3 && $0.rooms.last?.number == 4 })
                host.shutdown(message: "Good night.")
                try await group.waitForAll()
            }
            await proxy.stop()
        }
        let watcher = logs.watcher.seen
        // Three different games, in the order voted.
        #expect(report.games.map(\.game) == ["rps", "fourinarow", "twentyfour"])
        #expect(watcher.started.keys.sorted() == [1, 2, 3])
        // Every game's gameOver carried standings; with the seats of that game's start they give
        // each member's points by PartyScoring, and their sum is the final scoreboard.
        var expected: [Int: Int] = [:]
        for (index, over) in watcher.gameOvers.enumerated() {
            let players = try #require(watcher.started[index + 1]?.current?.players)
            let standings = try #require(over.standings)
            #expect(standings.count == players.count, "game \(index + 1): \(over) after \(String(describing: watcher.started[index + 1]))")
            try #require(standings.allSatisfy { players.indices.contains($0.seat) })
            let points = PartyScoring.points(for: standings.map { Standing(seat: SeatID(players[$0.seat]), place: $0.place, score: $0.score) })
            for (member, earned) in points { expected[member.index, default: 0] += earned }
            #expect(report.games[index].placements.map(\.member).sorted() == players.sorted())
        }
        let final = try #require(logs.ann.seen.ended?.scoreboard)
        #expect(Dictionary(uniqueKeysWithValues: final.map { ($0.member, $0.points) }) == expected.merging(final.map { ($0.member, 0) }) { a, _ in a })
        #expect(report.standings == final)
        #expect(report.sessionName == "Test session")
        #expect(final.map(\.points) == final.map(\.points).sorted(by: >))
        // Four in a Row seats two of the four: two played, two watched it.
        let second = try #require(watcher.started[2]?.current)
        #expect(second.players.count == 2 && second.watchers.count == 2)
        // The spectator saw the room and views of every game; Cy came back into the second game's choice.
        for number in 1...3 { #expect((watcher.views[number] ?? 0) > 0) }
        #expect(logs.cy.seen.welcomes.count == 2)
        #expect(logs.cy.seen.started[2] != nil)
        #expect(final.allSatisfy { $0.present })
        #expect(logs.bot.seen.errors.isEmpty && logs.ann.seen.errors.isEmpty)
    }
}
