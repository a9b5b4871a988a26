/// What can go wrong while advertising, browsing or resolving.
public enum DiscoveryError: Error, Sendable, Equatable {
    /// The system's interface list could not be read.
    case interfaceLookupFailed(String)
    /// An interface named by the caller does not exist or has no IPv4 or IPv6 address.
    case noSuchInterface(String)
    /// No interface is up, multicast-capable and has an IPv4 or IPv6 address.
    case noUsableInterface
    /// UDP port 5353 could not be opened or the multicast group not joined.
    case socketFailed(String)
    /// A TXT entry is longer than 255 bytes or has an empty or `=`-containing key.
    case invalidTXT(String)
    /// The instance name or service type cannot form a valid DNS name.
    case invalidName(String)
    /// The named service did not answer in time or said goodbye.
    case serviceUnavailable(String)
}

extension DiscoveryError: CustomStringConvertible {
    /// A sentence a person can read.
    public var description: String {
        switch self {
        case .interfaceLookupFailed(let why): "could not list network interfaces: \(why)"
        case .noSuchInterface(let name): "there is no interface \(name) with an IPv4 or IPv6 address"
        case .noUsableInterface: "no network interface is up with multicast and an IPv4 or IPv6 address"
        case .socketFailed(let why): "could not open the mDNS socket (UDP 5353): \(why)"
        case .invalidTXT(let why): "invalid TXT entry: \(why)"
        case .invalidName(let why): "invalid service name: \(why)"
        case .serviceUnavailable(let name): "\(name) is no longer available"
        }
    }
}
