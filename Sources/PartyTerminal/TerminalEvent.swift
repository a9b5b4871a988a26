import PartyKit

/// Something that happened at the terminal while it is in full-screen mode.
public enum TerminalEvent: Hashable, Sendable {
    /// A key was pressed. Ctrl-C arrives as `.key(.control("c"))`, since raw mode turns it into a key.
    case key(Key)
    /// The terminal now has this many columns and rows (SIGWINCH).
    case resize(width: Int, height: Int)
    /// The process received SIGINT from outside (e.g. `kill -INT`); only with `InterruptHandling.report`.
    case interrupt
}
