import PartyClient
import PartyTerminal

/// Everything a shell reacts to, merged into one stream.
enum ShellInput: Sendable {
    /// The host said something.
    case event(ClientEvent)
    /// The person pressed a key or resized the terminal.
    case terminal(TerminalEvent)
    /// The person typed a line (line mode); nil at end of input.
    case line(String?)
    /// Time passed (for countdowns and animations).
    case tick
}
