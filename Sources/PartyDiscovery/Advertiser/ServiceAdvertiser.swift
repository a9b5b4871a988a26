import Logging
import NIOCore
import NIOPosix

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
    let stopSignal: AsyncStream<Void>
    let stopContinuation: AsyncStream<Void>.Continuation
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
    var pendingAnnouncements: [ContinuousClock.Instant] = []
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
        (stopSignal, stopContinuation) = AsyncStream.makeStream(of: Void.self)
    }

    /// Opens the sockets, probes, announces and answers until `stop()` is called or the task is
    /// cancelled, then sends goodbyes (TTL 0) and closes the sockets. Call it once.
    public func run() async throws {
        guard phase == .idle else { return }
        phase = .probing
        defer {
            phase = .stopped
            eventContinuation.yield(.stopped)
            eventContinuation.finish()
        }
        try await MDNSTransport.withTransport(interfaces: configuration.interfaces, eventLoopGroup: eventLoopGroup, logger: logger) { transport in
            self.transport = transport
            await withTaskGroup(of: Void.self) { group in
                group.addTask { for await packet in transport.packets { await self.handle(packet) } }
                group.addTask { await self.lifecycle() }
                group.addTask { for await _ in self.stopSignal {} }
                _ = await group.next()
                group.cancelAll()
            }
            if self.phase == .announced { await self.sendGoodbyes() }
            self.transport = nil
        }
    }

    /// Asks `run()` to send goodbyes and return.
    public nonisolated func stop() {
        stopContinuation.finish()
    }

    /// Replaces the TXT pairs and announces the new record twice, one second apart.
    public func updateTXT(_ txt: [String: String]) throws(DiscoveryError) {
        let strings = try ServiceNaming.txtStrings(txt)
        guard strings != txtStrings else { return }
        let now = ContinuousClock.now
        // Our own earlier announcements (looped back, or answers already on the wire) still carry
        // the old data; they must not look like a rival claiming our name.
        retiredTXT.removeAll { $0.until <= now }
        retiredTXT.append((txtStrings, now + Self.retiredTXTLifetime))
        txtStrings = strings
        pendingAnnouncements = [now, now + .seconds(1)]
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
            var announced = false
            while !Task.isCancelled && !conflictSeen {
                let now = ContinuousClock.now
                if pendingAnnouncements.contains(where: { $0 <= now }) {
                    pendingAnnouncements.removeAll { $0 <= now }
                    await sendAnnouncement()
                    if !announced {
                        announced = true
                        eventContinuation.yield(.announced(instanceName))
                    }
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

    private func sendAnnouncement() async {
        guard let transport else { return }
        for slot in transport.interfaces.indices {
            let records = announcedRecords(interface: slot)
            let now = ContinuousClock.now
            noteMulticast(records, interface: slot, at: now)
            await transport.sendMulticast(.response(answers: records), interface: slot)
        }
    }

    private func sendGoodbyes() async {
        guard let transport else { return }
        for slot in transport.interfaces.indices {
            let records = announcedRecords(interface: slot).map { $0.with(ttl: 0) }
            await transport.sendMulticast(.response(answers: records), interface: slot)
        }
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
