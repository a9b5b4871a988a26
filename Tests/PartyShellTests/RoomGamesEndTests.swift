import PartyGames
import PartyKit
import PartyTestSupport
import Testing

/// Every game a party room offers ends by itself: played by its bots alone with the settings a
/// room gives it, on the game clock, it reaches its outcome in bounded steps and game time.
@Suite("Every game ends by itself in a party room")
struct RoomGamesEndTests {
    @Test("each game, with the room's settings and bots alone, reaches its outcome", arguments: GameCatalog.all.map { $0.descriptor.id })
    func gameEnds(id: String) throws {
        let game = try #require(GameCatalog.game(id: id))
        func problems<Game: PartyGame>(_ type: Game.Type) -> [String] { GameConformance.roomProblems(type) }
        #expect(problems(game) == [])
    }

    @Test("TwentyFour plays 5 rounds and Snap! 150 turns in a room; the command line still chooses")
    func roomDefaults() throws {
        #expect(GameCatalog.roomDefaults(of: try #require(GameCatalog.game(id: "twentyfour"))) == ["rounds": "5"])
        #expect(GameCatalog.roomDefaults(of: try #require(GameCatalog.game(id: "snap"))) == ["turn-limit": "150"])
        #expect(GameCatalog.roomDefaults(of: try #require(GameCatalog.game(id: "fourinarow"))) == [:])
    }
}
