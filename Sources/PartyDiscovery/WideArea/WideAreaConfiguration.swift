/// What a `WideAreaPublisher` publishes, where, and with which key.
public struct WideAreaConfiguration: Sendable {
    /// The zone to publish in, such as `party.example.org` (the zone's apex: its SOA is there).
    public var domain: String
    /// The zone's primary server, which takes the updates.
    public var server: DNSServerAddress
    /// The key the server allows to update the zone.
    public var key: TSIGKey
    /// The instance name people see.
    public var instanceName: String
    /// The service type, `_partyhost._tcp`.
    public var serviceType: String
    /// Subtype labels such as `_fourinarow`.
    public var subtypes: [String]
    /// The TCP port.
    public var port: UInt16
    /// TXT key/value pairs.
    public var txt: [String: String]
    /// A host name that already resolves to this machine, for the SRV target; nil publishes our own
    /// `partyhost-<8 hex>.<domain>` with the machine's addresses.
    public var hostName: String?
    /// How long the records count as alive after each refresh (at least 3 s). They are refreshed
    /// every third of it and carry a TTL of a third of it; browsers hide a session whose lease
    /// ran out, and the next publisher's sweep deletes its records.
    public var lease: Duration
    /// How long past its lease another session's records stay before this publisher deletes them:
    /// the clock difference TSIG allows between two hosts (300 s), so a host whose clock is a few
    /// minutes fast never deletes a live session.
    public var sweepGrace: Duration = .seconds(Int64(TSIG.fudge))
    /// How long one update or query waits for the server's answer (resent meanwhile over UDP).
    public var timeout: Duration = .seconds(5)

    /// The lease partyhost uses: 180 s (refreshed every 60 s, TTL 60 s).
    public static let defaultLease = Duration.seconds(180)

    /// Creates a configuration.
    public init(domain: String, server: DNSServerAddress, key: TSIGKey, instanceName: String,
                serviceType: String = ServiceConfiguration.partyhostServiceType, subtypes: [String] = [],
                port: UInt16, txt: [String: String] = [:], hostName: String? = nil,
                lease: Duration = WideAreaConfiguration.defaultLease) {
        self.domain = domain
        self.server = server
        self.key = key
        self.instanceName = instanceName
        self.serviceType = serviceType
        self.subtypes = subtypes
        self.port = port
        self.txt = txt
        self.hostName = hostName
        self.lease = max(lease, .seconds(3))
    }

    /// The lease in whole seconds.
    var leaseSeconds: UInt64 { UInt64(lease.components.seconds) }
    /// The records' TTL: a third of the lease.
    var ttl: UInt32 { UInt32(max(1, leaseSeconds / 3)) }
    /// How often the records are refreshed.
    var refreshInterval: Duration { lease / 3 }
}
