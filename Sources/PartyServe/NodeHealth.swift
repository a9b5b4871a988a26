/// What a node of a fleet adds to `/healthz`: whether it may serve its rooms now (it holds a
/// current lease), and its figures as the members of a JSON object.
public protocol NodeHealth: Sendable {
    /// Whether the node holds a current lease (a load balancer sends nobody to a node that does not).
    var serving: Bool { get }
    /// The node's figures: `"node":"a","leaseSeconds":7.2,…` (members of a JSON object, no braces).
    func healthMembers() -> String
    /// The public origins (`https://a.example.org`, lower case) of the fleet's live nodes, this
    /// node's first: what `/api/fleet` lists, and the pages that may open this node's WebSockets.
    func fleetOrigins() -> [String]
    /// Whether a page from `origin` (lower case) may open this node's WebSockets: the origin of a
    /// node of the fleet, alive now or lately (the pages of a node that died carry on here).
    func fleetAdmits(origin: String) -> Bool
}

extension NodeHealth {
    /// No fleet known: `/api/fleet` lists the server's own origin only.
    public func fleetOrigins() -> [String] { [] }

    /// No other origins.
    public func fleetAdmits(origin: String) -> Bool { false }
}
