import Foundation
import Testing

/// The host's texts say what happened, not which key to press: every client words its own keys
/// (the terminal's key line, the phone's buttons), so no sentence the host sends names a key.
@Suite("The host's words name no keys")
struct HostWordsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("no string in Sources/PartyServer or Sources/PartyWire tells people to press a key")
    func noKeysInHostTexts() throws {
        let pattern = try Regex(#""[^"\n]*\b[Pp]ress (r|s|q|y|t|Enter|Space|a key)\b[^"\n]*""#)
        var found: [String] = []
        for folder in ["Sources/PartyServer", "Sources/PartyWire"] {
            let url = Self.root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            for file in files where file.pathExtension == "swift" {
                for (number, line) in try String(contentsOf: file, encoding: .utf8).split(separator: "\n").enumerated()
                where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && line.contains(pattern) {
                    found.append("\(file.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("the page has no rewriting of host sentences for touch screens left")
    func noRewriting() throws {
        for file in ["Web/dom.js", "Web/app.js", "Web/lobby.js"] {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("forTouch"), "\(file)")
        }
    }
}
