import Foundation

/// How to play one game, for the browser: an entry of `/games.json` (from the game's descriptor).
public struct WebGameGuide: Codable, Hashable, Sendable {
    /// The game's id (`fourinarow`), as in `welcome.game` and the room's `current.game`.
    public var id: String
    /// The game's title.
    public var title: String
    /// How to play: a few lines of words (the descriptor's `rules`).
    public var rules: [String]

    /// A guide with these texts.
    public init(id: String, title: String, rules: [String]) {
        self.id = id
        self.title = title
        self.rules = rules
    }
}

extension WebAssets {
    /// Where the guides are served.
    public static let gamesPath = "/games.json"

    /// This table with `/games.json`: `{"games":[{"id":…,"rules":[…],"title":…}, …]}` in the order
    /// given (keys sorted), made once here, with its entity tag and gzip like every file.
    public func adding(games: [WebGameGuide]) -> WebAssets {
        struct Document: Encodable { var games: [WebGameGuide] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding strings and arrays of strings cannot fail.
        let json = (try? encoder.encode(Document(games: games))).map { Array($0) } ?? Array(#"{"games":[]}"#.utf8)
        var table = self
        table.byPath[Self.gamesPath] = WebAsset(contentType: "application/json", body: json + [0x0A]).prepared()
        return table
    }
}
