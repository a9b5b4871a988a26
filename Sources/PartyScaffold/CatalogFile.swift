/// The generated part of `GameCatalog`: the list of every game, derived from Package.swift's `games`.
public enum CatalogFile {
    /// Where the generated file lives, relative to the package directory.
    public static let path = "Sources/PartyGames/GameCatalog+Games.swift"

    /// The command that writes the file again.
    public static let command = "swift package --allow-writing-to-package-directory new-game --sync"

    /// The whole file for `games` (module names, in list order).
    public static func contents(games: [String]) -> String {
        var lines = [
            "// Generated from the `games` list in Package.swift by `new-game`; do not edit by hand.",
            "// Regenerate with: \(command)",
            "",
        ]
        lines += (["PartyKit"] + games).sorted().map { "import \($0)" }
        lines += [
            "",
            "extension GameCatalog {",
            "    /// All games, in the order of Package.swift's `games` list (the order `--list-games` shows).",
        ]
        if games.isEmpty {
            lines.append("    public static let all: [any PartyGame.Type] = []")
        } else {
            lines.append("    public static let all: [any PartyGame.Type] = [")
            lines += games.map { "        \($0)Game.self," }
            lines.append("    ]")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
