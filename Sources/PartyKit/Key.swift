/// A key press, decoded from the terminal by `PartyTerminal`.
public enum Key: Hashable, Sendable {
    /// A printable character (space included).
    case character(Character)
    /// Enter / Return.
    case enter
    /// Backspace.
    case backspace
    /// Escape on its own.
    case escape
    /// Tab.
    case tab
    /// An arrow key, possibly with Shift held.
    case arrow(Direction, shift: Bool)
    /// Delete, Home, End, Page Up, Page Down.
    case delete, home, end, pageUp, pageDown
    /// Control plus a letter (lower-case), other than the ones above.
    case control(Character)

    /// An arrow direction.
    public enum Direction: Hashable, Sendable {
        /// ↑
        case up
        /// ↓
        case down
        /// ←
        case left
        /// →
        case right
    }
}
