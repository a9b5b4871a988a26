/// The type-specific data of a resource record.
public enum DNSRecordData: Sendable, Hashable {
    /// An IPv4 address, four bytes in network order.
    case a(IPv4Bytes)
    /// An IPv6 address, sixteen bytes in network order.
    case aaaa([UInt8])
    /// A pointer to a name (service type → instance).
    case ptr(DNSName)
    /// A service's location.
    case srv(priority: UInt16, weight: UInt16, port: UInt16, target: DNSName)
    /// Text strings, each at most 255 bytes.
    case txt([[UInt8]])
    /// The types that exist for a name (negative answers).
    case nsec(next: DNSName, types: Set<DNSRecordType>)
    /// Any other type, kept as raw bytes.
    case unknown(type: DNSRecordType, bytes: [UInt8])

    /// The type this data belongs to.
    public var type: DNSRecordType {
        switch self {
        case .a: .a
        case .aaaa: .aaaa
        case .ptr: .ptr
        case .srv: .srv
        case .txt: .txt
        case .nsec: .nsec
        case .unknown(let type, _): type
        }
    }
}

/// Four bytes of an IPv4 address in network order.
public struct IPv4Bytes: Sendable, Hashable, CustomStringConvertible {
    /// The address bytes, most significant first.
    public let bytes: (UInt8, UInt8, UInt8, UInt8)

    /// Creates an address from its four bytes.
    public init(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) { bytes = (a, b, c, d) }

    /// Parses dotted-quad text such as `127.0.0.1`; nil if it is not one.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        let values = parts.compactMap { UInt8($0) }
        guard values.count == 4 else { return nil }
        self.init(values[0], values[1], values[2], values[3])
    }

    /// The bytes as an array.
    public var array: [UInt8] { [bytes.0, bytes.1, bytes.2, bytes.3] }

    /// Dotted-quad text.
    public var description: String { "\(bytes.0).\(bytes.1).\(bytes.2).\(bytes.3)" }

    /// Compares the four bytes.
    public static func == (lhs: IPv4Bytes, rhs: IPv4Bytes) -> Bool { lhs.array == rhs.array }

    /// Hashes the four bytes.
    public func hash(into hasher: inout Hasher) { hasher.combine(array) }
}
