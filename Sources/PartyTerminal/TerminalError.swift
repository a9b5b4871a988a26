/// Why the terminal cannot enter full-screen mode.
public enum TerminalError: Error, Hashable, Sendable {
    /// Standard input or standard output is not a terminal.
    case notATerminal
    /// Another `Terminal` in this process is in full-screen mode.
    case alreadyActive
    /// This `Terminal` has been in full-screen mode already; create a new one.
    case alreadyUsed
    /// A system call failed with this `errno`.
    case systemCall(String, Int32)
}
