/// Finds sessions published in unicast DNS domains (RFC 6763 wide-area DNS-SD) with ordinary
/// queries: the browse domains a domain lists (`b._dns-sd._udp.<domain>`, RFC 6763 section 11),
/// then PTR → SRV, TXT and lease → A/AAAA in each. Sessions whose lease ran out are left out.
public struct WideAreaBrowser: Sendable {
    /// The domains to browse, such as `party.example.org`.
    public var domains: [String]
    /// The server to ask; nil asks the system's (`/etc/resolv.conf`).
    public var server: DNSServerAddress?
    /// The service type, `_partyhost._tcp`.
    public var serviceType: String
    /// A subtype label such as `_fourinarow`, or nil for every session.
    public var subtype: String?
    /// The resolver configuration read when `server` is nil.
    public var resolvConf: String
    /// How long to wait for each answer.
    public var timeout: Duration

    /// Creates a browser.
    public init(domains: [String], server: DNSServerAddress? = nil, serviceType: String = ServiceConfiguration.partyhostServiceType,
                subtype: String? = nil, resolvConf: String = SystemResolver.path, timeout: Duration = .seconds(3)) {
        self.domains = domains
        self.server = server
        self.serviceType = serviceType
        self.subtype = subtype
        self.resolvConf = resolvConf
        self.timeout = timeout
    }

    /// The most sessions looked at in one domain.
    public static let maximumInstances = 200

    /// What one browse found, and what went wrong (one line for each domain that failed).
    public struct Result: Sendable {
        /// The sessions, in domain and then instance name order.
        public var services: [DiscoveredService]
        /// Why a domain could not be browsed.
        public var failures: [String]
    }

    /// Browses every domain once.
    public func browse() async -> Result {
        let client: UnicastDNSClient
        do {
            client = UnicastDNSClient(server: try server ?? SystemResolver.servers(path: resolvConf)[0], timeout: timeout)
        } catch {
            return Result(services: [], failures: domains.map { "cannot browse \($0): \(error)" })
        }
        var services: [DiscoveredService] = []
        var failures: [String] = []
        var seen = Set<DNSName>()
        for domainText in domains {
            do throws(WideAreaError) {
                let domain = try WideAreaNames.domain(domainText)
                var browseDomains = [domain]
                // RFC 6763 section 11: the domain may list further browse domains. A server that
                // does not answer this fails the domain at once (no second wait for the PTR query).
                let listName: DNSName
                do { listName = try DNSName(rawLabels: [Array("b".utf8), Array("_dns-sd".utf8), Array("_udp".utf8)] + domain.rawLabels) } catch {
                    throw .badName("b._dns-sd._udp.\(domainText): \(error)")
                }
                let listed = try await client.query(listName, type: .ptr)
                for record in listed.answers { if case .ptr(let other) = record.data, !browseDomains.contains(other) { browseDomains.append(other) } }
                for browseDomain in browseDomains where seen.insert(browseDomain).inserted {
                    services += try await browse(browseDomain, client: client)
                }
            } catch {
                failures.append("cannot browse \(domainText): \(error)")
            }
        }
        return Result(services: services, failures: failures)
    }

    /// The sessions in one domain.
    func browse(_ domain: DNSName, client: UnicastDNSClient) async throws(WideAreaError) -> [DiscoveredService] {
        let type = try WideAreaNames.serviceType(serviceType, in: domain)
        let browseName = try subtype.map { s throws(WideAreaError) in try WideAreaNames.subtype(s, type: type) } ?? type
        let answer = try await client.query(browseName, type: .ptr)
        guard answer.responseCode == 0 || answer.responseCode == 3 else {
            throw .queryFailed(server: client.server.description, name: String(browseName.description.dropLast()), rcode: answer.responseCode)
        }
        let listed = answer.answers.compactMap { record -> DNSName? in
            guard record.name == browseName, case .ptr(let instance) = record.data, instance.parent == type else { return nil }
            return instance
        }
        let domainText = String(domain.description.dropLast())
        // A zone could list any number; each costs five queries.
        let instances = Array(Set(listed)).prefix(Self.maximumInstances)
        let found = await withTaskGroup(of: DiscoveredService?.self) { group in
            for instance in instances {
                group.addTask { await resolve(instance, domain: domainText, client: client) }
            }
            var found: [DiscoveredService] = []
            for await service in group { if let service { found.append(service) } }
            return found
        }
        return found.sorted { $0.instanceName < $1.instanceName }
    }

    /// One instance's SRV, TXT, lease and addresses; nil when it has no SRV or its lease ran out.
    func resolve(_ instance: DNSName, domain: String, client: UnicastDNSClient) async -> DiscoveredService? {
        guard let srvAnswer = try? await client.query(instance, type: .srv),
              let srv = srvAnswer.answers.first(where: { $0.name == instance && $0.type == .srv }),
              case .srv(_, _, let port, let target) = srv.data else { return nil }
        if let leaseName = try? WideAreaNames.lease(of: instance),
           let lease = try? await client.query(leaseName, type: .txt),
           let expires = WideAreaNames.expiry(lease.answers), expires < UnicastDNSClient.now() {
            return nil
        }
        var txt: [String: String] = [:]
        if let answer = try? await client.query(instance, type: .txt),
           let record = answer.answers.first(where: { $0.name == instance && $0.type == .txt }), case .txt(let strings) = record.data {
            txt = ServiceNaming.txtDictionary(strings)
        }
        var v4: [IPv4Bytes] = [], v6: [[UInt8]] = []
        for type in [DNSRecordType.a, .aaaa] {
            guard let answer = try? await client.query(target, type: type) else { continue }
            // The answer may come through a CNAME: take the addresses whatever their owner.
            for record in answer.answers {
                if case .a(let address) = record.data { v4.append(address) }
                if case .aaaa(let address) = record.data { v6.append(address) }
            }
        }
        return DiscoveredService(instanceName: instance.labels.first ?? "", serviceType: serviceType,
                                 hostName: target.description, port: port,
                                 addresses: AddressText.addresses(ipv4: v4, ipv6: v6, scopes: [:]), txt: txt, domain: domain)
    }
}
