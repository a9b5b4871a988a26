/// Digits drawn five rows high with block characters, for the challenge's numbers.
public enum BigDigits {
    /// Rows per digit.
    public static let height = 5
    /// Columns per digit.
    public static let width = 5

    /// The five rows of `digit` (0-9); a blank block for anything else.
    public static func rows(of digit: Int) -> [String] {
        guard (0...9).contains(digit) else { return Array(repeating: String(repeating: " ", count: width), count: height) }
        return patterns[digit].map { row in String(row.map { $0 == "#" ? "█" : " " }) }
    }

    /// The rows of a whole number, digits separated by one blank column.
    public static func rows(ofNumber number: Int) -> [String] {
        let digits = String(max(0, number)).compactMap(\.wholeNumberValue)
        return (0..<height).map { row in digits.map { rows(of: $0)[row] }.joined(separator: " ") }
    }

    private static let patterns: [[String]] = [
        ["#####", "#   #", "#   #", "#   #", "#####"],
        ["  #  ", " ##  ", "  #  ", "  #  ", " ### "],
        ["#####", "    #", "#####", "#    ", "#####"],
        ["#####", "    #", " ####", "    #", "#####"],
        ["#   #", "#   #", "#####", "    #", "    #"],
        ["#####", "#    ", "#####", "    #", "#####"],
        ["#####", "#    ", "#####", "#   #", "#####"],
        ["#####", "    #", "   # ", "  #  ", "  #  "],
        ["#####", "#   #", "#####", "#   #", "#####"],
        ["#####", "#   #", "#####", "    #", "#####"],
    ]
}
