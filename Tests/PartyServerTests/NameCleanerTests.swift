import PartyServer
import Testing

/// Names keep their emoji sequences whole: a zero-width joiner (U+200D) inside an emoji ZWJ sequence
/// stays, one anywhere else goes (§4 counts a family emoji as one character; removing its joiners
/// made it three people, on phones, /tv and in `welcome.name`).
@Suite("Name cleaning keeps emoji sequences")
struct NameCleanerTests {
    static let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"  // 👨‍👩‍👧
    static let coder = "\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB}"  // 👩🏽‍💻 (a skin tone before the joiner)
    static let rainbowFlag = "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}"  // 🏳️‍🌈 (VS16 before the joiner)

    @Test("a joiner inside an emoji sequence stays", arguments: [
        family, "Ann \(family)", coder + " Ada", rainbowFlag, "\(family)\(coder)",
    ])
    func joinersInEmojiSequencesStay(name: String) {
        #expect(NameCleaner.clean(name) == name)
    }

    @Test func aFamilyIsOneCharacter() {
        #expect(NameCleaner.clean(Self.family).count == 1)
        #expect(NameCleaner.clean(Self.family).unicodeScalars.count == 5)
    }

    @Test("a joiner anywhere else goes", arguments: [
        ("A\u{200D}B", "AB"),
        ("\u{200D}Ann", "Ann"),
        ("Ann\u{200D}", "Ann"),
        ("\u{1F468}\u{200D}", "\u{1F468}"),  // nothing after it to join
        ("\u{200D}\u{1F469}", "\u{1F469}"),  // nothing before it
        ("\u{1F468}\u{200D}\u{200D}\u{1F469}", "\u{1F468}\u{1F469}"),  // two in a row join nothing
        ("\u{1F468} \u{200D}\u{1F469}", "\u{1F468} \u{1F469}"),
        ("1\u{200D}\u{1F469}", "1\u{1F469}"),  // a digit is not a pictograph: no sequence
        ("\u{1F469}\u{200D}1", "\u{1F469}1"),
        ("\u{0915}\u{094D}\u{200D}\u{0937}", "\u{0915}\u{094D}\u{0937}"),  // not an emoji sequence
        ("A\u{200B}\u{200C}\u{200E}\u{2060}B", "AB"),  // the other invisible characters still go
    ])
    func strayJoinersGo(name: String, cleaned: String) {
        #expect(NameCleaner.clean(name) == cleaned)
    }

    @Test func theCutKeepsSequencesWhole() {
        let long = String(repeating: Self.family, count: 30)
        let cleaned = NameCleaner.clean(long)
        #expect(cleaned == String(repeating: Self.family, count: NameCleaner.maxLength))
        #expect(cleaned.count == NameCleaner.maxLength)
    }

    @Test("welcome.name keeps a family emoji whole")
    func welcomeName() async throws {
        try await withHost(TwoSeatsOrMore.self) { _, port in
            try await RawClient.with(port: port) { client in
                // JSON escapes: the hello carries the joiners as \u200d.
                try await client.hello("Ann \\ud83d\\udc68\\u200d\\ud83d\\udc69\\u200d\\ud83d\\udc67")
                let name = try await client.next("welcome")?["name"] as? String
                #expect(name == "Ann \(Self.family)")
                #expect(name?.count == 5)
            }
        }
    }
}
