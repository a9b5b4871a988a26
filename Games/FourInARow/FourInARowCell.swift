import PartyKit

/// A cell of the board as people count it: column 1 (left) to 7, row 1 (bottom) to 6.
public struct FourInARowCell: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The column, 1 (left) to 7 (right).
    public var column: Int
    /// The row, 1 (bottom) to 6 (top).
    public var row: Int

    /// Creates a cell.
    public init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }

    /// Whether the cell lies on the 7 × 6 board.
    public var isOnBoard: Bool {
        (1...FourInARowBoard.columns).contains(column) && (1...FourInARowBoard.rows).contains(row)
    }

    /// The cell as `(column,row)`, for line mode and messages.
    public var description: String { "(\(column),\(row))" }
}
