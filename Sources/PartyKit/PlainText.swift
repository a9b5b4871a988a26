/// Limits and helpers for the plain text a game sends to clients without its presenter.
public enum PlainText {
    /// The widest line `GameRules.plainText(of:context:)` may produce, in characters.
    public static let width = 72
    /// The longest label of a `LabelledMove`, in characters.
    public static let maximumLabelLength = 40

    /// `text` split at spaces into lines of at most `width` characters; continuation lines keep the
    /// first line's indentation, and a word longer than a line is cut.
    public static func wrap(_ text: String, width: Int = width) -> [String] {
        guard text.count > width else { return [text] }
        var lines: [String] = []
        var line = String(text.prefix { $0 == " " })
        let indent = line
        for word in text.split(separator: " ") {
            if line.count > indent.count, line.count + 1 + word.count > width {
                lines.append(line)
                line = indent
            }
            var rest = Substring(word)
            while indent.count + rest.count > width {
                let room = max(1, width - indent.count)
                lines.append(indent + rest.prefix(room))
                rest = rest.dropFirst(room)
            }
            line += line.count > indent.count ? " " + rest : String(rest)
        }
        if line.count > indent.count { lines.append(line) }
        return lines
    }
}
