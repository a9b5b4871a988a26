import Logging
import NIOCore
import NIOPosix

/// Publishes one session in a unicast DNS zone by signed dynamic updates (RFC 6763 wide-area
/// DNS-SD over RFC 2136 + RFC 8945): PTR, SRV, TXT, a lease record, and (unless a host name is
/// given) A/AAAA for our own host name. Refreshes them every third of the lease, replaces the TXT
/// at once when it changes, deletes them when stopped or cancelled, and meanwhile deletes the
/// records of other sessions whose lease ran out (their host crashed).
public actor WideAreaPublisher {
    /// What happened, for the host to say.
    public enum Event: Sendable, Hashable {
        /// The records are in the zone under this instance name (said once, and again after a failure).
        case published(instanceName: String)
        /// An update failed; the next refresh tries again.
        case failed(WideAreaError)
        /// The records were deleted (on stop).
        case withdrawn
    }

    /// `refresh`: the timer (publish, then sweep); `txt`: the TXT changed (publish only).
    private enum Command: Sendable { case refresh, txt, stop }

    /// Events, in order.
    public nonisolated let events: AsyncStream<Event>
    private let eventContinuation: AsyncStream<Event>.Continuation
    private let commands: AsyncStream<Command>
    private let commandContinuation: AsyncStream<Command>.Continuation

    private var configuration: WideAreaConfiguration
    private let client: UnicastDNSClient
    private let logger: Logger
    /// The domain the records go in.
    private let domain: DNSName
    /// The zone that holds the domain (its apex, the UPDATE's zone), found by an SOA query.
    private var zone: DNSName
    private var zoneFound = false
    private let typeName: DNSName
    private let hostName: DNSName
    private let ownHostName: Bool
    /// The instance name in use (renamed "Name (2)" when another host has the name).
    private var instanceName: String
    /// True once an update has put our records in the zone (then no name check is needed).
    private var registered = false
    /// True once `.published` was said.
    private var registeredSaid = false
    /// The last failure said, so a failure repeated at every refresh is said once.
    private var lastFailure: WideAreaError?
    private var started = false

    /// Creates a publisher; throws when a name cannot be formed.
    public init(_ configuration: WideAreaConfiguration, logger: Logger = Logger(label: "partyhost.widearea")) throws(WideAreaError) {
        self.configuration = configuration
        self.client = UnicastDNSClient(server: configuration.server, timeout: configuration.timeout)
        self.logger = logger
        domain = try WideAreaNames.domain(configuration.domain)
        zone = domain
        typeName = try WideAreaNames.serviceType(configuration.serviceType, in: domain)
        instanceName = configuration.instanceName
        _ = try WideAreaNames.instance(instanceName, type: typeName)
        if let given = configuration.hostName {
            hostName = try WideAreaNames.domain(given)
            ownHostName = false
        } else {
            let label = "partyhost-" + String(UInt32.random(in: 0...UInt32.max) | 0x1000_0000, radix: 16)
            do { hostName = try domain.prepending(label) } catch { throw .badName("\(label): \(error)") }
            ownHostName = true
        }
        (events, eventContinuation) = AsyncStream.makeStream()
        (commands, commandContinuation) = AsyncStream.makeStream()
    }

    /// Publishes and keeps the records fresh until `stop()` or cancellation, then deletes them.
    public func run() async {
        guard !started else { return }
        started = true
        let interval = configuration.refreshInterval
        let continuation = commandContinuation
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                while !Task.isCancelled {
                    try? await Task.sleep(for: interval)
                    continuation.yield(.refresh)
                }
            }
            await publish(sweeping: true)
            for await command in commands {
                if case .stop = command { break }
                await publish(sweeping: command == .refresh)
            }
            group.cancelAll()
        }
        // Deleting must happen also when the task running us was cancelled (Ctrl-C): it runs in a
        // task of its own that the cancellation does not reach, and is awaited here. Only records
        // we put there are deleted: never a name another host holds.
        let update = registered ? try? withdrawal() : nil
        let client = self.client
        let key = configuration.key
        if let update {
            let outcome = await Task.detached { () -> WideAreaError? in
                do throws(WideAreaError) { try await client.send(update, key: key) } catch { return error }
                return nil
            }.value
            if let outcome { eventContinuation.yield(.failed(outcome)) } else { eventContinuation.yield(.withdrawn) }
        }
        eventContinuation.finish()
    }

    /// Asks `run()` to delete the records and return.
    public nonisolated func stop() {
        commandContinuation.yield(.stop)
    }

    /// Replaces the TXT record now.
    public func updateTXT(_ txt: [String: String]) {
        guard txt != configuration.txt else { return }
        configuration.txt = txt
        commandContinuation.yield(.txt)
    }

    /// The instance name in use.
    public var currentInstanceName: String { instanceName }

    /// One update: adds or refreshes every record, then (when `sweeping`) deletes other sessions
    /// whose lease ran out. Failures are reported, not thrown.
    func publish(sweeping: Bool) async {
        do {
            try await publishOnce()
            if lastFailure != nil || !registeredSaid {
                eventContinuation.yield(.published(instanceName: instanceName))
                registeredSaid = true
            }
            lastFailure = nil
        } catch {
            // Stopped in the middle of an update: nothing to say.
            if Task.isCancelled { return }
            if error != lastFailure {
                logger.warning("wide-area publishing failed: \(error)")
                eventContinuation.yield(.failed(error))
            }
            lastFailure = error
            return
        }
        if sweeping { await sweep() }
    }

    /// Sends the records; on first registration the instance name must be free in the zone (or held
    /// by a session whose lease ran out, which is deleted first), else "Name (2)", "Name (3)"… is tried.
    func publishOnce() async throws(WideAreaError) {
        if !zoneFound {
            zone = try await findZone()
            zoneFound = true
        }
        if registered {
            try await client.send(try records(claiming: false), key: configuration.key)
            return
        }
        var attempt = 1
        while true {
            do {
                try await client.send(try records(claiming: true), key: configuration.key)
                registered = true
                return
            } catch .refused(_, _, 7, 0) {
                // YXRRSET: an SRV already exists at the name. A crashed session of ours is swept,
                // anything else means the name is taken.
                let instance = try WideAreaNames.instance(instanceName, type: typeName)
                if await sweep(instance) { continue }
                attempt += 1
                guard attempt <= 20 else { throw .nameTaken(configuration.instanceName) }
                instanceName = "\(configuration.instanceName) (\(attempt))"
            }
        }
    }

    /// The zone the domain is in: the owner of the SOA record the server gives for the domain, in
    /// the answer (the domain is the zone's apex) or in the authority section (a name inside it).
    func findZone() async throws(WideAreaError) -> DNSName {
        let answer = try await client.query(domain, type: .soa)
        let soa = (answer.answers + answer.authorities).first { $0.type == .soa }
        if let soa, domain == soa.name || domain.isInside(soa.name) { return soa.name }
        throw .noZone(server: client.server.description, domain: configuration.domain)
    }

    /// The update that adds or refreshes our records.
    func records(claiming: Bool) throws(WideAreaError) -> DNSUpdate {
        let ttl = configuration.ttl
        let instance = try WideAreaNames.instance(instanceName, type: typeName)
        var update = DNSUpdate(zone: zone)
        if claiming { update.requireAbsent(instance, type: .srv) }
        update.add(DNSRecord(name: typeName, data: .ptr(instance), ttl: ttl))
        for subtype in configuration.subtypes {
            update.add(DNSRecord(name: try WideAreaNames.subtype(subtype, type: typeName), data: .ptr(instance), ttl: ttl))
        }
        update.replace(DNSRecord(name: instance, data: .srv(priority: 0, weight: 0, port: configuration.port, target: hostName), ttl: ttl))
        let strings: [[UInt8]]
        do { strings = try ServiceNaming.txtStrings(configuration.txt) } catch { throw .badName("\(error)") }
        update.replace(DNSRecord(name: instance, data: .txt(strings), ttl: ttl))
        let expires = UnicastDNSClient.now() + configuration.leaseSeconds
        update.replace(DNSRecord(name: try WideAreaNames.lease(of: instance), data: WideAreaNames.leaseData(expires: expires), ttl: ttl))
        if ownHostName {
            let (v4, v6) = Self.machineAddresses()
            update.deleteRRset(hostName, type: .a)
            update.deleteRRset(hostName, type: .aaaa)
            for address in v4 { update.add(DNSRecord(name: hostName, data: .a(address), ttl: ttl)) }
            for address in v6 { update.add(DNSRecord(name: hostName, data: .aaaa(address), ttl: ttl)) }
        }
        return update
    }

    /// Deletes our records now (what `run()` does at its end).
    func withdraw() async throws(WideAreaError) {
        try await client.send(try withdrawal(), key: configuration.key)
    }

    /// The update that deletes our records.
    func withdrawal() throws(WideAreaError) -> DNSUpdate {
        let instance = try WideAreaNames.instance(instanceName, type: typeName)
        var update = DNSUpdate(zone: zone)
        update.delete(DNSRecord(name: typeName, data: .ptr(instance), ttl: 0))
        for subtype in configuration.subtypes {
            update.delete(DNSRecord(name: try WideAreaNames.subtype(subtype, type: typeName), data: .ptr(instance), ttl: 0))
        }
        update.deleteName(instance)
        update.deleteName(try WideAreaNames.lease(of: instance))
        if ownHostName { update.deleteName(hostName) }
        return update
    }

    /// Deletes the records of every other session in the zone whose lease ran out.
    func sweep() async {
        guard let answer = try? await client.query(typeName, type: .ptr) else { return }
        let ours = try? WideAreaNames.instance(instanceName, type: typeName)
        for record in answer.answers {
            guard case .ptr(let instance) = record.data, instance != ours else { continue }
            _ = await sweep(instance)
        }
    }

    /// Deletes `instance`'s records when its lease ran out; returns whether it did.
    func sweep(_ instance: DNSName) async -> Bool {
        guard let leaseName = try? WideAreaNames.lease(of: instance),
              let lease = try? await client.query(leaseName, type: .txt),
              let expires = WideAreaNames.expiry(lease.answers),
              expires + UInt64(configuration.sweepGrace.components.seconds) < UnicastDNSClient.now() else { return false }
        var update = DNSUpdate(zone: zone)
        update.delete(DNSRecord(name: typeName, data: .ptr(instance), ttl: 0))
        if let txt = try? await client.query(instance, type: .txt),
           let game = txt.answers.compactMap({ record -> String? in
               guard case .txt(let strings) = record.data else { return nil }
               return ServiceNaming.txtDictionary(strings)["game"]
           }).first,
           let subtype = try? WideAreaNames.subtype("_\(game)", type: typeName) {
            update.delete(DNSRecord(name: subtype, data: .ptr(instance), ttl: 0))
        }
        if let srv = try? await client.query(instance, type: .srv) {
            for record in srv.answers {
                // Only host names partyhost made up itself, in this zone.
                if case .srv(_, _, _, let target) = record.data, target.parent == domain,
                   target.labels.first?.hasPrefix("partyhost-") == true {
                    update.deleteName(target)
                }
            }
        }
        update.deleteName(instance)
        update.deleteName(leaseName)
        do {
            try await client.send(update, key: configuration.key)
            logger.info("deleted \(instance): its lease ran out at \(expires)")
            return true
        } catch {
            logger.info("could not delete the stale \(instance): \(error)")
            return false
        }
    }

    /// The machine's addresses worth publishing beyond the link: IPv4 other than loopback, IPv6
    /// other than loopback and link-local; loopback only when there is nothing else.
    static func machineAddresses() -> (v4: [IPv4Bytes], v6: [[UInt8]]) {
        var v4: [IPv4Bytes] = [], v6: [[UInt8]] = []
        var loop4: [IPv4Bytes] = [], loop6: [[UInt8]] = []
        for device in (try? System.enumerateDevices()) ?? [] {
            guard let address = device.address else { continue }
            switch address {
            case .v4(let a):
                var raw = a.address.sin_addr.s_addr // network byte order in memory
                let bytes = withUnsafeBytes(of: &raw) { Array($0) }
                let ip = IPv4Bytes(bytes[0], bytes[1], bytes[2], bytes[3])
                if bytes[0] == 127 { loop4.append(ip) } else { v4.append(ip) }
            case .v6(let a):
                var raw = a.address.sin6_addr
                let bytes = withUnsafeBytes(of: &raw) { Array($0) }
                if AddressText.isLinkLocal(bytes) { continue }
                if bytes == [UInt8](repeating: 0, count: 15) + [1] { loop6.append(bytes) } else { v6.append(bytes) }
            default: continue
            }
        }
        if v4.isEmpty && v6.isEmpty { return (Array(Set(loop4)), Array(Set(loop6))) }
        return (Array(Set(v4)).sorted { $0.array.lexicographicallyPrecedes($1.array) },
                Array(Set(v6)).sorted { $0.lexicographicallyPrecedes($1) })
    }
}
