/// Why a load run could not go on.
enum LoadError: Error {
    /// A listener did not report its port.
    case noPort
    /// Not every client got where it should within the time limit.
    case timedOut(String)
    /// A child process misbehaved.
    case child(String)
    /// A frame the load client writes by hand differs from the codec's.
    case frameMismatch(String)
    /// A floor did not play as the host does (it rejected moves or refused clients).
    case floorMisbehaved(String)
}

extension LoadError: CustomStringConvertible {
    var description: String {
        switch self {
        case .noPort: "A listener did not report its port."
        case .timedOut(let what): "Timed out: \(what)."
        case .child(let what): "The child process failed: \(what)."
        case .frameMismatch(let what): "The load client's frame differs from the codec's: \(what)."
        case .floorMisbehaved(let what): "The floor did not play as the host does: \(what)."
        }
    }
}
