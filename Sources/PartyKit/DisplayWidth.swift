/// How many terminal columns text takes: 2 for East Asian wide and fullwidth characters and emoji,
/// 0 for combining marks and zero-width characters, 1 for everything else.
///
/// Width is measured per `Character` (extended grapheme cluster), the way current terminals draw
/// it: a cluster is as wide as its first scalar that takes a column (so `e` + U+0301 is 1 and a
/// ZWJ family or a skin-toned emoji is 2), a cluster with U+FE0F VARIATION SELECTOR-16 (emoji
/// presentation, as in ❤️ or 1️⃣) is 2, and a flag (two regional indicators) is 2. Ambiguous-width
/// characters (East_Asian_Width A) count 1, as in every non-CJK locale. The tables are in
/// `DisplayWidth+Tables.swift`, which says where they come from.
public enum DisplayWidth {
    /// The columns `scalar` takes on its own: 0, 1 or 2 (control characters count 0).
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value < 0x20 ? 0 : 1 }
        if value < 0xA0 { return 0 }
        if value < 0x300 { return 1 }
        if contains(zero, value) { return 0 }
        return contains(wide, value) ? 2 : 1
    }

    /// The columns `character` takes: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        if scalars.count == 1, let only = scalars.first { return of(only) }
        var width = 0
        for scalar in scalars {
            if width == 0 {
                width = of(scalar)
            } else if scalar.value == 0xFE0F {
                return 2
            }
        }
        return width
    }

    /// The columns `text` takes (the sum over its characters; a line break counts 0).
    public static func of<Text: StringProtocol>(_ text: Text) -> Int {
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The longest start of `text` that fits in `columns` columns (never cutting a character).
    public static func prefix<Text: StringProtocol>(_ text: Text, columns: Int) -> Substring {
        let whole = Substring(text)
        var used = 0
        var end = whole.startIndex
        while end < whole.endIndex {
            let next = used + of(whole[end])
            if next > columns { break }
            used = next
            end = whole.index(after: end)
        }
        return whole[..<end]
    }

    /// `text` cut to `columns` columns, ending in "…" when something was cut (at least 1 column).
    public static func truncated<Text: StringProtocol>(_ text: Text, columns: Int) -> String {
        guard of(text) > columns else { return String(text) }
        guard columns > 0 else { return "" }
        return String(prefix(text, columns: columns - 1)) + "…"
    }

    /// Whether `value` lies in one of the closed ranges of `table` (first, last, first, last…).
    static func contains(_ table: [UInt32], _ value: UInt32) -> Bool {
        var low = 0, high = table.count / 2 - 1
        while low <= high {
            let middle = (low + high) / 2
            if value < table[2 * middle] {
                high = middle - 1
            } else if value > table[2 * middle + 1] {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}

extension StringProtocol {
    /// The columns this text takes on a terminal (see `DisplayWidth`).
    public var displayWidth: Int { DisplayWidth.of(self) }
}

extension Character {
    /// The columns this character takes on a terminal: 0, 1 or 2 (see `DisplayWidth`).
    public var displayWidth: Int { DisplayWidth.of(self) }
}
