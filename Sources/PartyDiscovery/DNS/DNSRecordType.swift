/// A DNS resource record type (RFC 1035 and successors).
public struct DNSRecordType: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The numeric type code.
    public let rawValue: UInt16

    /// Creates a type from its numeric code.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// An IPv4 address.
    public static let a = DNSRecordType(rawValue: 1)
    /// The start of a zone of authority (unicast DNS; the zone of an UPDATE).
    public static let soa = DNSRecordType(rawValue: 6)
    /// A pointer to another name.
    public static let ptr = DNSRecordType(rawValue: 12)
    /// Text strings.
    public static let txt = DNSRecordType(rawValue: 16)
    /// An IPv6 address.
    public static let aaaa = DNSRecordType(rawValue: 28)
    /// A service location (priority, weight, port, target).
    public static let srv = DNSRecordType(rawValue: 33)
    /// Authenticated denial of existence, used by mDNS for negative answers.
    public static let nsec = DNSRecordType(rawValue: 47)
    /// A transaction signature (RFC 8945), the last additional record of a signed message.
    public static let tsig = DNSRecordType(rawValue: 250)
    /// Any type (questions only).
    public static let any = DNSRecordType(rawValue: 255)

    /// Orders by numeric code.
    public static func < (lhs: DNSRecordType, rhs: DNSRecordType) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The mnemonic such as `PTR`, or `TYPE<n>`.
    public var description: String {
        switch self {
        case .a: "A"
        case .ptr: "PTR"
        case .txt: "TXT"
        case .aaaa: "AAAA"
        case .srv: "SRV"
        case .nsec: "NSEC"
        case .any: "ANY"
        case .soa: "SOA"
        case .tsig: "TSIG"
        default: "TYPE\(rawValue)"
        }
    }
}
