/// A service instance a `ServiceBrowser` has found.
public struct DiscoveredService: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// The instance name people see, such as "Alice's Four in a Row".
    public var instanceName: String
    /// The service type, such as `_partyhost._tcp`.
    public var serviceType: String
    /// The target host name from the SRV record, such as `partyhost-1a2b3c4d.local.`.
    public var hostName: String
    /// The TCP port from the SRV record.
    public var port: UInt16
    /// The host's addresses, empty until its A or AAAA records arrive: IPv4 dotted quads first, then
    /// IPv6 addresses (`fd00::1`), then link-local IPv6 addresses with the interface they were heard
    /// on (`fe80::1%eth0`); each group in byte order. `PartyConnection` tries them happy-eyeballs style.
    public var addresses: [String]
    /// The TXT key/value pairs.
    public var txt: [String: String]
    /// The unicast DNS domain it was found in (wide-area DNS-SD, such as `party.example.org`);
    /// nil for a session found by multicast DNS on the local network.
    public var domain: String?

    /// Creates a description (browsers make these; tests and UIs may too).
    public init(instanceName: String, serviceType: String, hostName: String, port: UInt16, addresses: [String], txt: [String: String],
                domain: String? = nil) {
        self.domain = domain
        self.instanceName = instanceName
        self.serviceType = serviceType
        self.hostName = hostName
        self.port = port
        self.addresses = addresses
        self.txt = txt
    }

    /// The instance name identifies the service (with its domain, for a wide-area one).
    public var id: String { domain.map { "\(instanceName).\($0)" } ?? instanceName }

    /// True for a session found in a unicast DNS domain rather than on the local network.
    public var isWideArea: Bool { domain != nil }

    /// True when a connection can be made: an address is known.
    public var isResolved: Bool { !addresses.isEmpty }

    /// `name (host:port) key=value…` for logs and `--list`.
    public var description: String {
        let pairs = txt.keys.sorted().map { "\($0)=\(txt[$0] ?? "")" }.joined(separator: " ")
        let area = domain.map { " [wide-area \($0)]" } ?? ""
        return "\(instanceName)\(area) (\(hostName) \(addresses.joined(separator: ",")):\(port)) \(pairs)"
    }
}
