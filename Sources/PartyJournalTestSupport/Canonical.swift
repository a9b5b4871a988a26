/// Everything a value holds, as text: every stored property (a table's game state included), with
/// dictionaries and sets in sorted order (their own order differs from one instance to another).
/// Two tables with the same text are the same table (the replay tests compare them so).
public enum Canonical {
    /// The text of `value`.
    public static func text(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .dictionary:
            let entries = mirror.children.map { entry -> String in
                let pair = Array(Mirror(reflecting: entry.value).children)
                return pair.count == 2 ? "\(text(pair[0].value)): \(text(pair[1].value))" : text(entry.value)
            }
            return "[" + entries.sorted().joined(separator: ", ") + "]"
        case .set:
            return "{" + mirror.children.map { text($0.value) }.sorted().joined(separator: ", ") + "}"
        case .optional:
            return mirror.children.first.map { text($0.value) } ?? "nil"
        case .collection, .tuple:
            return "(" + mirror.children.map { "\($0.label ?? ""):\(text($0.value))" }.joined(separator: ", ") + ")"
        case .struct, .class, .enum:
            guard !mirror.children.isEmpty else { return String(describing: value) }
            let fields = mirror.children.map { "\($0.label ?? ""):\(text($0.value))" }.joined(separator: ", ")
            return "\(type(of: value)){\(fields)}"
        default:
            return String(describing: value)
        }
    }
}
