import Synchronization

/// Sentences for the host's own full-screen player that come from the host process rather than
/// the session (a journal that cannot be written): the screen shows the newest on its status line.
public final class HostNotices: Sendable {
    private let pending = Mutex<String?>(nil)

    /// No notice yet.
    public init() {}

    /// Shows `text` at the next redraw.
    public func post(_ text: String) {
        pending.withLock { $0 = text }
    }

    /// The notice not yet shown, if any.
    func take() -> String? {
        pending.withLock { value in
            defer { value = nil }
            return value
        }
    }
}
