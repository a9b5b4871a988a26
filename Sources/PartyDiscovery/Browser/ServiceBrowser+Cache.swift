extension ServiceBrowser {
    /// Takes in the records of a response from port 5353 and reports what changed.
    func handle(_ packet: ReceivedPacket) {
        guard let message = try? DNSMessage(bytes: packet.bytes) else { return }
        // Only port 5353 speaks for a responder; other sources are never taken as answers (and
        // their queries get unicast replies we would not see).
        guard message.opcode == 0, packet.source.port == MDNSTransport.port else { return }
        let now = ContinuousClock.now
        guard message.isResponse else {
            // Someone (perhaps we) asked: a record nobody answers for is on its way out (RFC 6762 10.5).
            cache.noteQuery(message, now: now)
            return
        }
        for record in message.answers + message.additionals where record.recordClass == 1 {
            if case .aaaa(let bytes) = record.data, AddressText.isLinkLocal(bytes), let transport,
               transport.interfaces.indices.contains(packet.interface) {
                linkLocalScopes[bytes, default: []].insert(transport.interfaces[packet.interface].name)
            }
            cache.insert(record, now: now)
            if record.ttl > 0 {
                followUps[DNSQuestion(name: record.name, type: record.type)] = nil
                // One address kind is enough to connect: stop asking for the other.
                if record.type == .a || record.type == .aaaa {
                    for type in [DNSRecordType.a, .aaaa] { followUps[DNSQuestion(name: record.name, type: type)] = nil }
                }
            }
        }
        publishChanges()
    }

    /// Expires records, sends the queries that are due and reports what changed.
    func tick() async {
        let now = ContinuousClock.now
        if cache.removeExpired(now: now) { publishChanges() }
        var questions: [DNSQuestion] = []
        if let due = nextBrowseQuery, due <= now {
            questions.append(DNSQuestion(name: browseName, type: .ptr))
            nextBrowseQuery = now + browseInterval
            browseInterval = min(browseInterval * 2, Self.maximumQueryInterval)
        }
        // Instances whose SRV/TXT, and hosts whose address, are missing: ask, backing off to 60 s.
        for pointer in cache.records(named: browseName, type: .ptr) {
            guard case .ptr(let instance) = pointer.data else { continue }
            for type in [DNSRecordType.srv, .txt] where cache.records(named: instance, type: type).isEmpty {
                let question = DNSQuestion(name: instance, type: type)
                if followUps[question] == nil { followUps[question] = (now, .seconds(1)) }
            }
            // No address yet: ask for both kinds (a host on an IPv6-only link has no A record).
            for case .srv(_, _, _, let host) in cache.records(named: instance, type: .srv).map(\.data)
            where cache.records(named: host, type: .a).isEmpty && cache.records(named: host, type: .aaaa).isEmpty {
                for type in [DNSRecordType.a, .aaaa] {
                    let question = DNSQuestion(name: host, type: type)
                    if followUps[question] == nil { followUps[question] = (now, .seconds(1)) }
                }
            }
        }
        for (question, schedule) in followUps where schedule.next <= now {
            questions.append(question)
            followUps[question] = (now + schedule.interval, min(schedule.interval * 2, .seconds(60)))
        }
        let wanted = Set(current.keys)
        questions += cache.dueRefreshes(now: now) { record in
            record.name == self.browseName || wanted.contains(record.name) || self.current.values.contains { $0.hostName == record.name.description }
        }
        guard let transport, !questions.isEmpty else { return }
        var unique: [DNSQuestion] = []
        for question in questions where !unique.contains(question) { unique.append(question) }
        let known = unique.flatMap { cache.knownAnswers(for: $0, now: now) }
        await transport.sendMulticast(DNSMessage(questions: unique, answers: known))
    }

    /// Rebuilds the service list from the cache and emits appeared / changed / disappeared events.
    func publishChanges() {
        var next: [DNSName: DiscoveredService] = [:]
        for pointer in cache.records(named: browseName, type: .ptr) {
            guard case .ptr(let instance) = pointer.data, instance.rawLabels.count > serviceType.rawLabels.count,
                instance.parent == serviceType,
                let srv = cache.records(named: instance, type: .srv).first,
                case .srv(_, _, let port, let host) = srv.data
            else { continue }
            var txt: [String: String] = [:]
            if let record = cache.records(named: instance, type: .txt).first, case .txt(let strings) = record.data {
                txt = ServiceNaming.txtDictionary(strings)
            }
            let ipv4 = cache.records(named: host, type: .a).compactMap { record -> IPv4Bytes? in
                if case .a(let address) = record.data { return address }
                return nil
            }
            let ipv6 = cache.records(named: host, type: .aaaa).compactMap { record -> [UInt8]? in
                if case .aaaa(let bytes) = record.data, bytes.count == 16 { return bytes }
                return nil
            }
            next[instance] = DiscoveredService(
                instanceName: instance.labels[0],
                serviceType: serviceType.labels.dropLast().joined(separator: "."),
                hostName: host.description,
                port: port,
                addresses: AddressText.addresses(ipv4: ipv4, ipv6: ipv6, scopes: linkLocalScopes),
                txt: txt
            )
        }
        for (name, old) in current where next[name] == nil {
            eventContinuation.yield(.disappeared(old))
        }
        for (name, service) in next.sorted(by: { $0.value.instanceName < $1.value.instanceName }) {
            if let old = current[name] {
                if old != service { eventContinuation.yield(.changed(service)) }
            } else {
                eventContinuation.yield(.appeared(service))
            }
        }
        current = next
    }
}
