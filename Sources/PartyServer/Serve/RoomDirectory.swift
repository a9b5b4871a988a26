/// Where the rooms this node does not hold are served (a fleet's directory).
public protocol RoomDirectory: Sendable {
    /// The node serving `code`'s room now, or nil when no node has it. Called on the server's
    /// event loop; must answer quickly (a cache).
    func locate(code: String) -> RoomPlace?
    /// Whether `address` is another node of the fleet: what it forwards (`X-Forwarded-For`) is
    /// believed, it is held to no per-address limit, and what it carries here is never carried on.
    func isFleetNode(address: String) -> Bool
    /// Whether `code` names a live room on its way to another node (its node died and no node has
    /// claimed it yet): a guest who names it has the right code, and it is not counted as a guess.
    func isMoving(code: String) -> Bool
}

extension RoomDirectory {
    /// No address is a fleet node (the fleet's nodes are given by `--fleet-peer` only).
    public func isFleetNode(address: String) -> Bool { false }

    /// No room is ever on its way (a fixed directory).
    public func isMoving(code: String) -> Bool { false }
}

/// A node of the fleet that serves a room, as other nodes reach it.
public struct RoomPlace: Sendable, Hashable {
    /// The node's name in the fleet.
    public var node: String
    /// The host name or address other nodes connect to.
    public var host: String
    /// The port other nodes connect to (the node's `partyhost serve` port).
    public var port: Int

    /// A place.
    public init(node: String, host: String, port: Int) {
        self.node = node
        self.host = host
        self.port = port
    }
}
