/// The size of a terminal in character cells.
public struct TerminalSize: Hashable, Sendable {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The size assumed when the terminal does not say (80 × 24).
    public static let fallback = TerminalSize(width: 80, height: 24)
}
