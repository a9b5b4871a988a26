import Testing

@testable import PartyScaffold

/// The command line the plugin passes on.
@Suite("new-game arguments")
struct ScaffoldCommandTests {
    @Test(arguments: [
        (["--package-directory", "/p", "Demo"], ScaffoldCommand.newGame(name: "Demo", id: nil, packageDirectory: "/p")),
        (["--package-directory", "/p", "--", "Demo"], .newGame(name: "Demo", id: nil, packageDirectory: "/p")),
        (["--package-directory", "/p", "RockPaperScissors", "--id", "rps"], .newGame(name: "RockPaperScissors", id: "rps", packageDirectory: "/p")),
        (["--package-directory", "/p", "--sync"], .sync(packageDirectory: "/p")),
        (["--package-directory", "/p", "--check"], .check(packageDirectory: "/p")),
        (["--package-directory", "/p", "--help"], .help),
        (["-h"], .help),
    ])
    func readsCommands(arguments: [String], command: ScaffoldCommand) throws {
        #expect(try ScaffoldCommand.parse(arguments) == command)
    }

    @Test(arguments: [
        ([], "Give the new game a name, like: new-game RaceToTwentyOne"),
        (["Demo", "Other"], "Give one game name at a time (got Demo Other)."),
        (["--sync", "Demo"], "--sync and --check take no game name or id."),
        (["--sync", "--id", "rps"], "--sync and --check take no game name or id."),
        (["Demo", "--id"], "--id needs a game id, like --id rps."),
        (["--sync", "--check"], "Use either --sync or --check, not both."),
        (["--force", "Demo"], "Unknown option --force."),
        (["--package-directory"], "--package-directory needs a path."),
    ])
    func explainsBadCommandLines(arguments: [String], message: String) {
        #expect(throws: ScaffoldError.usage(message)) { try ScaffoldCommand.parse(arguments) }
    }

    @Test func theUsageNamesEveryMode() {
        for word in ["new-game <Name>", "--id", "--sync", "--check", "--help", "docs/ADDING_A_GAME.md"] {
            #expect(ScaffoldCommand.usage.contains(word))
        }
    }
}
