import Foundation

/// The `new-game` command line: what to do, read from the arguments the plugin passes on.
public enum ScaffoldCommand: Hashable, Sendable {
    /// Create and register a game; `id` replaces the default id (the name in lower case).
    case newGame(name: String, id: String?, packageDirectory: String)
    /// Regenerate the catalog from the `games` list.
    case sync(packageDirectory: String)
    /// Fail when the catalog is out of date or a folder under `Games/` is not listed.
    case check(packageDirectory: String)
    /// Print the usage.
    case help

    /// The usage text.
    public static let usage = """
        Usage: swift package --allow-writing-to-package-directory new-game <Name> [--id <id>]
               swift package --allow-writing-to-package-directory new-game --sync
               swift package --allow-writing-to-package-directory new-game --check
               swift package --allow-writing-to-package-directory new-game --help
        (SwiftPM asks for --allow-writing-to-package-directory whatever the arguments are.)

          <Name>   the new game's module name, UpperCamelCase ASCII (like RockPaperScissors).
                   Creates Games/<Name>/ (a small playable game to edit) and Tests/<Name>Tests/,
                   adds <Name> to the games list in Package.swift and regenerates
                   \(CatalogFile.path). The game id is the name in lower case.
          --id     the game id (as typed after --game) instead of the name in lower case,
                   lower-case ASCII letters and digits (like: new-game RaceToTwentyOne --id race).
          --sync   only regenerate \(CatalogFile.path) from the games list, and \(WebPageFile.directory)/ from Web/ and Games/*/Web/
                   (after adding or removing a name in Package.swift by hand).
          --check  change nothing; fail if the catalog is out of date or a folder under Games/
                   is not in the games list.
          --help   show this text.

        Invalid or taken names and non-empty target folders are refused, and then nothing changes.
        See docs/ADDING_A_GAME.md for the whole walk-through.
        """

    /// Reads the arguments (without the program name); `--package-directory PATH` is set by the plugin.
    public static func parse(_ arguments: [String]) throws(ScaffoldError) -> ScaffoldCommand {
        var directory = FileManager.default.currentDirectoryPath
        var names: [String] = []
        var mode: String?
        var id: String?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--help", "-h", "help":
                return .help
            case "--package-directory":
                guard let value = rest.popFirst() else { throw .usage("--package-directory needs a path.") }
                directory = value
            case "--id":
                guard let value = rest.popFirst() else { throw .usage("--id needs a game id, like --id rps.") }
                id = value
            case "--sync", "--check":
                if let mode, mode != argument { throw .usage("Use either --sync or --check, not both.") }
                mode = argument
            case "--":
                continue
            default:
                if argument.hasPrefix("-") { throw .usage("Unknown option \(argument).") }
                names.append(argument)
            }
        }
        switch (mode, names.count) {
        case ("--sync"?, 0) where id == nil: return .sync(packageDirectory: directory)
        case ("--check"?, 0) where id == nil: return .check(packageDirectory: directory)
        case (_?, _): throw .usage("--sync and --check take no game name or id.")
        case (nil, 0): throw .usage("Give the new game a name, like: new-game RaceToTwentyOne")
        case (nil, 1): return .newGame(name: names[0], id: id, packageDirectory: directory)
        case (nil, _): throw .usage("Give one game name at a time (got \(names.joined(separator: " "))).")
        }
    }

    /// Runs the command; returns what to print on standard output, or throws what to print on
    /// standard error.
    public func run() throws(ScaffoldError) -> String {
        switch self {
        case .help:
            return Self.usage
        case .newGame(let text, let id, let directory):
            let scaffolder = Scaffolder(packageDirectory: URL(fileURLWithPath: directory))
            let written = try scaffolder.newGame(text, id: id)
            let name = try GameName(validating: text, taken: [], id: id)
            return ["Created the game \(name) (id \(name.id), title \"\(name.title)\"):"]
                .appending(contentsOf: written.map { "  \($0)" })
                .appending(contentsOf: [
                    "",
                    "Next, try it:",
                    "  swift test --filter \(name.testTarget)",
                    "  swift run partyhost --game \(name.id) --bots 1",
                    "then make it your game: docs/ADDING_A_GAME.md explains every file.",
                ])
                .joined(separator: "\n")
        case .sync(let directory):
            let scaffolder = Scaffolder(packageDirectory: URL(fileURLWithPath: directory))
            let changed = try scaffolder.sync()
            let games = try scaffolder.gamesList().names
            var lines = [changed
                ? "Regenerated \(CatalogFile.path) and \(WebPageFile.directory)/ with \(games.count) games: \(games.joined(separator: ", "))."
                : "\(CatalogFile.path) and \(WebPageFile.directory)/ are up to date (\(games.count) games)."]
            for folder in try scaffolder.unlistedGameFolders() {
                lines.append("Warning: Games/\(folder) is not in the games list in Package.swift, so it is not built or listed.")
            }
            return lines.joined(separator: "\n")
        case .check(let directory):
            let scaffolder = Scaffolder(packageDirectory: URL(fileURLWithPath: directory))
            guard try scaffolder.catalogIsCurrent() else { throw .catalogStale(path: CatalogFile.path) }
            let web = try scaffolder.webPageChanges()
            if let stale = web.write.first?.path ?? web.remove.first { throw .catalogStale(path: stale) }
            if let folder = try scaffolder.unlistedGameFolders().first {
                throw .gameFolderUnlisted(path: "Games/\(folder)")
            }
            return "\(CatalogFile.path) matches the games list; \(WebPageFile.directory)/ matches Web/ and Games/*/Web/."
        }
    }
}

extension Array {
    /// The array with `elements` appended.
    fileprivate func appending(contentsOf elements: [Element]) -> [Element] { self + elements }
}
