import PartyKit

/// Every game this build ships, by id.
///
/// The list itself, `all`, is generated from the `games` list in Package.swift into
/// `GameCatalog+Games.swift` (`swift package --allow-writing-to-package-directory new-game --sync`).
public enum GameCatalog {
    /// The game with this id (case-insensitive), if this build has it.
    public static func game(id: String) -> (any PartyGame.Type)? {
        all.first { $0.descriptor.id == id.lowercased() }
    }
}

extension GameCatalog {
    /// The settings a game understands.
    public static func settings(of game: any PartyGame.Type) -> [GameSetting] {
        func open<Game: PartyGame>(_: Game.Type) -> [GameSetting] { Game.Rules.Configuration.settings }
        return open(game)
    }
}

extension GameCatalog {
    /// The settings a party room gives a game where the command line names none (`roomDefaults`).
    public static func roomDefaults(of game: any PartyGame.Type) -> [String: String] {
        func open<Game: PartyGame>(_: Game.Type) -> [String: String] { Game.Rules.Configuration.roomDefaults }
        return open(game)
    }
}

extension GameCatalog {
    /// The ids of all games, comma-separated, for help texts.
    public static var idList: String {
        all.map { $0.descriptor.id }.joined(separator: ", ")
    }
}
