import PartyClient
import PartyGames
import PartyKit
import PartyWire
import Testing
@testable import PartyShell

/// The terminal lobby shows how to play from the game's descriptor (`rules`, written once in the
/// game module), the same words the phone and the TV show.
@Suite("How to play in the terminal lobby")
struct LobbyRulesTests {
    static func lobby(_ descriptor: GameDescriptor, width: Int, height: Int) -> [String] {
        let welcome = Welcome(session: "s1", game: descriptor.id, title: descriptor.title, sessionName: "Alice's game", seat: 0,
                              name: "Alice", players: [PlayerInfo(seat: 0, name: "Alice", ready: false, host: true, bot: false)],
                              minPlayers: descriptor.minPlayers, maxPlayers: descriptor.maxPlayers, token: "t")
        let table = TableState<JSONValue>(welcome: welcome)
        var canvas = Canvas(width: width, height: height)
        ShellScreen.drawLobby(on: &canvas, table: table, top: 0, height: height, color: false,
                              howToPlay: descriptor.howToPlay, rules: descriptor.rules, join: nil)
        return canvas.text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    static let descriptors: [GameDescriptor] = GameCatalog.all.map { game in game.descriptor }

    @Test(arguments: descriptors)
    func everyGameShowsItsRulesAt80By24(descriptor: GameDescriptor) throws {
        let lines = Self.lobby(descriptor, width: 80, height: 21)
        let heading = try #require(lines.firstIndex(of: "How to play"), "\(lines.joined(separator: "\n"))")
        #expect(Array(lines[(heading + 1)...].prefix(descriptor.rules.count)) == descriptor.rules)
        #expect(lines.contains(descriptor.howToPlay))
    }

    @Test func aNarrowLobbyWrapsThemAndAShortOneLeavesThemOut() throws {
        let descriptor = try #require(GameCatalog.game(id: "fourinarow")).descriptor
        let narrow = Self.lobby(descriptor, width: 40, height: 30)
        let heading = try #require(narrow.firstIndex(of: "How to play"))
        let words = narrow[(heading + 1)...].prefix { !$0.isEmpty }.joined(separator: " ")
        #expect(words == descriptor.rules.joined(separator: " "))
        #expect(!Self.lobby(descriptor, width: 80, height: 9).contains("How to play"))
    }
}
