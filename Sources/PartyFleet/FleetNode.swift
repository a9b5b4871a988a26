import CoreMetrics
import Foundation
import Logging
import NIOCore
import NIOPosix
import PartyServe
import PartyServer
import PartyWire
import PostgresNIO
import Synchronization

/// One node of a fleet of `partyhost serve` servers sharing a PostgreSQL database: it registers
/// with a lease, renews it, claims the rooms of nodes whose lease ran out (resuming each from its
/// journal), hands over the rooms another node claimed, keeps a directory of which node serves
/// which code, and stops serving everything before its own lease can run out unrenewed.
///
/// A room is held by one incarnation of one node in one epoch (`rooms`); journal writes are
/// fenced by that epoch (`PostgresJournalStore.fencedAppend`), so two nodes never write one room.
public final class FleetNode: Sendable {
    /// How a node joins its fleet.
    public struct Options: Sendable {
        /// The node's name (`--node-name`), unique in the fleet.
        public var name: String
        /// Where people reach this node (`--public-url`).
        public var publicURL: String
        /// Where the other nodes carry guests to this node (`host:port`).
        public var address: String
        /// How long a lease lasts unrenewed (`--lease-seconds`); renewed every third of it.
        public var leaseMilliseconds: Int64 = 10_000
        /// How often the node looks for rooms to claim and refreshes its directory.
        public var sweepMilliseconds: Int64 = 1_000
        /// The most rooms claimed in one sweep.
        public var claimBatch = 200

        /// A node named `name`, reached at `publicURL` by people and at `address` by other nodes.
        public init(name: String, publicURL: String, address: String) {
            self.name = name
            self.publicURL = publicURL
            self.address = address
        }
    }

    /// How the node joined.
    public let options: Options
    /// What the node holds, for the journal's fencing.
    public let membership: FleetMembership
    let store: PostgresJournalStore
    let host: ServeHost
    let logger: Logger
    private let configuration: PostgresConnection.Configuration
    private let group = MultiThreadedEventLoopGroup.singleton
    let state = Mutex(State())

    /// What the node knows of its lease and of the fleet.
    struct State {
        /// Until when this node may serve its rooms (its lease, less a margin), by its own clock.
        var validUntil: ContinuousClock.Instant?
        /// When the lease was last renewed (nil: not yet, or lost).
        var renewedAt: ContinuousClock.Instant?
        /// The incarnation the database has for this node (nil: not registered).
        var registered: String?
        /// Which node serves each code held elsewhere.
        var places: [String: RoomPlace] = [:]
        /// Codes of live rooms whose node's lease ran out, not claimed yet: on their way to another node.
        var moving: Set<String> = []
        /// Codes the database was asked about since the last sweep and did not have (a code
        /// guessed again is not asked again before the next sweep).
        var asked: Set<String> = []
        /// The last round trip to the database, in seconds.
        var roundTrip = 0.0
        /// Nodes with a current lease.
        var nodesAlive = 0
        /// The public origins of the other nodes with a current lease, in the order of their names.
        var peers: [String] = []
        /// The public origins of every node alive within `admittedFor` (dead ones too: their pages
        /// carry on through this node).
        var admitted: Set<String> = []
        /// Rooms claimed from other nodes, and handed over to them, since the start.
        var claims = 0, handovers = 0
        /// The addresses the fleet's other nodes connect from (their guests' addresses are believed).
        var peerHosts: Set<String> = []
        /// Why the last try to reach the database failed (nil while it works).
        var problem: String?
        /// Inputs rooms accepted that their journal could not write before this node handed them
        /// over (its lease ran out with the database unreachable): written under the epoch they
        /// were accepted in as soon as the database answers, unless another node claimed the room.
        var unwritten: [Unwritten] = []
    }

    /// A room's inputs not yet written, with the incarnation and epoch that accepted them.
    struct Unwritten {
        var batch: JournalBatch
        var incarnation: String
        var epoch: Int64
    }

    /// A node of the fleet in `store`'s database (which `store.membership` must be `membership`),
    /// serving rooms through `host`.
    public init(options: Options, store: PostgresJournalStore, configuration: PostgresConnection.Configuration, host: ServeHost,
                logger: Logger) {
        precondition(store.membership != nil, "a fleet node's store writes for a membership")
        self.options = options
        self.store = store
        membership = store.membership!
        self.configuration = configuration
        self.host = host
        self.logger = logger
    }

    /// Runs the node's lease loop until the task is cancelled: each sweep checks the local lease,
    /// then (with a time limit) registers or renews, claims what has no live holder, and refreshes
    /// the directory. The database's failures are logged once and tried again at the next sweep.
    public func run() async {
        await withTaskExecutorPreference(LeaseExecutor(label: "partyhost.fleet.\(options.name)")) {
            await runLoops()
        }
    }

    /// The watchdog and the sweeps, until the task is cancelled.
    private func runLoops() async {
        await withTaskGroup(of: Void.self) { group in
            // The lease is watched on its own, so that a database call that hangs cannot keep
            // this node serving past it.
            group.addTask {
                while !Task.isCancelled {
                    await self.checkLocalLease()
                    try? await Task.sleep(for: .milliseconds(100))
                }
            }
            group.addTask { await self.sweep() }
            await group.next()
            group.cancelAll()
        }
    }

    /// The sweeps, until the task is cancelled.
    private func sweep() async {
        await withTaskGroup(of: Void.self) { group in
            // The lease is renewed on a connection and a loop of its own, so that claiming and
            // resuming many rooms (after another node died) never delays it.
            group.addTask {
                await self.repeatedly(every: self.options.leaseMilliseconds / 3, id: 2,
                                      timeout: Double(self.options.leaseMilliseconds) / 3_000) { try await self.renew($0) }
            }
            group.addTask {
                await self.repeatedly(every: self.options.sweepMilliseconds, id: 3, timeout: Double(self.options.leaseMilliseconds) / 1_000) {
                    try await self.writeUnwritten()
                    try await self.claim($0)
                    try await self.refreshDirectory($0)
                }
            }
            await group.waitForAll()
        }
    }

    /// Runs `work` every `milliseconds` on a connection of its own (opened again after a failure),
    /// each run closed off after `timeout` seconds, until the task is cancelled.
    private func repeatedly(every milliseconds: Int64, id: Int, timeout: Double,
                            _ work: (PostgresConnection) async throws -> Void) async {
        var connection: PostgresConnection?
        defer { if let connection { Self.close(connection) } }
        while !Task.isCancelled {
            do {
                let open: PostgresConnection
                if let connection, !connection.isClosed {
                    open = connection
                } else {
                    open = try await PostgresConnection.connect(on: group.next(), configuration: configuration, id: id, logger: quietLogger)
                        .value(within: .milliseconds(Int64(timeout * 1_000)), what: "connect") { Self.close($0) }
                    connection = open
                }
                try await withTimeout(seconds: timeout, closing: open) { try await work(open) }
                noteWorking()
            } catch is CancellationError {
                break
            } catch {
                if let connection { Self.close(connection) }
                connection = nil
                noteProblem(PostgresFailure(error).detail)
            }
            try? await Task.sleep(for: .milliseconds(milliseconds))
        }
    }

    /// How long the renewal waits for one statement's answer at most: its connection is closed
    /// after a third of the lease, which ends the statement, unless that is lost too (see `NoAnswer`).
    private var renewLimit: TimeAmount { .milliseconds(options.leaseMilliseconds / 3 + 1_000) }
    /// How long a sweep waits for one statement's answer at most.
    private var sweepLimit: TimeAmount { .milliseconds(options.leaseMilliseconds + 2_000) }

    /// Sends `query` on `connection` and waits for its rows, at most `limit`.
    private func ask(_ connection: PostgresConnection, _ query: PostgresQuery, within limit: TimeAmount) async throws -> PostgresQueryResult {
        let answer: EventLoopFuture<PostgresQueryResult> = connection.query(query, logger: quietLogger)
        return try await answer.value(within: limit, what: "a statement")
    }

    private var quietLogger: Logger {
        var quiet = logger
        quiet.logLevel = .critical
        return quiet
    }

    private static func close(_ connection: PostgresConnection) {
        let closing: EventLoopFuture<Void> = connection.close()
        closing.whenComplete { _ in withExtendedLifetime(connection) {} }
    }

    /// Runs `body`, closing `connection` when it takes longer than `seconds` (which fails its
    /// query; each statement's wait is bounded too, by `ask`).
    private func withTimeout(seconds: Double, closing connection: PostgresConnection,
                             _ body: () async throws -> Void) async throws {
        let watchdog = connection.eventLoop.scheduleTask(in: .milliseconds(Int64(seconds * 1_000))) { Self.close(connection) }
        defer { watchdog.cancel() }
        try await body()
    }

    // MARK: The lease

    /// Registers this incarnation (a new lease), or renews its lease; hands over the rooms that
    /// another node claimed meanwhile.
    private func renew(_ connection: PostgresConnection) async throws {
        let incarnation = membership.incarnation
        let sent = ContinuousClock.now
        let lease = Double(options.leaseMilliseconds) / 1_000
        let registered = state.withLock { $0.registered } == incarnation
        if registered {
            let rows = try await ask(connection, """
                UPDATE nodes SET lease_until = now() + make_interval(secs => \(lease)) WHERE incarnation = \(incarnation) RETURNING 1
                """, within: renewLimit)
            guard !rows.isEmpty else {
                // Another process took this node's name: it holds the rooms now.
                logger.warning("another process registered as node \(options.name); this one serves nothing until it registers again")
                await cutOff()
                return
            }
        } else {
            _ = try await ask(connection, """
                INSERT INTO nodes(name, incarnation, public_url, address, version, alive_since, lease_until)
                VALUES (\(options.name), \(incarnation), \(options.publicURL), \(options.address), \(WireProtocol.softwareVersion),
                        now(), now() + make_interval(secs => \(lease)))
                ON CONFLICT (name) DO UPDATE SET incarnation = EXCLUDED.incarnation, public_url = EXCLUDED.public_url,
                    address = EXCLUDED.address, version = EXCLUDED.version, alive_since = now(), lease_until = EXCLUDED.lease_until
                """, within: renewLimit)
            logger.info("joined the fleet", metadata: ["node": "\(options.name)", "incarnation": "\(incarnation)"])
        }
        let margin = max(options.leaseMilliseconds / 5, 500)
        // The lease was lost while this renewal was on its way: the next sweep registers anew.
        guard membership.incarnation == incarnation else { return }
        state.withLock {
            $0.registered = incarnation
            $0.renewedAt = sent
            $0.validUntil = sent + .milliseconds(options.leaseMilliseconds - margin)
            $0.roundTrip = (ContinuousClock.now - sent).seconds
        }
        // Rooms this node holds that the database gives to another node now (it claimed them
        // while this node could not renew): handed over at once.
        // What this node held before asking: a room begun while the query runs is not in its answer
        // and must not be taken for one another node claimed.
        let (_, held) = membership.snapshot
        let rows = try await ask(connection, "SELECT party, epoch, code FROM rooms WHERE incarnation = \(incarnation)", within: renewLimit)
        var current: [Int64: (epoch: Int64, code: String)] = [:]
        for row in rows {
            let (party, epoch, code) = try row.decode((Int64, Int64, String).self)
            current[party] = (epoch, code)
        }
        for (party, epoch) in held where current[party]?.epoch != epoch {
            if let code = membership.release(party) { await handOver(code) }
        }
        // Rooms the database gives this incarnation that it does not serve: a claim whose answer
        // was lost (the connection closed after the commit). Resumed now.
        let holding = membership.snapshot.held
        let unserved = current.filter { holding[$0.key] == nil && host.server.room($0.value.code) == nil }
        guard !unserved.isEmpty else { return }
        for (party, room) in unserved { membership.hold(party, code: room.code, epoch: room.epoch, incarnation: incarnation) }
        try await resume(parties: Array(unserved.keys), codes: unserved.mapValues(\.code))
    }

    /// The node's lease ran out by its own clock before it could renew: it serves nothing more
    /// (another node may claim its rooms from the database's lease) and registers anew later.
    private func checkLocalLease() async {
        let expired = state.withLock { state in state.validUntil.map { ContinuousClock.now >= $0 } ?? false }
        guard expired else { return }
        logger.warning("the fleet's lease ran out before it could be renewed; this node hands over its rooms")
        await cutOff()
    }

    /// Serves nothing: every room is handed over (what its journal had not written is kept to be
    /// written when the database answers), and the next sweep registers a new incarnation.
    private func cutOff() async {
        let (incarnation, held) = membership.snapshot
        let codes = membership.codes
        _ = membership.reincarnate()
        state.withLock {
            $0.validUntil = nil
            $0.renewedAt = nil
            $0.registered = nil
        }
        for (party, code) in codes {
            if let batch = await handOver(code), let epoch = held[party] {
                state.withLock { $0.unwritten.append(Unwritten(batch: batch, incarnation: incarnation, epoch: epoch)) }
            }
        }
    }

    /// Writes the inputs kept at a cut-off, each under the epoch that accepted it; a room another
    /// node claimed meanwhile refuses them (they are lost, and said so).
    private func writeUnwritten() async throws {
        let waiting = state.withLock { $0.unwritten }
        for item in waiting {
            do {
                let store = self.store
                try await Blocking.run {
                    try store.fencedAppend(batches: [item.batch], count: item.batch.entries.count, incarnation: item.incarnation,
                                           held: [item.batch.party: item.epoch])
                }
                logger.notice("wrote \(item.batch.entries.count) inputs that waited for the database", metadata: ["party": "\(item.batch.party)"])
            } catch JournalError.fenced {
                logger.error("\(item.batch.entries.count) inputs that waited for the database are lost: another node claimed their room first",
                             metadata: ["party": "\(item.batch.party)"])
            }
            state.withLock { state in state.unwritten.removeAll { $0.batch.party == item.batch.party && $0.epoch == item.epoch } }
        }
    }

    @discardableResult
    private func handOver(_ code: String) async -> JournalBatch? {
        let unwritten = await host.handOver(code: code)
        state.withLock { $0.handovers += 1 }
        Self.handovers.increment()
        logger.info("room handed over to the fleet", metadata: ["room": "\(code)"])
        return unwritten
    }

    // MARK: Claiming

    /// Claims rooms whose holder's lease ran out (or whose holder's incarnation is gone), in one
    /// statement, and resumes each from its journal. A holder whose lease ran out while the
    /// database was unreachable for everyone gets one lease of this node's life to come back first.
    private func claim(_ connection: PostgresConnection) async throws {
        let (incarnation, held) = membership.snapshot
        guard state.withLock({ $0.registered == incarnation && $0.validUntil != nil }) else { return }
        let room = host.server.options.maxRooms - held.count
        guard room > 0 else { return }
        let lease = Double(options.leaseMilliseconds) / 1_000
        let rows = try await ask(connection, """
            WITH me AS (SELECT alive_since FROM nodes WHERE incarnation = \(incarnation) AND lease_until > now()),
            orphans AS (
                SELECT r.code FROM rooms r LEFT JOIN nodes n ON n.incarnation = r.incarnation CROSS JOIN me
                WHERE r.incarnation <> \(incarnation)
                  AND (n.incarnation IS NULL OR (n.lease_until < now()
                       AND (n.lease_until > me.alive_since OR now() > me.alive_since + make_interval(secs => \(lease)))))
                ORDER BY r.claimed LIMIT \(Int64(min(room, options.claimBatch))) FOR UPDATE OF r SKIP LOCKED),
            claimed AS (
                UPDATE rooms r SET incarnation = \(incarnation), epoch = r.epoch + 1, claimed = now()
                FROM orphans WHERE r.code = orphans.code
                RETURNING r.code, r.party, r.epoch),
            logged AS (
                INSERT INTO claims(party, epoch, node, incarnation, at)
                SELECT party, epoch, \(options.name), \(incarnation), now() FROM claimed)
            SELECT code, party, epoch FROM claimed
            """, within: sweepLimit)
        guard !rows.isEmpty else { return }
        var claimed: [(code: String, party: Int64)] = []
        for row in rows {
            let (code, party, epoch) = try row.decode((String, Int64, Int64).self)
            if membership.hold(party, code: code, epoch: epoch, incarnation: incarnation) { claimed.append((code, party)) }
        }
        try await resume(parties: claimed.map(\.party), codes: Dictionary(claimed.map { ($0.party, $0.code) }, uniquingKeysWith: { a, _ in a }))
    }

    /// Opens the rooms of `parties` (held now) from their journals, off the concurrency pool.
    private func resume(parties ids: [Int64], codes: [Int64: String]) async throws {
        let store = self.store, host = self.host
        let list = ids.map(String.init).joined(separator: ",")
        let parties = try await Blocking.run { try store.readParties("WHERE id IN (\(list))") }
        for party in parties {
            let code = codes[party.id] ?? "?"
            // Resuming reads the room's journal: off the concurrency pool.
            if try await Blocking.run({ host.resume(party) }) {
                state.withLock { $0.claims += 1 }
                Self.claims.increment()
                logger.info("room claimed from the fleet", metadata: ["room": "\(code)"])
            }
        }
    }

    // MARK: The directory

    /// Reads which live node serves each room held elsewhere, and which nodes are alive (their public origins).
    private func refreshDirectory(_ connection: PostgresConnection) async throws {
        let incarnation = membership.incarnation
        let rows = try await ask(connection, """
            SELECT r.code, n.name, n.address, coalesce(n.lease_until > now(), false)
            FROM rooms r LEFT JOIN nodes n ON n.incarnation = r.incarnation
            WHERE r.incarnation <> \(incarnation)
            """, within: sweepLimit)
        var places: [String: RoomPlace] = [:], moving: Set<String> = []
        for row in rows {
            let (code, node, address, live) = try row.decode((String, String?, String?, Bool).self)
            if live, let node, let address, let place = RoomPlace(node: node, address: address) {
                places[code] = place
            } else {
                moving.insert(code)
            }
        }
        let nodes = try await ask(connection, """
            SELECT name, public_url, lease_until > now(), address FROM nodes
            WHERE lease_until > now() - make_interval(secs => \(Self.admittedFor)) ORDER BY name
            """, within: sweepLimit)
        var peers: [String] = [], admitted: Set<String> = [], alive = 0, hosts: Set<String> = []
        for row in nodes {
            let (node, url, live, address) = try row.decode((String, String, Bool, String).self)
            if live { alive += 1 }
            if node != options.name, let place = RoomPlace(node: node, address: address) { hosts.insert(place.host) }
            guard let origin = PublicOrigin.of(url) else { continue }
            admitted.insert(origin)
            if live, node != options.name { peers.append(origin) }
        }
        state.withLock {
            $0.places = places
            $0.moving = moving
            $0.asked = []
            $0.nodesAlive = alive
            $0.peers = peers
            $0.admitted = admitted
            $0.peerHosts = hosts
        }
    }

    private func noteWorking() {
        let (was, snapshot) = state.withLock { state -> (String?, State) in
            defer { state.problem = nil }
            return (state.problem, state)
        }
        if was != nil { logger.notice("the fleet's database answers again") }
        Self.publish(snapshot, held: membership.snapshot.held.count)
    }

    private func noteProblem(_ detail: String) {
        let first = state.withLock { state -> Bool in
            defer { state.problem = detail }
            return state.problem == nil
        }
        if first { logger.error("the fleet's database cannot be reached: \(detail); rooms go on from memory until the lease runs out") }
    }

    // MARK: Metrics

    static let claims = Counter(label: "partyhost_fleet_claims_total")
    static let handovers = Counter(label: "partyhost_fleet_handovers_total")
    static let roomsHeld = Gauge(label: "partyhost_fleet_rooms_held")
    static let nodesAlive = Gauge(label: "partyhost_fleet_nodes_alive")
    static let leaseRemaining = Gauge(label: "partyhost_fleet_lease_remaining_seconds")
    static let databaseRoundTrip = Gauge(label: "partyhost_fleet_database_round_trip_seconds")

    private static func publish(_ state: State, held: Int) {
        roomsHeld.record(held)
        nodesAlive.record(state.nodesAlive)
        leaseRemaining.record(max(0, state.validUntil.map { ($0 - ContinuousClock.now).seconds } ?? 0))
        databaseRoundTrip.record(state.roundTrip)
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
