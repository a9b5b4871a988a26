import NIOCore
import Synchronization

/// The host's open connections: numbers them, counts them against the host's limit and each
/// address's (idle kept-alive HTTP connections giving way to new ones), limits how fast one address
/// opens them, and lets the host close them all and wait until every one has closed.
final class ConnectionRegistry: Sendable {
    /// What becomes of a newly accepted connection.
    enum Admission: Equatable {
        /// Counted and served.
        case admitted
        /// Over the host's limit or its address's: refused in its own language (a `503`, a
        /// `reject tooManyConnections`) and not counted.
        case overCapacity
        /// Its address opens connections faster than the accept rate: closed at once, unanswered.
        case tooFast
    }

    private struct Entry {
        let channel: any Channel
        var address: String
        /// Counted toward the limits (refused connections are not).
        let counted: Bool
    }

    private struct State {
        var next = 0
        var open: [Int: Entry] = [:]
        /// How many open connections count toward the limits, in all and per address.
        var counted = 0
        var perAddress: [String: Int] = [:]
        /// Open connections that are plain HTTP, kept alive and waiting for their next request.
        var idleHTTP: Set<Int> = []
        var acceptRate: AcceptRate
        var emptied: [CheckedContinuation<Void, Never>] = []

        /// Removes connection `id` from the books; returns its channel if it was open.
        mutating func forget(_ id: Int) -> (any Channel)? {
            idleHTTP.remove(id)
            guard let entry = open.removeValue(forKey: id) else { return nil }
            if entry.counted {
                counted -= 1
                perAddress[entry.address, default: 1] -= 1
                if perAddress[entry.address] == 0 { perAddress[entry.address] = nil }
            }
            return entry.channel
        }
    }

    /// The most connections counted at once.
    let maxConnections: Int
    /// The most connections counted at once from one address.
    let maxPerAddress: Int
    /// Addresses held to neither the per-address limit nor the accept rate (a party server's
    /// trusted proxy, whose connections carry many people's, and loopback, where its own bots run).
    let unlimited: Set<String>
    /// More such addresses, asked each time (a fleet's nodes, which come and go).
    let alsoUnlimited: (@Sendable (String) -> Bool)?
    private let state: Mutex<State>

    /// Whether `address` is held to no per-address limit.
    func isUnlimited(_ address: String) -> Bool {
        unlimited.contains(address) || alsoUnlimited?(address) == true
    }

    /// A registry that counts at most `maxConnections` connections, at most `maxPerAddress` of them
    /// from one address, and lets one address open `acceptsPerSecond` new connections per second on
    /// average (nil: any number) with bursts of `acceptBurst`.
    /// Connections are numbered after `after` (a resumed party's journal already used the numbers
    /// up to it).
    init(maxConnections: Int, maxPerAddress: Int, acceptsPerSecond: Double?, acceptBurst: Double, after: Int = 0,
         unlimited: Set<String> = [], alsoUnlimited: (@Sendable (String) -> Bool)? = nil) {
        self.alsoUnlimited = alsoUnlimited
        self.maxConnections = maxConnections
        self.maxPerAddress = maxPerAddress
        self.unlimited = unlimited
        var initial = State(acceptRate: AcceptRate(perSecond: acceptsPerSecond, burst: acceptBurst))
        initial.next = after
        state = Mutex(initial)
    }

    /// The limits of `options`, numbering connections after `after`.
    convenience init(_ options: HostOptions, after: Int = 0) {
        self.init(maxConnections: options.maxConnections, maxPerAddress: options.maxConnectionsPerAddress,
                  acceptsPerSecond: options.acceptsPerSecond, acceptBurst: options.acceptBurst, after: after)
    }

    /// Registers a connection accepted from `address` at `now`; returns its number (unique within
    /// the process's host) and what becomes of it.
    ///
    /// When the new connection would be over its address's limit, the longest-open idle kept-alive
    /// HTTP connection of that address is closed and forgotten and the new one takes its place;
    /// when it would be over the host's limit, the longest-open idle one of any address (a browser
    /// keeps a few open after loading the page, for 30 s): a phone arriving is worth more than a
    /// connection a page has finished with. A refused connection is not counted, so a flood of them
    /// never keeps anyone else out. A connection refused for its rate is not registered at all.
    func admit(_ channel: any Channel, address: String, now: NIODeadline) -> (id: Int, admission: Admission) {
        let limited = !isUnlimited(address)
        let (id, admission, evicted): (Int, Admission, (any Channel)?) = state.withLock { state in
            state.next += 1
            let id = state.next
            guard !limited || state.acceptRate.admit(address, now: now) else { return (id, .tooFast, nil) }
            var evicted: (any Channel)?
            if limited, state.perAddress[address, default: 0] >= maxPerAddress {
                guard let oldest = state.idleHTTP.filter({ state.open[$0]?.address == address }).min() else {
                    state.open[id] = Entry(channel: channel, address: address, counted: false)
                    return (id, .overCapacity, nil)
                }
                evicted = state.forget(oldest)
            }
            if state.counted >= maxConnections {
                guard let oldest = state.idleHTTP.min() else {
                    state.open[id] = Entry(channel: channel, address: address, counted: false)
                    return (id, .overCapacity, evicted)
                }
                evicted = state.forget(oldest)
            }
            state.open[id] = Entry(channel: channel, address: address, counted: true)
            state.counted += 1
            state.perAddress[address, default: 0] += 1
            return (id, .admitted, evicted)
        }
        evicted?.close(promise: nil)
        return (id, admission)
    }

    /// Connection `id`, accepted from a trusted proxy, carries `address`'s visitor: from now on it
    /// counts toward that address's limit instead. False (and nothing changes) when that address
    /// is at its limit already.
    func reassign(_ id: Int, to address: String) -> Bool {
        guard !isUnlimited(address) else { return true }
        return state.withLock { state in
            guard let entry = state.open[id], entry.counted else { return true }
            guard state.perAddress[address, default: 0] < maxPerAddress else { return false }
            state.perAddress[entry.address, default: 1] -= 1
            if state.perAddress[entry.address] == 0 { state.perAddress[entry.address] = nil }
            state.perAddress[address, default: 0] += 1
            state.open[id]?.address = address
            return true
        }
    }

    /// How many connections are open now.
    var openCount: Int { state.withLock { $0.open.count } }

    /// Marks connection `id` as plain HTTP waiting for its next request (`idle`), or reading or
    /// answering one (`!idle`, also once it turned into a WebSocket).
    func setIdleHTTP(_ id: Int, _ idle: Bool) {
        state.withLock { state in
            guard state.open[id]?.counted == true else { return }
            if idle { state.idleHTTP.insert(id) } else { state.idleHTTP.remove(id) }
        }
    }

    /// Forgets connection `id`, which has closed.
    func closed(_ id: Int) {
        let waiters: [CheckedContinuation<Void, Never>] = state.withLock { state in
            _ = state.forget(id)
            guard state.open.isEmpty else { return [] }
            defer { state.emptied.removeAll() }
            return state.emptied
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Closes every connection and returns once all have closed. Those in `told` (the session's
    /// clients, just sent their last messages) close themselves once those are written and are
    /// closed after `grace` if they have not; every other one (HTTP, a connection still in its
    /// handshake) at once.
    func closeAll(except told: Set<Int>, after grace: TimeAmount) async {
        let (now, later) = state.withLock { state in
            (state.open.filter { !told.contains($0.key) }.map(\.value.channel),
             state.open.filter { told.contains($0.key) }.map(\.value.channel))
        }
        for channel in now { channel.close(promise: nil) }
        for channel in later {
            channel.eventLoop.scheduleTask(in: grace) { channel.close(promise: nil) }
        }
        await withCheckedContinuation { continuation in
            let done = state.withLock { state in
                if state.open.isEmpty { return true }
                state.emptied.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }
}
