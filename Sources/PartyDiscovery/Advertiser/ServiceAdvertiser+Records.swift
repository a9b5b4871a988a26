extension ServiceAdvertiser {
    /// TTL of records about a host (SRV, A, AAAA), RFC 6762 section 10.
    static let hostRecordTTL: UInt32 = 120
    /// TTL of other records (PTR, TXT).
    static let otherRecordTTL: UInt32 = 4500
    /// The meta-query name that lists service types (RFC 6763 section 9).
    static let servicesMetaName = DNSName(unchecked: ["_services", "_dns-sd", "_udp", "local"].map { Array($0.utf8) })

    /// `<instance>.<type>.local.` for the current name.
    var instanceFullName: DNSName {
        (try? ServiceNaming.instanceName(instanceName, type: serviceType)) ?? serviceType
    }

    /// `<host label>.local.`.
    var hostFullName: DNSName {
        DNSName(unchecked: [Array(hostLabel.utf8), Array("local".utf8)])
    }

    /// Our IPv4 address on one interface (nil on an IPv6-only link).
    func address(interface: Int) -> IPv4Bytes? {
        guard let transport, transport.interfaces.indices.contains(interface) else { return nil }
        return transport.interfaces[interface].address
    }

    var srvRecord: DNSRecord {
        DNSRecord(name: instanceFullName, data: .srv(priority: 0, weight: 0, port: configuration.port, target: hostFullName), ttl: Self.hostRecordTTL, cacheFlush: true)
    }

    var txtRecord: DNSRecord {
        DNSRecord(name: instanceFullName, data: .txt(txtStrings), ttl: Self.otherRecordTTL, cacheFlush: true)
    }

    /// The A record and one AAAA record per IPv6 address (link-local included: a browser on the
    /// same link scopes it to the interface the record came in on) of one interface.
    func addressRecords(interface: Int) -> [DNSRecord] {
        guard let transport, transport.interfaces.indices.contains(interface) else { return [] }
        let ipv6 = transport.interfaces[interface].ipv6Addresses.map {
            DNSRecord(name: hostFullName, data: .aaaa($0), ttl: Self.hostRecordTTL, cacheFlush: true)
        }
        let ipv4 = address(interface: interface).map { [DNSRecord(name: hostFullName, data: .a($0), ttl: Self.hostRecordTTL, cacheFlush: true)] } ?? []
        return ipv4 + ipv6
    }

    var pointerRecords: [DNSRecord] {
        let names = [serviceType] + configuration.subtypes.compactMap { try? ServiceNaming.subtypeName($0, type: serviceType) }
        return names.map { DNSRecord(name: $0, data: .ptr(instanceFullName), ttl: Self.otherRecordTTL) }
    }

    var metaRecord: DNSRecord {
        DNSRecord(name: Self.servicesMetaName, data: .ptr(serviceType), ttl: Self.otherRecordTTL)
    }

    /// Negative-answer records: the instance has only SRV and TXT, the host only its address types.
    var instanceNSEC: DNSRecord {
        DNSRecord(name: instanceFullName, data: .nsec(next: instanceFullName, types: [.srv, .txt]), ttl: Self.otherRecordTTL, cacheFlush: true)
    }

    func hostNSEC(interface: Int) -> DNSRecord {
        let types = Set(addressRecords(interface: interface).map(\.type))
        return DNSRecord(name: hostFullName, data: .nsec(next: hostFullName, types: types.isEmpty ? [.a] : types), ttl: Self.hostRecordTTL, cacheFlush: true)
    }

    /// Everything announced on one interface (and withdrawn with TTL 0 on stop).
    func announcedRecords(interface: Int) -> [DNSRecord] {
        pointerRecords + [srvRecord, txtRecord] + addressRecords(interface: interface)
    }

    /// Every record we answer for on one interface.
    func answerableRecords(interface: Int) -> [DNSRecord] {
        announcedRecords(interface: interface) + [metaRecord]
    }

    /// A probe: ANY questions for our unique names and the proposed records in the authority
    /// section (RFC 6762 section 8.1). The QU bit stays clear: with SO_REUSEPORT a unicast reply to
    /// port 5353 may reach another socket of this machine, so we want defences multicast.
    func probeMessage(interface: Int = 0) -> DNSMessage {
        DNSMessage(
            questions: [
                DNSQuestion(name: instanceFullName, type: .any),
                DNSQuestion(name: hostFullName, type: .any),
            ],
            authorities: ([srvRecord, txtRecord] + addressRecords(interface: interface)).map { record in
                var plain = record
                plain.cacheFlush = false
                return plain
            }
        )
    }

    /// True when `record` is one of ours (any interface's address counts as ours).
    func isOurs(_ record: DNSRecord) -> Bool {
        guard let transport else { return false }
        if record.name == instanceFullName, case .txt(let strings) = record.data {
            let now = ContinuousClock.now
            if retiredTXT.contains(where: { $0.strings == strings && $0.until > now }) { return true }
        }
        return transport.interfaces.indices.contains { slot in
            answerableRecords(interface: slot).contains { $0.sameRecord(as: record) }
        }
    }

    /// Compares two record sets as RFC 6762 section 8.2 says: sorted by class, type and data bytes;
    /// the first difference decides, and a longer set wins over its own prefix.
    static func tiebreak(_ ours: [DNSRecord], _ theirs: [DNSRecord]) -> TiebreakResult {
        func key(_ record: DNSRecord) -> [UInt8] {
            let header: [UInt8] = [UInt8(record.recordClass >> 8), UInt8(record.recordClass & 0xFF), UInt8(record.type.rawValue >> 8), UInt8(record.type.rawValue & 0xFF)]
            return header + DNSWriter.canonicalData(record)
        }
        let a = ours.map(key).sorted { $0.lexicographicallyPrecedes($1) }
        let b = theirs.map(key).sorted { $0.lexicographicallyPrecedes($1) }
        for (x, y) in zip(a, b) where x != y {
            return x.lexicographicallyPrecedes(y) ? .lost : .won
        }
        if a.count == b.count { return .same }
        return a.count > b.count ? .won : .lost
    }

    /// The outcome of a simultaneous-probe comparison.
    enum TiebreakResult { case won, lost, same }
}
