import Logging
import NIOCore
import NIOPosix
import Synchronization

/// An mDNS responder for one DNS-SD service instance (RFC 6762 / 6763): probes for its names,
/// renames on conflict, announces, answers queries and says goodbye when it stops.
///
/// ```swift
/// let advertiser = try ServiceAdvertiser(ServiceConfiguration(instanceName: "Alice's Four in a Row",
///     subtypes: ["_fourinarow"], port: 7777, txt: ["v": "1", "game": "fourinarow"]))
/// try await withThrowingDiscardingTaskGroup { group in
///     group.addTask { try await advertiser.run() }      // returns after stop() or cancellation
///     for await event in advertiser.events { ... }      // .announced(name) etc.
/// }
/// ```
public actor ServiceAdvertiser {
    /// Something that happened to the advertisement.
    public enum Event: Sendable, Hashable {
        /// Probing started for this instance name.
        case probing(String)
        /// Another responder owns the name; probing goes on with the new one.
        case renamed(from: String, to: String)
        /// The name is ours and has been announced; queries are being answered.
        case announced(String)
        /// Goodbyes were sent and the sockets are closed.
        case stopped
    }

    enum Phase { case idle, probing, announced, stopped }

    /// Events in order; the stream ends when `run()` returns.
    public nonisolated let events: AsyncStream<Event>
    let eventContinuation: AsyncStream<Event>.Continuation
    /// Whether `stop()` was called, and the stop signal of the sockets open now (a stream ends
    /// when the task reading it is cancelled, so each set of sockets gets a new one).
    let stopState = Mutex<(requested: Bool, current: AsyncStream<Void>.Continuation?)>((false, nil))
    let eventLoopGroup: any EventLoopGroup
    let logger: Logger
    let configuration: ServiceConfiguration

    /// The instance name in use now (it changes when probing finds a conflict).
    public private(set) var instanceName: String
    /// Our host label in use now (`partyhost-<hex>`).
    public internal(set) var hostLabel: String
    var txtStrings: [[UInt8]]
    let serviceType: DNSName
    var phase = Phase.idle
    var conflictSeen = false
    var lostTiebreak = false
    var transport: MDNSTransport?
    /// When to announce everything (after probing: twice, one second apart).
    var pendingAnnouncements: [ContinuousClock.Instant] = []
    /// When to announce only the TXT record (after a TXT change: twice, one second apart). The
    /// other records did not change, so they are not multicast again (RFC 6762 section 8.4).
    var pendingTXTAnnouncements: [ContinuousClock.Instant] = []
    var lastMulticast: [DNSRecordKey: ContinuousClock.Instant] = [:]
    /// Answers waiting for their record's one-second multicast limit to pass.
    var deferredAnswers: [DeferredAnswer] = []
    /// TXT data we published before an update, until our own packets carrying it have died out.
    var retiredTXT: [(strings: [[UInt8]], until: ContinuousClock.Instant)] = []
    /// How long replaced TXT data still counts as ours when it comes back to us.
    static let retiredTXTLifetime: Duration = .seconds(5)

    /// Creates an advertiser; throws when a name or TXT entry cannot be published.
    public init(
        _ configuration: ServiceConfiguration,
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        logger: Logger = Logger(label: "partyhost.discovery.advertiser")
    ) throws(DiscoveryError) {
        self.configuration = configuration
        self.eventLoopGroup = eventLoopGroup
        self.logger = logger
        self.instanceName = configuration.instanceName
        self.hostLabel = configuration.hostLabel ?? ServiceNaming.randomHostLabel()
        self.serviceType = try ServiceNaming.serviceTypeName(configuration.serviceType)
        self.txtStrings = try ServiceNaming.txtStrings(configuration.txt)
        _ = try ServiceNaming.instanceName(configuration.instanceName, type: serviceType)
        for subtype in configuration.subtypes { _ = try ServiceNaming.subtypeName(subtype, type: serviceType) }
        (events, eventContinuation) = AsyncStream.makeStream(of: Event.self)
    }

    /// Opens the sockets, probes, announces and answers until `stop()` is called or the task is
    /// cancelled, then sends goodbyes (TTL 0) and closes the sockets. Call it once.
    ///
    /// Interface addresses are checked every `addressCheckInterval`: when one changes (the laptop
    /// moved to another network, DHCP gave a new lease), the address records that no longer hold
    /// get goodbyes, the sockets are opened again on the new addresses, and the names are probed and
    /// announced there (RFC 6762 section 13). While no usable interface is left it keeps looking.
    /// Throws only when the sockets cannot be opened at the start.
    public func run() async throws {
        guard phase == .idle else { return }
        phase = .probing
        defer {
            phase = .stopped
            eventContinuation.yield(.stopped)
            eventContinuation.finish()
        }
        var first = true
        while !Task.isCancelled && !stopRequested {
            let ending: Ending
            do {
                ending = try await MDNSTransport.withTransport(interfaces: configuration.interfaces, eventLoopGroup: eventLoopGroup,
                                                               logger: logger) { transport in
                    try await self.serve(on: transport)
                }
            } catch {
                if first { throw error }
                logger.warning("mDNS sockets could not be opened again; retrying", metadata: ["error": "\(error)"])
                try? await Task.sleep(for: Self.addressCheckInterval)
                continue
            }
            first = false
            if ending == .stopped { return }
            logger.info("interface addresses changed; announcing the new ones")
            phase = .probing
        }
    }

    /// Why `serve(on:)` returned.
    enum Ending { case stopped, addressesChanged }

    /// How often interface addresses are compared with those the sockets were opened for: often
    /// enough that a browser finds the session again within a few seconds, cheap (one getifaddrs).
    static let addressCheckInterval: Duration = .seconds(1)

    /// Answers on `transport` until stopped (goodbyes for everything) or until the interfaces'
    /// addresses change (goodbyes for the address records that no longer hold).
    private func serve(on transport: MDNSTransport) async throws -> Ending {
        self.transport = transport
        defer { self.transport = nil }
        let before = transport.interfaces.map { InterfaceAddress($0) }
        let ending = await withTaskGroup(of: Ending?.self) { group in
            group.addTask { for await packet in transport.packets { await self.handle(packet) }; return nil }
            group.addTask { await self.lifecycle(); return nil }
            let stopSignal = self.makeStopSignal()
            group.addTask { for await _ in stopSignal {}; return .stopped }
            group.addTask { await self.waitForAddressChange(from: before) }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .stopped
        }
        if phase == .announced {
            if ending == .stopped || stopRequested {
                await sendGoodbyes()
            } else {
                let after = Set((try? configuration.interfaces.resolve())?.map { InterfaceAddress($0) } ?? [])
                await sendGoodbyes(forAddressesNotIn: after)
            }
        }
        return stopRequested ? .stopped : ending
    }

    /// Returns `.addressesChanged` once the configured interfaces' addresses differ from `before`;
    /// nil when cancelled first.
    private func waitForAddressChange(from before: [InterfaceAddress]) async -> Ending? {
        let expected = Set(before)
        while !Task.isCancelled {
            try? await Task.sleep(for: Self.addressCheckInterval)
            if Task.isCancelled { return nil }
            let now = (try? configuration.interfaces.resolve())?.map { InterfaceAddress($0) } ?? []
            if Set(now) != expected { return .addressesChanged }
        }
        return nil
    }

    /// Asks `run()` to send goodbyes and return.
    public nonisolated func stop() {
        let current = stopState.withLock { state in
            state.requested = true
            return state.current
        }
        current?.finish()
    }

    /// Whether `stop()` was called.
    nonisolated var stopRequested: Bool { stopState.withLock { $0.requested } }

    /// A stream that ends when `stop()` is called (at once if it was already).
    nonisolated func makeStopSignal() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        let stopped = stopState.withLock { state in
            state.current = continuation
            return state.requested
        }
        if stopped { continuation.finish() }
        return stream
    }

    /// Replaces the TXT pairs and announces the new TXT record twice, one second apart; the
    /// unchanged records (PTR, SRV, A, AAAA) are not multicast again for it.
    public func updateTXT(_ txt: [String: String]) throws(DiscoveryError) {
        try updateTXT(txt, now: .now)
    }

    /// `updateTXT(_:)` at `now` (tests pass their own instant).
    func updateTXT(_ txt: [String: String], now: ContinuousClock.Instant) throws(DiscoveryError) {
        let strings = try ServiceNaming.txtStrings(txt)
        guard strings != txtStrings else { return }
        // Our own earlier announcements (looped back, or answers already on the wire) still carry
        // the old data; they must not look like a rival claiming our name.
        retiredTXT.removeAll { $0.until <= now }
        retiredTXT.append((txtStrings, now + Self.retiredTXTLifetime))
        txtStrings = strings
        // While probing, the announcement that follows carries the new record anyway.
        if phase == .announced { pendingTXTAnnouncements = [now, now + .seconds(1)] }
    }

    /// The longest random wait before the first probe.
    static let maxProbeDelayMilliseconds = 100

    /// Probing, announcing and timed re-announcements; returns only when cancelled.
    private func lifecycle() async {
        var random = SystemRandomNumberGenerator()
        // RFC 6762 §8.1 suggests a random 0–250 ms before the first probe, so that devices powered
        // on together do not probe in step. A session is started by a person, and probing takes
        // 750 ms after that delay; with up to 250 ms the announcement came after 1 s in one of three
        // measured starts (docs/PERFORMANCE.md). Up to 100 ms still spreads simultaneous starts.
        try? await Task.sleep(for: .milliseconds(Int.random(in: 0...Self.maxProbeDelayMilliseconds, using: &random)))
        while !Task.isCancelled {
            phase = .probing
            conflictSeen = false
            lostTiebreak = false
            eventContinuation.yield(.probing(instanceName))
            for _ in 0..<3 {
                await transport?.sendMulticast(probeMessage())
                try? await Task.sleep(for: .milliseconds(250))
                if conflictSeen || lostTiebreak || Task.isCancelled { break }
            }
            if Task.isCancelled { return }
            if conflictSeen {
                rename()
                continue
            }
            if lostTiebreak {
                try? await Task.sleep(for: .seconds(1))
                continue
            }
            phase = .announced
            let now = ContinuousClock.now
            pendingAnnouncements = [now, now + .seconds(1)]
            pendingTXTAnnouncements = []
            var announced = false
            while !Task.isCancelled && !conflictSeen {
                if await sendDueAnnouncements(at: ContinuousClock.now), !announced {
                    announced = true
                    eventContinuation.yield(.announced(instanceName))
                }
                await sendDeferredAnswers()
                // Wake at the next held-back answer's second if that comes before the usual 50 ms.
                let nextDue = deferredAnswers.map(\.due).min().map { $0 - ContinuousClock.now } ?? .milliseconds(50)
                try? await Task.sleep(for: max(.milliseconds(1), min(.milliseconds(50), nextDue)))
            }
            if conflictSeen {
                logger.info("mDNS name conflict after announcing", metadata: ["name": "\(instanceName)"])
                rename()
            }
        }
    }

    private func rename() {
        let old = instanceName
        instanceName = ServiceNaming.renamed(old)
        eventContinuation.yield(.renamed(from: old, to: instanceName))
        logger.info("mDNS name in use, renaming", metadata: ["from": "\(old)", "to": "\(instanceName)"])
    }

    /// Sends the announcements due at `now` (everything, or only the TXT record after a change);
    /// returns whether a full announcement went out.
    func sendDueAnnouncements(at now: ContinuousClock.Instant) async -> Bool {
        guard let transport else { return false }
        let (full, due) = takeDueAnnouncements(at: now)
        for (slot, records) in due where !records.isEmpty {
            await transport.sendMulticast(.response(answers: records), interface: slot)
        }
        return full
    }

    /// Takes the announcements due at `now` off the schedule and returns what each interface
    /// multicasts for them (noted as multicast at `now`), and whether everything is announced.
    /// Nothing suspends in between, so no answer slips in between the choice and the note.
    func takeDueAnnouncements(at now: ContinuousClock.Instant) -> (full: Bool, due: [(slot: Int, records: [DNSRecord])]) {
        let full = pendingAnnouncements.contains { $0 <= now }
        let txtOnly = pendingTXTAnnouncements.contains { $0 <= now }
        guard full || txtOnly, let transport else { return (false, []) }
        pendingAnnouncements.removeAll { $0 <= now }
        pendingTXTAnnouncements.removeAll { $0 <= now }
        // Chosen for every interface before any is noted (the limit is kept per record).
        let due = transport.interfaces.indices.map { (slot: $0, records: dueAnnouncementRecords(interface: $0, full: full, at: now)) }
        // The next announcement of a pair comes a full second after this one, however late the
        // loop woke for this one.
        let txt = txtRecord
        if full { pendingAnnouncements = pendingAnnouncements.map { max($0, now + .seconds(1)) } }
        if due.contains(where: { $0.records.contains(txt) }) {
            pendingTXTAnnouncements = pendingTXTAnnouncements.map { max($0, now + .seconds(1)) }
        }
        for (slot, records) in due where !records.isEmpty { noteMulticast(records, interface: slot, at: now) }
        return (full, due)
    }

    /// What an announcement at `now` carries on one interface: everything (`full`) or the TXT
    /// record, less any record multicast there less than a second ago (at most one multicast of a
    /// record a second, RFC 6762 section 6). A TXT record held back that way is announced once its
    /// second is up (unless a TXT announcement is due by then anyway), so the network always ends
    /// up with the newest TXT data.
    func dueAnnouncementRecords(interface: Int, full: Bool, at now: ContinuousClock.Instant) -> [DNSRecord] {
        let candidates = full ? announcedRecords(interface: interface) : [txtRecord]
        let recent = { (record: DNSRecord) in self.lastMulticast[DNSRecordKey(record)].map { now - $0 < .seconds(1) } ?? false }
        let txt = txtRecord
        if recent(txt), let last = lastMulticast[DNSRecordKey(txt)] {
            let due = last + .seconds(1)
            if !pendingTXTAnnouncements.contains(where: { $0 >= due }) { pendingTXTAnnouncements.append(due) }
        }
        return candidates.filter { !recent($0) }
    }

    private func sendGoodbyes() async {
        guard let transport else { return }
        for slot in transport.interfaces.indices {
            let records = announcedRecords(interface: slot).map { $0.with(ttl: 0) }
            await transport.sendMulticast(.response(answers: records), interface: slot)
        }
    }

    /// Goodbyes for the address records (A or AAAA) that no longer hold on their interface (sent
    /// where the old address still works; a removed address may no longer send at all).
    private func sendGoodbyes(forAddressesNotIn current: Set<InterfaceAddress>) async {
        guard let transport else { return }
        for (slot, interface) in transport.interfaces.enumerated() where !current.contains(InterfaceAddress(interface)) {
            let now = current.first { $0.name == interface.name }
            let records = addressRecords(interface: slot).filter { record in
                switch record.data {
                case .a(let address): address != now?.address
                case .aaaa(let bytes): !(now?.ipv6Addresses.contains(bytes) ?? false)
                default: false
                }
            }.map { $0.with(ttl: 0) }
            guard !records.isEmpty else { continue }
            await transport.sendMulticast(.response(answers: records), interface: slot)
        }
    }
}

/// An interface's name and the addresses published on it, to notice when they change.
struct InterfaceAddress: Hashable, Sendable {
    let name: String
    let address: IPv4Bytes?
    let ipv6Addresses: [[UInt8]]

    init(_ interface: DiscoveryInterface) {
        name = interface.name
        address = interface.address
        ipv6Addresses = interface.ipv6Addresses
    }
}

/// A record's identity for rate limiting: name, type and data.
struct DNSRecordKey: Hashable {
    let name: DNSName
    let data: DNSRecordData

    init(_ record: DNSRecord) {
        name = record.name
        data = record.data
    }
}
