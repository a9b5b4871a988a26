import Foundation
import Testing

@testable import PartyScaffold

/// The files a new game starts with.
@Suite("The game template")
struct GameTemplateTests {
    let name = try! GameName(validating: "RockPaperScissors")

    @Test func writesOneTypePerFileUnderGamesAndTests() {
        let paths = GameTemplate.files(for: name).map(\.path)
        #expect(paths == [
            "Games/RockPaperScissors/RockPaperScissors.swift",
            "Games/RockPaperScissors/RockPaperScissors+View.swift",
            "Games/RockPaperScissors/RockPaperScissors+PlainText.swift",
            "Games/RockPaperScissors/RockPaperScissorsConfiguration.swift",
            "Games/RockPaperScissors/RockPaperScissorsMove.swift",
            "Games/RockPaperScissors/RockPaperScissorsRejection.swift",
            "Games/RockPaperScissors/RockPaperScissorsView.swift",
            "Games/RockPaperScissors/RockPaperScissorsBot.swift",
            "Games/RockPaperScissors/RockPaperScissorsPresenter.swift",
            "Games/RockPaperScissors/RockPaperScissorsPresenter+Drawing.swift",
            "Games/RockPaperScissors/RockPaperScissorsGame.swift",
            "Games/RockPaperScissors/Web/rockpaperscissors.js",
            "Games/RockPaperScissors/Web/rockpaperscissors-tv.js",
            "Tests/RockPaperScissorsTests/RockPaperScissorsRulesTests.swift",
            "Tests/RockPaperScissorsTests/RockPaperScissorsPlayTests.swift",
        ])
    }

    @Test func fillsInTheNameIdAndTitle() {
        let files = GameTemplate.files(for: name)
        for file in files {
            #expect(!file.contents.contains("__"), "\(file.path) keeps a placeholder")
            #expect(!file.contents.contains("Quux") && !file.contents.contains("quux"), "\(file.path) names the template")
            #expect(file.contents.hasSuffix(file.path.hasSuffix(".js") ? "};\n" : "}\n"))
            #expect(file.contents.split(separator: "\n").count < 400)
        }
        let all = files.map(\.contents).joined()
        #expect(all.contains("public struct RockPaperScissors: GameRules"))
        #expect(all.contains("public enum RockPaperScissorsGame: PartyGame"))
        #expect(all.contains(#"id: "rockpaperscissors""#))
        #expect(all.contains(#"title: "Rock Paper Scissors""#))
        #expect(all.contains("GameConformance.check(RockPaperScissors.self)"))
        // The web presenter: named by the game id, text only.
        let web = files.first { $0.path.hasSuffix("/Web/rockpaperscissors.js") }
        #expect(web?.contents.contains("render(board, message, ctx)") == true)
        #expect(web?.contents.contains("innerHTML") == false)
        // And its TV presenter, beside it: nothing to tap on the TV.
        let tv = files.first { $0.path.hasSuffix("/Web/rockpaperscissors-tv.js") }
        #expect(tv?.contents.contains("render(board, message, ctx)") == true)
        #expect(tv?.contents.contains("innerHTML") == false && tv?.contents.contains("ctx.move") == false)
    }

    @Test func gameFilesImportOnlyPartyKit() {
        for file in GameTemplate.files(for: name) where file.path.hasPrefix("Games/") && file.path.hasSuffix(".swift") {
            let imports = file.contents.split(separator: "\n").filter { $0.hasPrefix("import ") }
            #expect(imports == ["import PartyKit"], "\(file.path)")
        }
    }

    @Test func everyPublicDeclarationHasASummary() {
        for file in GameTemplate.files(for: name) where file.path.hasPrefix("Games/") {
            let lines = file.contents.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for (index, line) in lines.enumerated() where line.trimmingCharacters(in: .whitespaces).hasPrefix("public ") {
                var previous = index - 1
                while previous >= 0, lines[previous].trimmingCharacters(in: .whitespaces).hasPrefix("@") { previous -= 1 }
                let above = previous >= 0 ? lines[previous].trimmingCharacters(in: .whitespaces) : ""
                #expect(above.hasPrefix("///"), "\(file.path):\(index + 1) \(line)")
            }
        }
    }

    /// Every capitalised identifier the generated code uses is either declared by the game itself
    /// (and starts with its name) or is listed in `ReservedNames`, so no valid name can hide it.
    @Test func everyTypeTheTemplateUsesIsReserved() {
        let probe = try! GameName(validating: "Zq")
        var unknown: Set<String> = []
        for file in GameTemplate.files(for: probe) where file.path.hasSuffix(".swift") {
            for identifier in Self.codeIdentifiers(in: file.contents) where identifier.first!.isUppercase {
                if identifier.hasPrefix("Zq") { continue }
                if ReservedNames.types[identifier] == nil && !ReservedNames.modules.contains(identifier)
                    && !ReservedNames.keywords.contains(identifier) {
                    unknown.insert(identifier)
                }
            }
        }
        #expect(unknown.isEmpty, "not reserved: \(unknown.sorted())")
    }

    /// The identifiers of `source` outside comments and string literals (interpolations included).
    static func codeIdentifiers(in source: String) -> [String] {
        var identifiers: [String] = []
        for line in source.split(separator: "\n") {
            let code = line.trimmingCharacters(in: .whitespaces)
            if code.hasPrefix("//") { continue }
            var current = ""
            var inString = false
            var previous: Character = " "
            for character in code {
                if character == "\"" && previous != "\\" { inString.toggle() }
                if !inString && (character.isLetter || character.isNumber || character == "_") {
                    current.append(character)
                } else {
                    if !current.isEmpty { identifiers.append(current) }
                    current = ""
                }
                previous = character
            }
            if !current.isEmpty { identifiers.append(current) }
        }
        return identifiers.filter { !($0.first?.isNumber ?? true) }
    }
}
