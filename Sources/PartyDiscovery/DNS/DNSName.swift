/// A domain name as a list of labels, compared case-insensitively (ASCII) as RFC 6762 requires.
public struct DNSName: Sendable, Hashable, CustomStringConvertible {
    /// The raw bytes of each label, most specific first; the root label is implicit.
    public let rawLabels: [[UInt8]]

    /// The longest label DNS allows, in bytes.
    public static let maximumLabelLength = 63
    /// The longest name DNS allows on the wire, in bytes (length octets and root included).
    public static let maximumWireLength = 255

    /// Creates a name from labels, throwing when a label is empty or too long or the name too long.
    public init(labels: [String]) throws(DNSNameError) {
        try self.init(rawLabels: labels.map { Array($0.utf8) })
    }

    /// Creates a name from raw label bytes with the same checks as `init(labels:)`.
    public init(rawLabels: [[UInt8]]) throws(DNSNameError) {
        var wireLength = 1
        for label in rawLabels {
            guard !label.isEmpty else { throw .emptyLabel }
            guard label.count <= Self.maximumLabelLength else { throw .labelTooLong(label.count) }
            wireLength += 1 + label.count
        }
        guard wireLength <= Self.maximumWireLength else { throw .nameTooLong(wireLength) }
        self.rawLabels = rawLabels
    }

    /// Creates a name from dotted text such as `_partyhost._tcp.local.` (no escapes; a label with a
    /// dot in it must use `init(labels:)`).
    public init(_ dotted: String) throws(DNSNameError) {
        try self.init(labels: dotted.split(separator: ".", omittingEmptySubsequences: true).map(String.init))
    }

    /// Creates a name known to be valid; used for names built from already checked parts.
    init(unchecked rawLabels: [[UInt8]]) {
        self.rawLabels = rawLabels
    }

    /// The labels decoded as UTF-8 (invalid bytes are replaced).
    public var labels: [String] {
        rawLabels.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The number of bytes this name takes on the wire without compression.
    public var wireLength: Int {
        rawLabels.reduce(1) { $0 + 1 + $1.count }
    }

    /// The name with its first label removed (the parent domain).
    public var parent: DNSName {
        DNSName(unchecked: Array(rawLabels.dropFirst()))
    }

    /// Returns this name with `label` put in front, throwing if the result is invalid.
    public func prepending(_ label: String) throws(DNSNameError) -> DNSName {
        try DNSName(rawLabels: [Array(label.utf8)] + rawLabels)
    }

    /// True when this name lies strictly below `ancestor` (`a.b.c` is inside `b.c`).
    public func isInside(_ ancestor: DNSName) -> Bool {
        rawLabels.count > ancestor.rawLabels.count
            && DNSName(unchecked: Array(rawLabels.suffix(ancestor.rawLabels.count))) == ancestor
    }

    /// Dotted text with a trailing dot; dots and backslashes inside labels are escaped.
    public var description: String {
        labels.map { $0.replacingAll("\\", with: "\\\\").replacingAll(".", with: "\\.") }.joined(separator: ".") + "."
    }

    /// Labels lowered to ASCII lower case, the form names are compared and hashed in.
    var canonicalLabels: [[UInt8]] {
        rawLabels.map { $0.map(Self.lowercased) }
    }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        (byte >= 65 && byte <= 90) ? byte + 32 : byte
    }

    /// Case-insensitive equality (ASCII letters only, as RFC 6762 section 16 says).
    public static func == (lhs: DNSName, rhs: DNSName) -> Bool {
        guard lhs.rawLabels.count == rhs.rawLabels.count else { return false }
        for (a, b) in zip(lhs.rawLabels, rhs.rawLabels) {
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) where lowercased(x) != lowercased(y) {
                return false
            }
        }
        return true
    }

    /// Hashes the lower-cased labels so equal names hash alike.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(canonicalLabels)
    }
}

/// Why a name could not be built.
public enum DNSNameError: Error, Sendable, Equatable {
    /// A label was empty (two dots in a row or an empty string).
    case emptyLabel
    /// A label was longer than 63 bytes; the associated value is its length.
    case labelTooLong(Int)
    /// The name was longer than 255 bytes on the wire; the associated value is its length.
    case nameTooLong(Int)
}

extension DNSNameError: CustomStringConvertible {
    /// A sentence a person can read.
    public var description: String {
        switch self {
        case .emptyLabel: "a DNS name has an empty label"
        case .labelTooLong(let n): "a DNS label is \(n) bytes long (at most 63 are allowed)"
        case .nameTooLong(let n): "a DNS name is \(n) bytes long (at most 255 are allowed)"
        }
    }
}

extension String {
    /// Replaces every occurrence of `target` (no Foundation needed).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self {
            if c == target { out += replacement } else { out.append(c) }
        }
        return out
    }
}
