import Foundation
import Testing

@testable import PartyScaffold

/// The real repository: the generated catalog and the `Games/` folders follow Package.swift's list.
@Suite("This repository's games")
struct RepositoryTests {
    /// The package root, found from this file's path (symbolic links resolved).
    static let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    let scaffolder = Scaffolder(packageDirectory: Self.root)

    @Test func theGeneratedCatalogIsCurrent() throws {
        let expected = try scaffolder.expectedCatalog()
        let actual = try? String(contentsOf: Self.root.appendingPathComponent(expected.path), encoding: .utf8)
        #expect(actual == expected.contents, "\(ScaffoldError.catalogStale(path: expected.path))")
    }

    @Test("Sources/PartyWeb/Generated/ holds exactly today's Web/ and Games/*/Web/ files, no file missing, extra or changed (run new-game --sync after changing them)")
    func theGeneratedWebPageIsCurrent() throws {
        let changes = try scaffolder.webPageChanges()
        #expect(changes.write.map(\.path) == [], "\(changes.write.map { ScaffoldError.catalogStale(path: $0.path).description })")
        #expect(changes.remove == [], "not generated any more: \(changes.remove); run new-game --sync")
    }

    @Test("no generated web file is over 500 lines")
    func generatedWebFilesAreSmall() throws {
        for file in try scaffolder.expectedWebPage() {
            #expect(file.contents.split(separator: "\n", omittingEmptySubsequences: false).count <= 500, "\(file.path)")
        }
    }

    @Test func everyFolderUnderGamesIsAListedGame() throws {
        let unlisted = try scaffolder.unlistedGameFolders()
        #expect(unlisted.isEmpty, "\(unlisted.map { ScaffoldError.gameFolderUnlisted(path: "Games/\($0)").description })")
    }

    @Test func everyListedGameHasItsModuleAndTests() throws {
        let names = try scaffolder.gamesList().names
        #expect(!names.isEmpty)
        for name in names {
            #expect(scaffolder.isDirectory("Games/\(name)"), "\(ScaffoldError.gameFolderMissing(name: name, path: "Games/\(name)"))")
            #expect(scaffolder.isDirectory("Tests/\(name)Tests"), "Tests/\(name)Tests is missing")
            #expect(throws: Never.self, "\(name) is not a valid game name") { try GameName(validating: name) }
        }
    }

    @Test func everyGameExportsItsBundleForTheCatalog() throws {
        for name in try scaffolder.gamesList().names {
            let folder = Self.root.appendingPathComponent("Games/\(name)")
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
            let declares = try files.contains { file in
                try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                    .contains("public enum \(name)Game: PartyGame")
            }
            #expect(declares, "Games/\(name) must declare `public enum \(name)Game: PartyGame` for the catalog")
        }
    }

    @Test func theReservedPartyKitTypesAreExactlyPartyKitsTypes() throws {
        let folder = Self.root.appendingPathComponent("Sources/PartyKit")
        var declared: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: /(?m)^public (?:final )?(?:struct|enum|protocol|class|actor|typealias) ([A-Za-z0-9_]+)/) {
                declared.insert(String(match.output.1))
            }
        }
        #expect(declared == ReservedNames.partyKitTypes)
    }

    @Test func theGuideExplainsEveryGeneratedFile() throws {
        let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/ADDING_A_GAME.md"), encoding: .utf8)
        let name = try GameName(validating: "Zq")
        for file in GameTemplate.files(for: name) {
            let pattern = file.path.contains("/Web/") ? (file.path.hasSuffix("-tv.js") ? "Web/<id>-tv.js" : "Web/<id>.js")
                : (file.path.hasPrefix("Tests/") ? file.path : String(file.path.split(separator: "/").last!))
                .replacingOccurrences(of: "Zq", with: "<Name>")
            #expect(guide.contains("`\(pattern)`"), "docs/ADDING_A_GAME.md does not explain \(pattern)")
        }
        #expect(guide.contains(ScaffoldCommand.usage.split(separator: "\n")[0].dropFirst("Usage: ".count)))
    }
}
