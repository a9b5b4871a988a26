import PartyKit

/// Text broken into lines of a terminal's columns, by display width (emoji and CJK count two),
/// between words: a line is never cut mid-word unless one word is wider than a whole line.
enum TextWrap {
    /// `text` wrapped like `lines`, but never inside one of `names` (a name with spaces, such as
    /// "Bartholomew Longname", stays on one line).
    static func lines(_ text: String, keeping names: [String], width: Int, indent: String = "  ", maxLines: Int = .max) -> [String] {
        var joined = text
        for name in names.sorted(by: { $0.count > $1.count }) where name.contains(" ") && name.displayWidth <= width - indent.displayWidth {
            joined = joined.replacing(name, with: name.replacing(" ", with: glue))
        }
        return lines(joined, width: width, indent: indent, maxLines: maxLines).map { $0.replacing(glue, with: " ") }
    }

    /// Holds a name's words together while wrapping (U+00A0, one column like a space).
    static let glue = "\u{00A0}"

    /// `text` in lines of at most `width` columns, the lines after the first indented by `indent`;
    /// at most `maxLines`, the last ending in "…" when words had to be left out.
    static func lines(_ text: String, width: Int, indent: String = "  ", maxLines: Int = .max) -> [String] {
        guard width > 0, maxLines > 0 else { return [] }
        guard text.displayWidth > width else { return [text] }
        let words = text.split(separator: " ").map(String.init)
        var lines: [String] = []
        var line = ""
        for word in words {
            let prefix = lines.isEmpty ? "" : indent
            let candidate = line.isEmpty ? prefix + word : line + " " + word
            if candidate.displayWidth <= width || line.isEmpty {
                line = DisplayWidth.truncated(candidate, columns: width)
            } else {
                lines.append(line)
                line = DisplayWidth.truncated(indent + word, columns: width)
            }
        }
        if !line.isEmpty { lines.append(line) }
        guard lines.count > maxLines else { return lines }
        var kept = Array(lines.prefix(maxLines))
        var last = kept[maxLines - 1]
        while !last.isEmpty, (last + " …").displayWidth > width {
            guard let space = last.lastIndex(of: " "), space > last.startIndex else {
                last = DisplayWidth.truncated(last, columns: max(1, width - 1))
                break
            }
            last = String(last[..<space])
        }
        while let end = last.last, ",·:;—&".contains(end) || end == " " { last.removeLast() }
        kept[maxLines - 1] = last + " …"
        return kept
    }
}
