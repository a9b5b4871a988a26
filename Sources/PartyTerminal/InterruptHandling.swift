/// What full-screen mode does when the process receives SIGINT.
///
/// Ctrl-C typed at the keyboard never raises SIGINT in raw mode: it arrives as the key
/// `.control("c")`. This only concerns SIGINT sent from outside (`kill -INT`, a process group signal).
public enum InterruptHandling: Hashable, Sendable {
    /// Restore the terminal, then end the process the conventional way (killed by SIGINT, status 130).
    case exit
    /// Deliver `TerminalEvent.interrupt` and keep running; the program decides and calls `restore()`.
    case report
}
