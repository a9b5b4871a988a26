/// Why a load run could not go on.
enum LoadError: Error {
    /// A listener did not report its port.
    case noPort
    /// Not every client got where it should within the time limit.
    case timedOut(String)
    /// A child process misbehaved.
    case child(String)
}

extension LoadError: CustomStringConvertible {
    var description: String {
        switch self {
        case .noPort: "A listener did not report its port."
        case .timedOut(let what): "Timed out: \(what)."
        case .child(let what): "The child process failed: \(what)."
        }
    }
}
