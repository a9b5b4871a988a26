import PartyShell
import PartyTerminal
import Synchronization

/// Warnings for the person at the host's terminal: written to standard error at once, or held
/// while the full-screen game owns the terminal and written when it gives the terminal back. A closed
/// standard error ends the process quietly, as SIGPIPE would (`StandardStreams`).
final class Warnings: Sendable {
    private let state = Mutex((holding: false, held: [String]()))
    /// Where warnings show while the full screen holds the terminal (its status line).
    let screen = HostNotices()

    /// Writes `text`, or keeps it for later (and shows it on the full screen's status line) while holding.
    func warn(_ text: String) {
        let written = state.withLock { state -> Bool in
            if state.holding { state.held.append(text) }
            return !state.holding
        }
        if written { Self.write(text) } else { screen.post(text) }
    }

    /// Starts keeping warnings (the full screen is about to take the terminal).
    func hold() {
        state.withLock { $0.holding = true }
    }

    /// Writes what was kept and stops keeping.
    func release() {
        let held = state.withLock { state -> [String] in
            state.holding = false
            defer { state.held.removeAll() }
            return state.held
        }
        held.forEach(Self.write)
    }

    private static func write(_ text: String) {
        StandardStreams.writeError("partyhost: " + text + "\n")
    }
}
