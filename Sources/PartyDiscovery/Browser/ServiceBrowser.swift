import Logging
import NIOCore
import NIOPosix

/// A continuous DNS-SD browser (RFC 6763 section 4) with an mDNS cache: it queries with
/// exponential backoff, follows PTR → SRV/TXT → A/AAAA, refreshes records before they expire and reports
/// services appearing, changing and disappearing.
///
/// ```swift
/// let browser = try ServiceBrowser(subtype: "_fourinarow", interfaces: .named(["lo"]))
/// try await withThrowingDiscardingTaskGroup { group in
///     group.addTask { try await browser.run() }          // returns after stop() or cancellation
///     for await event in browser.events { ... }           // .appeared / .changed / .disappeared
/// }
/// ```
public actor ServiceBrowser {
    /// A change in the set of services.
    public enum Event: Sendable, Hashable {
        /// A service was found (its SRV record is known).
        case appeared(DiscoveredService)
        /// A known service's host, port, addresses or TXT changed.
        case changed(DiscoveredService)
        /// A service said goodbye or its records expired.
        case disappeared(DiscoveredService)
    }

    /// Events in order; the stream ends when `run()` returns.
    public nonisolated let events: AsyncStream<Event>
    let eventContinuation: AsyncStream<Event>.Continuation
    let stopSignal: AsyncStream<Void>
    let stopContinuation: AsyncStream<Void>.Continuation
    let serviceType: DNSName
    let browseName: DNSName
    let interfaces: DiscoveryInterfaces
    let eventLoopGroup: any EventLoopGroup
    let logger: Logger

    var cache = RecordCache()
    var transport: MDNSTransport?
    var current: [DNSName: DiscoveredService] = [:]
    var nextBrowseQuery: ContinuousClock.Instant?
    var browseInterval = Duration.seconds(1)
    var followUps: [DNSQuestion: (next: ContinuousClock.Instant, interval: Duration)] = [:]
    /// The interfaces each link-local IPv6 address (an AAAA record's data) was heard on: the scope a
    /// client needs to connect to it.
    var linkLocalScopes: [[UInt8]: Set<String>] = [:]
    var started = false
    /// Unicast DNS domains browsed beside the local network (wide-area DNS-SD), if any.
    let wideArea: WideAreaBrowser?
    /// What the last wide-area browse found.
    var wideAreaServices: [DiscoveredService] = []
    /// Why domains could not be browsed the last time, one line each (empty when all went well).
    public internal(set) var wideAreaFailures: [String] = []
    /// How often the wide-area domains are browsed again.
    static let wideAreaInterval = Duration.seconds(10)

    /// The longest interval between browse queries (RFC 6762 section 5.2).
    static let maximumQueryInterval = Duration.seconds(3600)

    /// Creates a browser for a service type, optionally narrowed to one subtype such as `_fourinarow`.
    public init(
        serviceType: String = ServiceConfiguration.partyhostServiceType,
        subtype: String? = nil,
        interfaces: DiscoveryInterfaces = .automaticAndLoopback,
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        logger: Logger = Logger(label: "partyhost.discovery.browser"),
        wideArea: WideAreaBrowser? = nil
    ) throws(DiscoveryError) {
        self.wideArea = wideArea
        let typeName = try ServiceNaming.serviceTypeName(serviceType)
        self.serviceType = typeName
        if let subtype {
            self.browseName = try ServiceNaming.subtypeName(subtype, type: typeName)
        } else {
            self.browseName = typeName
        }
        self.interfaces = interfaces
        self.eventLoopGroup = eventLoopGroup
        self.logger = logger
        (events, eventContinuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(1024))
        (stopSignal, stopContinuation) = AsyncStream.makeStream(of: Void.self)
    }

    /// The services known now, sorted by instance name: those on the local network, then those
    /// found in wide-area domains.
    public var services: [DiscoveredService] {
        current.values.sorted { $0.instanceName < $1.instanceName } + wideAreaServices
    }

    /// Opens the sockets and browses until `stop()` is called or the task is cancelled. Call it once.
    public func run() async throws {
        guard !started else { return }
        started = true
        defer { eventContinuation.finish() }
        try await MDNSTransport.withTransport(interfaces: interfaces, oneShot: true, eventLoopGroup: eventLoopGroup, logger: logger) { transport in
            self.transport = transport
            // A one-shot query first: every responder answers it at once by unicast, also one that
            // multicast its records less than a second ago for another browser (and so would hold
            // back its answer to our first multicast query).
            await transport.sendOneShot(DNSMessage(id: UInt16.random(in: 1...UInt16.max),
                                                   questions: [DNSQuestion(name: browseName, type: .ptr)]))
            self.nextBrowseQuery = .now + .milliseconds(Int.random(in: 20...120))
            await withTaskGroup(of: Void.self) { group in
                group.addTask { for await packet in transport.packets { await self.handle(packet) } }
                group.addTask {
                    while !Task.isCancelled {
                        await self.tick()
                        try? await Task.sleep(for: .milliseconds(50))
                    }
                }
                group.addTask { for await _ in self.stopSignal {} }
                if let wideArea = self.wideArea {
                    group.addTask {
                        while !Task.isCancelled {
                            await self.browseWideArea(wideArea)
                            try? await Task.sleep(for: Self.wideAreaInterval)
                        }
                    }
                }
                _ = await group.next()
                group.cancelAll()
            }
            self.transport = nil
        }
    }

    /// Asks `run()` to return.
    public nonisolated func stop() {
        stopContinuation.finish()
    }

    /// Waits until the instance's SRV and address (A or AAAA) records are known and returns it; asks for them
    /// actively while waiting. Throws `.serviceUnavailable` ("<name> is no longer available") when
    /// the instance does not answer within `timeout` or said goodbye. `run()` must be running.
    public func resolve(_ instanceName: String, timeout: Duration = .seconds(3)) async throws(DiscoveryError) -> DiscoveredService {
        let fullName = try ServiceNaming.instanceName(instanceName, type: serviceType)
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline && !Task.isCancelled {
            if let service = current[fullName], service.isResolved { return service }
            if current[fullName] == nil, let service = wideAreaServices.first(where: { $0.instanceName == instanceName && $0.isResolved }) {
                return service
            }
            let now = ContinuousClock.now
            for type in [DNSRecordType.srv, .txt] {
                let question = DNSQuestion(name: fullName, type: type)
                if cache.records(named: fullName, type: type).isEmpty && followUps[question] == nil {
                    followUps[question] = (now, .seconds(1))
                }
            }
            try? await Task.sleep(for: .milliseconds(50))
        }
        throw .serviceUnavailable(instanceName)
    }

    /// Browses for `duration` and returns what was found (for `partyclient --list`).
    public static func list(
        serviceType: String = ServiceConfiguration.partyhostServiceType,
        subtype: String? = nil,
        interfaces: DiscoveryInterfaces = .automaticAndLoopback,
        duration: Duration = .seconds(2)
    ) async throws -> [DiscoveredService] {
        let browser = try ServiceBrowser(serviceType: serviceType, subtype: subtype, interfaces: interfaces)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await browser.run() }
            group.addTask {
                try await Task.sleep(for: duration)
                browser.stop()
            }
            try await group.waitForAll()
            return await browser.services
        }
    }
}
