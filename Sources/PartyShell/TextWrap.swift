import PartyKit

/// Text broken into lines of a terminal's columns, by display width (emoji and CJK count two),
/// between words: a line is never cut mid-word unless one word is wider than a whole line.
enum TextWrap {
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
