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

/// Names of wide-area DNS-SD (RFC 6763) in a domain.
enum WideAreaNames {
    /// `<labels of text>` as a name.
    static func domain(_ text: String) throws(WideAreaError) -> DNSName {
        do { return try DNSName(text) } catch { throw .badName("\(text): \(error)") }
    }

    /// `<type>.<domain>`.
    static func serviceType(_ type: String, in domain: DNSName) throws(WideAreaError) -> DNSName {
        do { return try DNSName(rawLabels: try DNSName(type).rawLabels + domain.rawLabels) } catch { throw .badName("\(type): \(error)") }
    }

    /// `<instance>.<type>.<domain>`.
    static func instance(_ name: String, type: DNSName) throws(WideAreaError) -> DNSName {
        guard !name.isEmpty else { throw .badName("the instance name is empty") }
        do { return try type.prepending(name) } catch { throw .badName("\(name): \(error)") }
    }

    /// `<subtype>._sub.<type>.<domain>`.
    static func subtype(_ subtype: String, type: DNSName) throws(WideAreaError) -> DNSName {
        do { return try type.prepending("_sub").prepending(subtype) } catch { throw .badName("\(subtype): \(error)") }
    }

    /// `_lease.<instance>`: a TXT record `expires=<seconds since 1970>` (see DISCOVERY.md).
    static func lease(of instance: DNSName) throws(WideAreaError) -> DNSName {
        do { return try instance.prepending("_lease") } catch { throw .badName("\(instance): \(error)") }
    }

    /// The lease TXT data.
    static func leaseData(expires: UInt64) -> DNSRecordData {
        .txt([Array("expires=\(expires)".utf8)])
    }

    /// The expiry a lease TXT record states, if it states one.
    static func expiry(_ records: [DNSRecord]) -> UInt64? {
        for record in records {
            guard case .txt(let strings) = record.data else { continue }
            for string in strings {
                let text = String(decoding: string, as: UTF8.self)
                if text.hasPrefix("expires="), let value = UInt64(text.dropFirst(8)) { return value }
            }
        }
        return nil
    }
}
