import PartyServe
import PartyServer

extension FleetNode: RoomDirectory, NodeHealth {
    /// The live node serving `code`'s room, from the directory the last sweep read (nil when no
    /// other node has it: a room started elsewhere less than a sweep ago is found at the next).
    public func locate(code: String) -> RoomPlace? {
        guard let code = RoomCode.normalized(code) else { return nil }
        let (known, ask) = state.withLock { state -> (RoomPlace?, Bool) in
            if let place = state.places[code] { return (place, false) }
            // A room started on another node since the last sweep: asked for once (a few
            // hundred microseconds on the database), and at most 200 codes a sweep.
            guard !state.asked.contains(code), state.asked.count < 200 else { return (nil, false) }
            state.asked.insert(code)
            return (nil, true)
        }
        if let known { return known }
        guard ask, let place = try? lookUp(code: code) else { return nil }
        state.withLock { $0.places[code] = place }
        return place
    }

    /// Whether `code` names a live room whose node's lease ran out and that no node has claimed
    /// yet, as the last sweep read it.
    public func isMoving(code: String) -> Bool {
        guard let code = RoomCode.normalized(code) else { return false }
        return state.withLock { $0.moving.contains(code) }
    }

    /// The live node holding `code`'s room, as the database says now (nil: none, or this node).
    private func lookUp(code: String) throws -> RoomPlace? {
        let incarnation = membership.incarnation
        let rows = try store.query("""
            SELECT n.name, n.address FROM rooms r JOIN nodes n ON n.incarnation = r.incarnation
            WHERE r.code = \(code) AND n.lease_until > now() AND r.incarnation <> \(incarnation)
            """)
        guard let row = rows.first else { return nil }
        let (node, address) = try row.decode((String, String).self)
        return RoomPlace(node: node, address: address)
    }

    /// This node's public origin, then the other live nodes' (as the last sweep read them), each once.
    public func fleetOrigins() -> [String] {
        let origins = [PublicOrigin.of(options.publicURL)].compactMap { $0 } + state.withLock { $0.peers }
        var seen = Set<String>()
        return origins.filter { seen.insert($0).inserted }
    }

    /// How long after a node's lease ended pages from its origin may still open this node's
    /// WebSockets, in seconds (a day: pages keep a seat for 12 hours).
    static let admittedFor = 86_400.0

    /// Whether a page from `origin` may open this node's WebSockets: a node of the fleet alive
    /// within the last day (a page whose node died carries on here).
    public func fleetAdmits(origin: String) -> Bool {
        PublicOrigin.of(options.publicURL) == origin || state.withLock { $0.admitted.contains(origin) }
    }

    /// Whether `address` is one of the fleet's other nodes (known within the last day).
    public func isFleetNode(address: String) -> Bool {
        state.withLock { $0.peerHosts.contains(address) }
    }

    /// Whether this node holds a current lease.
    public var serving: Bool {
        state.withLock { state in state.validUntil.map { ContinuousClock.now < $0 } ?? false }
    }

    /// The node's name, lease, rooms held, nodes alive and database round trip.
    public func healthMembers() -> String {
        let snapshot = state.withLock { $0 }
        let held = membership.snapshot.held.count
        let lease = max(0, snapshot.validUntil.map { ($0 - ContinuousClock.now).seconds } ?? 0)
        let name = options.name.unicodeScalars.filter { $0.isASCII && $0 != "\"" && $0 != "\\" && $0.value >= 32 }
        return "\"node\":\"\(String(String.UnicodeScalarView(name)))\",\"leaseSeconds\":\((lease * 10).rounded() / 10),"
            + "\"roomsHeld\":\(held),\"nodesAlive\":\(snapshot.nodesAlive),"
            + "\"databaseMilliseconds\":\((snapshot.roundTrip * 10_000).rounded() / 10),\"claims\":\(snapshot.claims),"
            + "\"handovers\":\(snapshot.handovers),\"database\":\"\(snapshot.problem == nil ? "ok" : "unreachable")\""
    }
}

extension RoomPlace {
    /// The place of `node` at `address` (`host:port`, an IPv6 host in brackets); nil when it is not one.
    init?(node: String, address: String) {
        guard let colon = address.lastIndex(of: ":"), let port = Int(address[address.index(after: colon)...]),
              (1...65535).contains(port) else { return nil }
        var host = String(address[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { return nil }
        self.init(node: node, host: host, port: port)
    }
}
