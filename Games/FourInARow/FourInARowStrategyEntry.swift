/// What the strategy book says about one position where the bot is to move.
public struct FourInARowStrategyEntry: Hashable, Sendable {
    /// The column (0-based) to play; nil where the live solver takes over (it answers in time there).
    public let column: Int?
    /// The position's weak value for the side to move: 1 won, 0 drawn, -1 lost.
    public let value: Int

    /// An entry playing `column` (nil: the live solver plays) in a position of weak `value`.
    public init(column: Int?, value: Int) {
        self.column = column
        self.value = value
    }

    /// The entry's two characters in the book's text: the column 1–7 or `-`, then `w`, `d` or `l`.
    public var token: String {
        (column.map { String($0 + 1) } ?? "-") + (value > 0 ? "w" : value == 0 ? "d" : "l")
    }

    /// The entry that `token`'s two characters spell; nil when they spell none.
    public init?(token: Substring) {
        let characters = Array(token)
        guard characters.count == 2 else { return nil }
        let column: Int?
        if characters[0] == "-" {
            column = nil
        } else if let digit = characters[0].wholeNumberValue, (1...7).contains(digit) {
            column = digit - 1
        } else {
            return nil
        }
        switch characters[1] {
        case "w": self.init(column: column, value: 1)
        case "d": self.init(column: column, value: 0)
        case "l": self.init(column: column, value: -1)
        default: return nil
        }
    }
}
