import Foundation
import PartyServer
import Testing

/// The host's one vocabulary of refusals: every reason it can send is documented in PROTOCOL.md,
/// said in a whole sentence, and nothing in PartyServer spells a reason as a bare string.
@Suite("Refusals: one typed vocabulary")
struct RefusalTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("every refusal's code is in PROTOCOL.md, and its sentence is a sentence")
    func documented() throws {
        let protocolText = try String(contentsOf: Self.root.appendingPathComponent("docs/PROTOCOL.md"), encoding: .utf8)
        for refusal in Refusal.examples {
            #expect(protocolText.contains("`\(refusal.code)`"), "\(refusal.code) is not in PROTOCOL.md")
            let sentence = refusal.description
            #expect(sentence.first.map { $0.isUppercase || $0 == "\"" } == true && sentence.last.map { ".!?".contains($0) } == true, "\(refusal.code): \(sentence)")
        }
    }

    @Test("admission refusals and fatal errors close the connection; the others do not")
    func closing() {
        #expect(Refusal.badToken.closes && Refusal.silent.closes && Refusal.tooManyMessages.closes)
        #expect(!Refusal.slowDown.closes && !Refusal.notHost.closes && !Refusal.move(.notYourTurn).closes)
        #expect(!Refusal.malformed(.invalidJSON(detail: "x")).closes)
    }

    @Test("no reason in Sources/PartyServer is a bare string literal (each is a Refusal case)")
    func noBareReasons() throws {
        let folder = Self.root.appendingPathComponent("Sources/PartyServer")
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        var found: [String] = []
        for file in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(#"reason: ""#) && !line.contains(#"reason: "hostQuit""#) {
                found.append("\(file.lastPathComponent):\(number + 1)")
            }
        }
        #expect(found.isEmpty, "\(found)")
    }
}
