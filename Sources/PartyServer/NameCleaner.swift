/// Makes a player's requested name safe to draw in everyone's terminal, and unique at the table.
public enum NameCleaner {
    /// The longest name kept, in characters.
    public static let maxLength = 24

    /// Removes escape sequences, control and invisible formatting characters (a zero-width joiner
    /// too, except inside an emoji sequence such as a family emoji), collapses spaces and trims;
    /// returns an empty string when nothing printable is left.
    public static func clean(_ raw: String) -> String {
        var scalars: [Unicode.Scalar] = []
        var iterator = raw.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            switch scalar.value {
            case 0x1B, 0x9B:
                // ESC or CSI: skip the whole sequence (CSI … final byte, OSC … BEL/ST, or one more char).
                skipEscape(after: scalar, in: &iterator)
            case 0x00..<0x20, 0x7F...0x9F:
                scalars.append(" ")
            case 0x200D:
                scalars.append(scalar)  // kept for now: emoji sequences need it (below)
            case 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2069, 0xFEFF, 0xFFF9...0xFFFB:
                continue  // zero-width and bidirectional controls
            default:
                scalars.append(scalar)
            }
        }
        var text = withoutStrayJoiners(String(String.UnicodeScalarView(scalars)))
        text = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        if text.count > maxLength {
            text = String(text.prefix(maxLength)).trimmingWhitespace()
        }
        return text
    }

    /// A name for `raw` that differs from every name in `taken` (case-insensitively): the cleaned
    /// name, "Player N" when it is empty, with " (2)", " (3)"… added when needed.
    public static func unique(_ raw: String, seat: Int, taken: [String]) -> String {
        var base = clean(raw)
        if base.isEmpty { base = "Player \(seat + 1)" }
        let lowered = Set(taken.map { $0.lowercased() })
        guard lowered.contains(base.lowercased()) else { return base }
        var number = 2
        while lowered.contains("\(base) (\(number))".lowercased()) { number += 1 }
        return "\(base) (\(number))"
    }

    /// Removes every zero-width joiner (U+200D) except those that join two emoji into one
    /// character (👨‍👩‍👧, 👩🏽‍💻, 🏳️‍🌈): one is kept only when the grapheme cluster it is in (Swift's,
    /// which follows Unicode's rule for emoji ZWJ sequences) begins with an emoji and goes on past
    /// the joiner with another emoji. Anywhere else it would only hide characters or join letters.
    static func withoutStrayJoiners(_ text: String) -> String {
        guard text.unicodeScalars.contains(zeroWidthJoiner) else { return text }
        var kept = String.UnicodeScalarView()
        for character in text {
            let scalars = Array(character.unicodeScalars)
            for (index, scalar) in scalars.enumerated() {
                if scalar == zeroWidthJoiner {
                    guard index > 0, scalars[0].properties.isEmoji, index + 1 < scalars.count,
                          scalars[index + 1] != zeroWidthJoiner, scalars[index + 1].properties.isEmoji else { continue }
                }
                kept.append(scalar)
            }
        }
        return String(kept)
    }

    private static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"

    private static func skipEscape(after introducer: Unicode.Scalar, in iterator: inout String.UnicodeScalarView.Iterator) {
        var isCSI = introducer.value == 0x9B
        var isString = false
        if !isCSI {
            guard let next = iterator.next() else { return }
            switch next {
            case "[": isCSI = true
            case "]", "P", "X", "^", "_": isString = true
            default: return  // a two-character escape such as ESC c
            }
        }
        while let scalar = iterator.next() {
            if isCSI, (0x40...0x7E).contains(scalar.value) { return }
            if isString, scalar.value == 0x07 || scalar.value == 0x9C { return }
            if isString, scalar.value == 0x1B { _ = iterator.next(); return }
        }
    }
}

import PartyKit
