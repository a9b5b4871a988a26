import FourInARow
import PartyClient
import PartyKit
import PartyServer
import PartyWire
import RockPaperScissors
import Snap
import Testing
import TwentyFour

/// Teams in a party room, played to the end by people's clients that play like bots (they say
/// hello as people: a room never puts a bot in a team). More people than the game seats: balanced
/// teams; every member of a seat gets its points.
@Suite("Teams played to their end in a room", .serialized, .timeLimit(.minutes(5)))
struct TeamBotRoomTests {
    /// Quick games: Rock Paper Scissors best of 1, Snap! to 40 turns, TwentyFour one round.
    static let games = [
        HostedGame(RockPaperScissors.self, configuration: .init(rounds: 1, roundSeconds: 10, revealSeconds: 1)),
        HostedGame(Snap.self, configuration: .init(turnSeconds: 5, turnLimit: 40)),
        HostedGame(TwentyFour.self, configuration: .init(roundSeconds: 20, pauseSeconds: 1, rounds: 1)),
    ]

    @Test("Snap! (4 seats) by 5, Rock Paper Scissors (8 seats) by 9, TwentyFour (16 seats) by 17: teams form, the game ends, a seat's members share its points",
          arguments: [("snap", 5, 4), ("rps", 9, 8), ("twentyfour", 17, 16)])
    func playedToTheEnd(game: String, people: Int, seats: Int) async throws {
        let settings = RoomSettings(games: Self.games, choice: .vote(countdownSeconds: 600), startDelayMilliseconds: 0)
        var options = HostOptions.test()
        options.teams = true
        options.proposalMilliseconds = 1_000
        let logs = (0..<people).map { _ in RoomLog() }
        _ = try await withRoom(settings, options: options) { host, port in
            let address = HostAddress(host: "127.0.0.1", port: port)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, log) in logs.enumerated() {
                    group.addTask {
                        try await PartyConnection.withConnection(to: address, hello: roomHello("P\(index + 1)"), timeouts: .patient) { connection, welcome in
                            _ = await playRoom(connection, welcome: welcome, log: log, script: RoomScript(votes: [1: game], quorum: people),
                                               seed: UInt64(index + 1))
                        }
                    }
                }
                let over = await logs[0].wait(atMost: .seconds(240)) { $0.gameOvers.count == 1 && $0.rooms.last?.number == 2 }
                #expect(over, "\(logs[0].seen.rooms.last?.message ?? "no room")")
                host.shutdown(message: "Good night.")
                try await group.waitForAll()
            }
        }
        let seen = logs[0].seen
        let started = try #require(seen.started[1]?.current)
        #expect(started.game == game)
        let teams = try #require(started.teams)
        #expect(teams.count == seats)
        #expect(teams.map(\.count).max() == 2 && teams.map(\.count).min() == 1)
        #expect(Set(teams.flatMap { $0 }).count == people)
        for (index, log) in logs.enumerated() {
            let seen = log.seen
            #expect(seen.gameOvers.count == 1, "P\(index + 1): closed \(seen.closed), last messages \(seen.types.suffix(12)), errors \(seen.errors.map(\.message)), refused moves \(seen.rejected.count)")
        }
        // Every member of a seat has the seat's points.
        let last = try #require(seen.rooms.last?.last)
        let points = Dictionary(uniqueKeysWithValues: last.placements.map { ($0.member, $0.points) })
        #expect(points.count == people)
        for team in teams { #expect(Set(team.map { points[$0] }).count == 1, "\(team) \(points)") }
    }
}
