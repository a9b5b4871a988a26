/// Why a TSIG key file could not be used.
public enum TSIGKeyError: Error, Sendable, Equatable {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The file has no `key` statement.
    case noKey(path: String)
    /// Something other than what BIND's format has at that place.
    case syntax(path: String, line: Int, expected: String, found: String)
    /// The key's name is no valid DNS name.
    case badName(path: String, name: String)
    /// The `algorithm` or `secret` line is missing.
    case missing(path: String, what: String)
    /// An algorithm other than hmac-sha256.
    case unsupportedAlgorithm(path: String, algorithm: String)
    /// The secret is not base64.
    case badSecret(path: String)
}

extension TSIGKeyError: CustomStringConvertible {
    /// A sentence a person can read.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read the TSIG key file \(path): \(reason)"
        case .noKey(let path): "\(path) holds no key statement (make one with: tsig-keygen -a hmac-sha256 NAME > \(path))"
        case .syntax(let path, let line, let expected, let found):
            "\(path) line \(line): expected \(expected) but found \"\(found)\" (the file should be as tsig-keygen writes it)"
        case .badName(let path, let name): "\(path): the key name \"\(name)\" is not a valid DNS name"
        case .missing(let path, let what): "\(path): the key has no \(what) line"
        case .unsupportedAlgorithm(let path, let algorithm):
            "\(path): the key's algorithm is \(algorithm), but only hmac-sha256 is supported (tsig-keygen -a hmac-sha256)"
        case .badSecret(let path): "\(path): the key's secret is not valid base64"
        }
    }
}
