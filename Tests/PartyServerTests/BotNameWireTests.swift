import Foundation
import PartyClient
import PartyGames
import PartyKit
import PartyServer
import PartyWire
import RockPaperScissors
import Testing

/// A bot's name on the wire is its name ("Ada"); its level is a field of its own. Screens put the
/// two together ("Ada · normal (bot)").
@Suite("Bot names and levels on the wire")
struct BotNameWireTests {
    static let settings = RoomSettings(
        games: [HostedGame(RockPaperScissors.self, configuration: .init(rounds: 1, roundSeconds: 60, revealSeconds: 1))],
        choice: .vote(countdownSeconds: 30), startDelayMilliseconds: 0)

    @Test("a room bot joins as \"Ada\" with level normal: lobby, scoreboard and the results say so; screens label it")
    func roomBot() async throws {
        let (_, report) = try await withRoom(Self.settings) { host, port in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await RoomBotRunner(address: HostAddress(host: "127.0.0.1", port: port), name: "Ada", seed: 1, code: nil,
                                            level: .normal, games: GameCatalog.all, timeouts: .patient).run()
                }
                try await RawClient.with(port: port) { ann in
                    try await PartyRoomRawTests.hello(&ann, "Ann")
                    var lobby: [String: Any] = [:]
                    while let next = try await ann.next("lobby") {
                        lobby = next
                        if (next["players"] as? [[String: Any]])?.count == 2 { break }
                    }
                    let ada = try #require((lobby["players"] as? [[String: Any]])?.first { $0["bot"] as? Bool == true }, "\(lobby)")
                    #expect(ada["name"] as? String == "Ada")
                    #expect(ada["level"] as? String == "normal")
                    var line: [String: Any]?
                    while let room = try await ann.next("room") {
                        line = (room["scoreboard"] as? [[String: Any]])?.first { $0["bot"] as? Bool == true }
                        if line != nil { break }
                    }
                    #expect(line?["name"] as? String == "Ada")
                    #expect(line?["level"] as? String == "normal")
                    // Ann plays Rock Paper Scissors with the bot, so the results have a placement for it.
                    try await ann.send("vote", #""game": "rps""#)
                    _ = try #require(try await ann.next("view"))
                    try await ann.send("move", #""move": {"shape": "rock"}"#)
                    _ = try #require(try await ann.next("gameOver"))
                }
                // Ending the room ends the bot's session too.
                host.shutdown()
                try await group.waitForAll()
            }
        }
        let bot = try #require(report.standings.first { $0.bot == true }, "\(report.standings)")
        #expect(bot.name == "Ada" && bot.level == "normal")
        #expect(bot.label == "Ada · normal (bot)")
        let placement = try #require(report.games.first?.placements.first { $0.bot == true }, "\(report.games)")
        #expect(placement.name == "Ada" && placement.level == "normal")
        let json = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
        #expect(!json.contains("(bot)"), "\(json)")
    }

    @Test("the label: a bot with a level, one without, a person")
    func labels() {
        #expect(PlayerLabel.label(name: "Ada", bot: true, level: "perfect") == "Ada · perfect (bot)")
        #expect(PlayerLabel.label(name: "Ada", bot: true, level: nil) == "Ada (bot)")
        #expect(PlayerLabel.label(name: "Ada (bot)", bot: true, level: nil) == "Ada (bot)")
        #expect(PlayerLabel.label(name: "Ann", bot: false, level: "normal") == "Ann")
        #expect(PlayerInfo(seat: 1, name: "Ada", ready: true, host: false, bot: true, level: "easy").label == "Ada · easy (bot)")
    }

    @Test("a bot's level that is none of easy, normal, perfect is refused with badLevel")
    func badLevel() async throws {
        _ = try await withRoom(Self.settings) { _, port in
            try await RawClient.with(port: port) { bot in
                try await PartyRoomRawTests.hello(&bot, "Ada", extra: #""bot": true, "level": "godlike""#)
                let reject = try #require(try await bot.next())
                #expect(reject["type"] as? String == "reject")
                #expect(reject["reason"] as? String == "badLevel")
                #expect(reject["message"] as? String == "A bot's level must be one of easy, normal, perfect.")
            }
        }
    }
}
