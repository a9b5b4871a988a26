/// Why a client is sent `ended` (its `reason`): the whole session ended, or only this member's part in it.
public enum EndReason: String, CaseIterable, Hashable, Sendable {
    /// The host quit (q, Ctrl-C, a signal): the session is over for everyone.
    case hostQuit
    /// The VIP ended the party for everyone (`endParty`).
    case vipEnded
    /// The VIP removed this member (`remove`); the party goes on without them.
    case removed
}

extension EndReason: CustomStringConvertible {
    /// One sentence for the person told.
    public var description: String {
        switch self {
        case .hostQuit: "The host ended the session."
        case .vipEnded: "The VIP ended the party."
        case .removed: "The VIP removed you from the party."
        }
    }
}
