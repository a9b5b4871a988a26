import Foundation
import PartyGames
import PartyKit
import Testing
@testable import PartyWeb

/// `/games.json`: how to play every game, from the game modules' descriptors, served like every file.
@Suite("How to play: /games.json")
struct WebGameGuideTests {
    static let guides = GameCatalog.all.map { WebGameGuide(id: $0.descriptor.id, title: $0.descriptor.title, rules: $0.descriptor.rules) }

    @Test func theTableWithTheGuidesServesThemAsJSON() async throws {
        #expect(WebAssets.builtIn[WebAssets.gamesPath] == nil)
        var options = WebOptions.forTests
        options.assets = WebAssets.builtIn.adding(games: Self.guides)
        let asset = try #require(options.assets[WebAssets.gamesPath])
        #expect(asset.contentType == "application/json")
        #expect(asset.etag != nil && asset.gzipped != nil)
        struct Document: Decodable { var games: [WebGameGuide] }
        let decoded = try JSONDecoder().decode(Document.self, from: Data(asset.body))
        #expect(decoded.games == Self.guides)
        // Every game of the catalog (five here; a game added with new-game makes six).
        #expect(decoded.games.count == GameCatalog.all.count && decoded.games.count >= 5 && decoded.games.allSatisfy { !$0.rules.isEmpty })
        // Over a socket, as the page fetches it.
        let (response, _) = try await WebTransportHTTPTests.request("GET /games.json HTTP/1.1\r\nHost: h\r\n\r\n", options: options)
        let page = try #require(response)
        #expect(page.status == 200)
        #expect(page.body == asset.body)
        #expect(page.text.contains(#""id":"fourinarow","rules":["Two players take turns"#))
    }
}

/// Each how-to-play bullet is read on its own (a phone's list, the TV's, the terminal's lobby):
/// every one is whole, never a sentence split over two bullets.
@Suite("How-to-play bullets")
struct HowToPlayBulletTests {
    @Test("every game's bullets each begin a sentence and end one", arguments: GameCatalog.all.map { $0.descriptor.id })
    func wholeSentences(_ id: String) throws {
        let descriptor = try #require(GameCatalog.all.first { $0.descriptor.id == id }?.descriptor)
        for line in descriptor.rules {
            #expect(line.first.map { $0.isUppercase || $0.isNumber } == true, "\(descriptor.id): \(line)")
            #expect(line.last.map { ".!?)".contains($0) } == true, "\(descriptor.id): \(line)")
        }
    }
}
