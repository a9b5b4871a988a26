import PartyKit
import Testing

/// Display widths of single characters and strings, and the width tables against the standard
/// library's own Unicode data.
@Suite("Display width")
struct DisplayWidthTests {
    @Test("Characters take the columns a terminal gives them", arguments: [
        ("a", 1), ("é", 1), ("e\u{301}", 1), ("ñ", 1), ("─", 1), ("€", 1),
        ("中", 2), ("한", 2), ("ア", 2), ("Ａ", 2), ("\u{3000}", 2), ("\u{1100}\u{1161}\u{11A8}", 2),
        ("😀", 2), ("🎲", 2), ("👍🏽", 2), ("👩‍👩‍👧", 2), ("🏳️‍🌈", 2), ("🇫🇷", 2),
        ("❤️", 2), ("1️⃣", 2), ("❤", 1), ("☺", 1),
        ("\u{301}", 0), ("\u{200B}", 0), ("\u{200D}", 0), ("\u{FEFF}", 0), ("\u{7}", 0),
    ] as [(Character, Int)])
    func character(_ character: Character, _ width: Int) {
        #expect(character.displayWidth == width, "\(character.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test("Strings add up their characters")
    func strings() {
        #expect("Bob".displayWidth == 3)
        #expect("東京大阪".displayWidth == 8)
        #expect("Ame\u{301}lie 名前 🎲".displayWidth == 14)
        #expect("".displayWidth == 0)
    }

    @Test("Cutting to a width never splits a character and says so with …")
    func cutting() {
        #expect(DisplayWidth.prefix("東京大阪", columns: 5) == "東京")
        #expect(DisplayWidth.prefix("e\u{301}te\u{301}", columns: 2) == "e\u{301}t")
        #expect(DisplayWidth.truncated("東京大阪", columns: 8) == "東京大阪")
        #expect(DisplayWidth.truncated("東京大阪", columns: 7) == "東京大…")
        #expect(DisplayWidth.truncated("東京大阪", columns: 6) == "東京…")
        #expect(DisplayWidth.truncated("Alexandra", columns: 4) == "Ale…")
        #expect(DisplayWidth.truncated("Alexandra", columns: 0) == "")
    }

    @Test("Every emoji-presentation scalar the standard library knows is wide")
    func emojiTableIsCurrent() {
        var missing: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.isEmojiPresentation else { continue }
            if DisplayWidth.of(scalar) != 2 { missing.append(String(value, radix: 16)) }
        }
        #expect(missing.isEmpty, "not wide: \(missing.prefix(20))")
    }

    @Test("The zero-width table is exactly Mn, Me and Cf (but the soft hyphen) plus the Hangul vowels and finals")
    func zeroWidthTableIsCurrent() {
        var wrong: [String] = []
        for value in UInt32(0xA0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected: Bool
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: expected = value != 0xAD
            default: expected = (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value)
            }
            if (DisplayWidth.of(scalar) == 0) != expected { wrong.append(String(value, radix: 16)) }
        }
        #expect(wrong.isEmpty, "disagree: \(wrong.prefix(20))")
    }
}
