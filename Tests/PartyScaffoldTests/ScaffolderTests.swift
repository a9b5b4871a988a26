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

    @Test("sync writes one file per served web file plus the index; a missing, extra or changed one is stale, and sync puts it right")
    func generatedWebFilesAreExact() throws {
        try withPackage { directory, scaffolder in
            let manager = FileManager.default
            try manager.createDirectory(at: directory.appendingPathComponent("Web"), withIntermediateDirectories: true)
            try "<!doctype html>\n".write(to: directory.appendingPathComponent("Web/index.html"), atomically: true, encoding: .utf8)
            try "export const a = 1;\n".write(to: directory.appendingPathComponent("Web/app.js"), atomically: true, encoding: .utf8)
            try manager.createDirectory(at: directory.appendingPathComponent("Games/Snap/Web"), withIntermediateDirectories: true)
            try "export default {};\n".write(to: directory.appendingPathComponent("Games/Snap/Web/snap.js"), atomically: true, encoding: .utf8)
            // An older build's single generated file goes.
            let legacy = directory.appendingPathComponent(WebPageFile.legacyPath)
            try manager.createDirectory(at: legacy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "// Generated from Web/ and Games/*/Web/ by `new-game`\nenum WebPage {}\n".write(to: legacy, atomically: true, encoding: .utf8)
            #expect(try scaffolder.sync() == true)
            #expect(!manager.fileExists(atPath: legacy.path))
            let folder = directory.appendingPathComponent(WebPageFile.directory)
            let names = try manager.contentsOfDirectory(atPath: folder.path).sorted()
            #expect(names == ["WebPage+AppJS.swift", "WebPage+GamesSnapJS.swift", "WebPage+IndexHTML.swift", "WebPage+PresentersJS.swift",
                              "WebPage.swift"])
            let index = try String(contentsOf: folder.appendingPathComponent("WebPage.swift"), encoding: .utf8)
            #expect(index.contains(#"("/games/snap.js", "text/javascript; charset=utf-8", gamesSnapJS),"#), "\(index)")
            #expect(index.contains(#""/": "/index.html","#), "\(index)")
            let app = try String(contentsOf: folder.appendingPathComponent("WebPage+AppJS.swift"), encoding: .utf8)
            #expect(app.contains("    static let appJS = #\"\"\"\nexport const a = 1;\n\n\"\"\"#\n"), "\(app)")
            #expect(try scaffolder.webPageChanges().write.isEmpty && scaffolder.webPageChanges().remove.isEmpty)
            #expect(throws: Never.self) { try ScaffoldCommand.check(packageDirectory: directory.path).run() }

            // Changed, missing, extra: each is stale, and sync mends it.
            let appFile = folder.appendingPathComponent("WebPage+AppJS.swift")
            try "// edited\n".write(to: appFile, atomically: true, encoding: .utf8)
            #expect(try scaffolder.webPageChanges().write.map(\.path) == ["\(WebPageFile.directory)/WebPage+AppJS.swift"])
            #expect(throws: ScaffoldError.catalogStale(path: "\(WebPageFile.directory)/WebPage+AppJS.swift")) {
                try ScaffoldCommand.check(packageDirectory: directory.path).run()
            }
            try manager.removeItem(at: folder.appendingPathComponent("WebPage+IndexHTML.swift"))
            #expect(try scaffolder.webPageChanges().write.count == 2)
            try "enum Old {}\n".write(to: folder.appendingPathComponent("WebPage+OldJS.swift"), atomically: true, encoding: .utf8)
            #expect(try scaffolder.webPageChanges().remove == ["\(WebPageFile.directory)/WebPage+OldJS.swift"])
            #expect(try scaffolder.sync() == true)
            #expect(try manager.contentsOfDirectory(atPath: folder.path).sorted() == names)
            #expect(try String(contentsOf: appFile, encoding: .utf8) == app)
            // A presenter removed from a game: its file goes.
            try manager.removeItem(at: directory.appendingPathComponent("Games/Snap/Web/snap.js"))
            #expect(try scaffolder.sync() == true)
            #expect(!manager.fileExists(atPath: folder.appendingPathComponent("WebPage+GamesSnapJS.swift").path))
        }
    }

    @Test("served paths become Swift names: words joined, the extension in capitals, clashes numbered")
    func webFileNames() {
        #expect(WebPageFile.identifier("/app.js") == "appJS")
        #expect(WebPageFile.identifier("/games/fourinarow.js") == "gamesFourinarowJS")
        #expect(WebPageFile.identifier("/style.css") == "styleCSS")
        #expect(WebPageFile.identifier("/my-page.html") == "myPageHTML")
        #expect(WebPageFile.identifier("/3d.js") == "file3dJS")
        let files = WebPageFile.files(web: ["a-b.js": "1", "a_b.js": "2"], presenters: [:]).map(\.path)
        #expect(files.contains("\(WebPageFile.directory)/WebPage+ABJS.swift") && files.contains("\(WebPageFile.directory)/WebPage+ABJS2.swift"),
                "\(files)")
    }
}
