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
    /// The host's IPv4 addresses (dotted quads), sorted; empty until the A records arrive.
    public var addresses: [String]
    /// The TXT key/value pairs.
    public var txt: [String: String]

    /// Creates a description (browsers make these; tests and UIs may too).
    public init(instanceName: String, serviceType: String, hostName: String, port: UInt16, addresses: [String], txt: [String: String]) {
        self.instanceName = instanceName
        self.serviceType = serviceType
        self.hostName = hostName
        self.port = port
        self.addresses = addresses
        self.txt = txt
    }

    /// The instance name identifies the service.
    public var id: String { instanceName }

    /// True when a connection can be made: an address is known.
    public var isResolved: Bool { !addresses.isEmpty }

    /// `name (host:port) key=value…` for logs and `--list`.
    public var description: String {
        let pairs = txt.keys.sorted().map { "\($0)=\(txt[$0] ?? "")" }.joined(separator: " ")
        return "\(instanceName) (\(hostName) \(addresses.joined(separator: ",")):\(port)) \(pairs)"
    }
}
