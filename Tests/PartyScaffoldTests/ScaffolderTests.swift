import Foundation
import Testing

@testable import PartyScaffold

/// `new-game` and `--sync` on throwaway package directories.
@Suite("The scaffold on a package directory")
struct ScaffolderTests {
    /// A scratch package with the one-line sample manifest, a game folder per listed game and the
    /// current catalog; removed when `body` returns.
    func withPackage(_ body: (URL, Scaffolder) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scaffold-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let manager = FileManager.default
        try manager.createDirectory(at: directory.appendingPathComponent("Sources/PartyGames"), withIntermediateDirectories: true)
        try SampleManifests.oneLine.write(to: directory.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        for game in ["FourInARow", "TwentyFour", "Snap"] {
            try manager.createDirectory(at: directory.appendingPathComponent("Games/\(game)"), withIntermediateDirectories: true)
            try "import PartyKit\n".write(to: directory.appendingPathComponent("Games/\(game)/\(game).swift"), atomically: true, encoding: .utf8)
        }
        let scaffolder = Scaffolder(packageDirectory: directory)
        try scaffolder.sync()
        try body(directory, scaffolder)
    }

    /// Every file under `directory` with its contents, to prove a refusal changed nothing.
    func snapshot(_ directory: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        while let path = enumerator?.nextObject() as? String {
            files[path] = FileManager.default.contents(atPath: directory.appendingPathComponent(path).path) ?? Data("<dir>".utf8)
        }
        return files
    }

    @Test func createsAndRegistersAGame() throws {
        try withPackage { directory, scaffolder in
            let written = try scaffolder.newGame("Demo")
            #expect(written.contains("Games/Demo/Demo.swift"))
            #expect(written.contains("Tests/DemoTests/DemoRulesTests.swift"))
            for path in written {
                #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(path).path), "\(path)")
            }
            #expect(try scaffolder.gamesList().names == ["FourInARow", "TwentyFour", "Snap", "Demo"])
            #expect(try scaffolder.catalogIsCurrent())
            let catalog = try String(contentsOf: directory.appendingPathComponent(CatalogFile.path), encoding: .utf8)
            #expect(catalog.contains("import Demo\n") && catalog.contains("        DemoGame.self,\n    ]"))
            #expect(throws: ScaffoldError.alreadyRegistered(name: "Demo", existing: "Demo")) { try scaffolder.newGame("Demo") }
        }
    }

    @Test(arguments: ["Games/Demo", "Tests/DemoTests"])
    func refusesANonEmptyFolderAndChangesNothing(folder: String) throws {
        try withPackage { directory, scaffolder in
            let url = directory.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try "notes\n".write(to: url.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
            let before = snapshot(directory)
            #expect(throws: ScaffoldError.folderNotEmpty(path: folder)) { try scaffolder.newGame("Demo") }
            #expect(snapshot(directory) == before)
        }
    }

    @Test func takesAnEmptyFolder() throws {
        try withPackage { directory, scaffolder in
            try FileManager.default.createDirectory(at: directory.appendingPathComponent("Games/Demo"), withIntermediateDirectories: true)
            #expect(try scaffolder.newGame("Demo").contains("Games/Demo/DemoGame.swift"))
        }
    }

    @Test func refusesAFileWhereAFolderGoes() throws {
        try withPackage { directory, scaffolder in
            try FileManager.default.createDirectory(at: directory.appendingPathComponent("Tests"), withIntermediateDirectories: true)
            try "x".write(to: directory.appendingPathComponent("Tests/DemoTests"), atomically: true, encoding: .utf8)
            let before = snapshot(directory)
            #expect(throws: ScaffoldError.notAFolder(path: "Tests/DemoTests")) { try scaffolder.newGame("Demo") }
            #expect(snapshot(directory) == before)
        }
    }

    @Test(arguments: [
        ("snap", ScaffoldError.alreadyRegistered(name: "snap", existing: "Snap")),
        ("SNAP", ScaffoldError.alreadyRegistered(name: "SNAP", existing: "Snap")),
        ("PartyKit", ScaffoldError.nameIsModule(name: "PartyKit", module: "PartyKit")),
        ("PartyGames", ScaffoldError.nameIsModule(name: "PartyGames", module: "PartyGames")),
        ("SnapTests", ScaffoldError.nameTaken(name: "SnapTests", target: "SnapTests")),
        ("my-game", ScaffoldError.nameNotUpperCamelCase(name: "my-game")),
    ])
    func refusesTakenAndInvalidNamesAndChangesNothing(name: String, error: ScaffoldError) throws {
        try withPackage { directory, scaffolder in
            let before = snapshot(directory)
            #expect(throws: error) { try scaffolder.newGame(name) }
            #expect(snapshot(directory) == before)
        }
    }

    @Test func anIdOfAListedGameIsRefused() throws {
        try withPackage { directory, scaffolder in
            let before = snapshot(directory)
            #expect(throws: ScaffoldError.idTaken(id: "snap", game: "Snap")) { try scaffolder.newGame("SnapAgain", id: "snap") }
            #expect(snapshot(directory) == before)
            let written = try scaffolder.newGame("RockPaperScissors", id: "rps")
            #expect(written.contains("Games/RockPaperScissors/RockPaperScissors.swift"))
        }
    }

    @Test func refusesAFolderThatDiffersOnlyInCase() throws {
        try withPackage { directory, scaffolder in
            try FileManager.default.createDirectory(at: directory.appendingPathComponent("Games/demo"), withIntermediateDirectories: true)
            let before = snapshot(directory)
            #expect(throws: ScaffoldError.folderDiffersInCase(path: "Games/demo", name: "Demo")) { try scaffolder.newGame("Demo") }
            #expect(snapshot(directory) == before)
        }
    }

    @Test func aFailedWriteIsUndone() throws {
        try withPackage { directory, scaffolder in
            // The catalog is written last; a folder in its place makes that write fail.
            let catalog = directory.appendingPathComponent(CatalogFile.path)
            try FileManager.default.removeItem(at: catalog)
            try FileManager.default.createDirectory(at: catalog.appendingPathComponent("blocker"), withIntermediateDirectories: true)
            let before = snapshot(directory)
            #expect(throws: ScaffoldError.self) { try scaffolder.newGame("Demo") }
            #expect(snapshot(directory) == before)
        }
    }

    @Test func syncFollowsAHandEditedList() throws {
        try withPackage { directory, scaffolder in
            #expect(try scaffolder.sync() == false, "already current")
            let manifest = directory.appendingPathComponent("Package.swift")
            let edited = SampleManifests.oneLine.replacingOccurrences(of: #", "Snap"]"#, with: "]")
            try edited.write(to: manifest, atomically: true, encoding: .utf8)
            #expect(try scaffolder.catalogIsCurrent() == false)
            #expect(try scaffolder.unlistedGameFolders() == ["Snap"])
            #expect(try scaffolder.sync() == true)
            #expect(try scaffolder.catalogIsCurrent())
        }
    }

    @Test func syncRefusesAListedGameWithoutAFolder() throws {
        try withPackage { directory, scaffolder in
            let manifest = directory.appendingPathComponent("Package.swift")
            let edited = SampleManifests.oneLine.replacingOccurrences(of: #""Snap"]"#, with: #""Snap", "Poker"]"#)
            try edited.write(to: manifest, atomically: true, encoding: .utf8)
            let before = snapshot(directory)
            #expect(throws: ScaffoldError.gameFolderMissing(name: "Poker", path: "Games/Poker")) { try scaffolder.sync() }
            #expect(snapshot(directory) == before)
        }
    }
}
