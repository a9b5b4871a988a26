/// Why a node cannot join its fleet.
public enum FleetError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `--database` is not a connection string partyhost reads.
    case badDatabaseURL(url: String, detail: String)
    /// `--node-name` is empty, too long, or has characters other than letters, digits, `-`, `_` and `.`.
    case badNodeName(String)

    public var description: String {
        switch self {
        case .badDatabaseURL(let url, let detail):
            "--database \(url) cannot be used: \(detail)."
        case .badNodeName(let name):
            "--node-name \(name) cannot be used: a node's name is 1 to 63 letters, digits, '-', '_' or '.'."
        }
    }
}
