/// Where a client of a server's room connects when the server is a fleet (docs/PROTOCOL.md
/// section 19, "Failover"): the address it was given, and, after `failsBeforeNext` attempts in a
/// row that failed there (that could not connect, or found no such room), the next node of the
/// fleet, in turn; it keeps the node that lets it in.
struct FleetRoute: Sendable {
    /// Failed attempts in a row at one node before the next is tried.
    static let failsBeforeNext = 2

    /// The nodes: the address given first, then the others the fleet listed.
    private(set) var targets: [WebSocketTarget]
    /// The node tried now.
    private(set) var index = 0
    private var fails = 0

    /// A route that starts at `first`.
    init(_ first: WebSocketTarget) {
        targets = [first]
    }

    /// The room's WebSocket at the node tried now.
    var current: WebSocketTarget { targets[index] }

    /// Whether there are other nodes to try.
    var hasOthers: Bool { targets.count > 1 }

    /// The fleet listed `nodes`: the address given stays first, the node in use stays in.
    mutating func learned(_ nodes: [WebSocketTarget]) {
        let current = current
        var seen: Set<String> = [targets[0].description]
        targets = [targets[0]] + (nodes + [current]).filter { seen.insert($0.description).inserted }
        index = targets.firstIndex { $0.description == current.description } ?? 0
    }

    /// The node tried now let the client in.
    mutating func succeeded() {
        fails = 0
    }

    /// An attempt failed: after `failsBeforeNext` in a row, the next node.
    mutating func failed() {
        fails += 1
        guard fails >= Self.failsBeforeNext, hasOthers else { return }
        fails = 0
        index = (index + 1) % targets.count
    }
}
