/// What can go wrong with a journal.
public enum JournalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The state directory cannot be made or used.
    case stateDirectory(path: String, detail: String)
    /// Another partyhost holds this party's journal.
    case locked(path: String, holder: String)
    /// The file is not a journal (or is damaged beyond reading).
    case unreadable(path: String, detail: String)
    /// The journal was written by a newer partyhost, in a format this one does not know.
    case newerFormat(path: String, found: Int, known: Int)
    /// A write failed (a full or read-only disk, an I/O error).
    case writeFailed(detail: String)
    /// An entry could not be turned back into an input.
    case damagedEntry(sequence: Int64, detail: String)
    /// In a fleet: this node no longer holds the party's room (another node claimed it, or this
    /// node's lease ran out), so it may not write the room's journal.
    case fenced(detail: String)
    /// In a fleet: another node's live room has the code already.
    case codeTaken(code: String)

    public var description: String {
        switch self {
        case .stateDirectory(let path, let detail):
            return "The state directory \(path) cannot be used: \(detail)."
        case .locked(let path, let holder):
            return "Another partyhost (\(holder)) is running this party on \(path); stop it first, or give this one another --name or --state."
        case .unreadable(let path, let detail):
            return "\(path) is not a journal partyhost can read (\(detail))."
        case .newerFormat(let path, let found, let known):
            return "\(path) was written by a newer partyhost (journal format \(found); this one knows up to \(known))."
        case .writeFailed(let detail):
            return "The journal could not be written: \(detail)."
        case .damagedEntry(let sequence, let detail):
            return "Journal entry \(sequence) is damaged: \(detail)."
        case .fenced(let detail):
            return "This node no longer holds the room, so it may not write its journal: \(detail)."
        case .codeTaken(let code):
            return "A live room of the fleet has the code \(code) already."
        }
    }
}
