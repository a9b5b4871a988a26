import Glibc

extension TerminalError: CustomStringConvertible {
    /// The error as a sentence for the terminal.
    public var description: String {
        switch self {
        case .notATerminal:
            return "standard input and output must both be a terminal for full-screen mode"
        case .alreadyActive:
            return "the terminal is already in full-screen mode"
        case .alreadyUsed:
            return "this terminal session has ended; start a new one"
        case let .systemCall(name, code):
            return "\(name) failed: \(String(cString: strerror(code))) (errno \(code))"
        }
    }
}
